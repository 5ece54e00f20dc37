import { useQueryClient } from '@tanstack/react-query';
import { Form } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTabTitle } from '../../../../components';
import { confirmAction } from '../../../../components/confirm';
import { addBusinessDays, businessNowText } from '../../../../lib/business-time';
import { feedback } from '../../../../lib/feedback';
import { usePermission } from '../../../../lib/permission';
import { isApiError } from '../../../../lib/request';
import { canDo } from '../../shared/order-actions';
import {
  addOrder,
  deleteCargoLine,
  editOrder,
  fetchMarkAddress,
  fetchNewNo,
  inwareKeys,
  type TAddress,
  type TCreditWarning,
  useInit,
  useOrder,
} from '../api';
import {
  DEFAULT_TRANSIT_DAYS,
  PRICE_KEYS,
  type TCargoLine,
  type TOrderFormValues,
  toBody,
  toForm,
} from './form-values';

/**
 * The order form's state and business actions (screens bus-container.md §3): the opening values (defaults, a
 * copied order, the edited order), a new transport number, the mark picked (consignee, sub-mark, credit
 * warning), save as staged / confirmed with continuous entry, save an edit (asking to fetch the price again when
 * a pricing key changed), the order actions of the footer and removing a saved cargo line.
 */
export function useOrderForm(mode: 'add' | 'edit') {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const id = mode === 'edit' ? search.get('id') : search.get('copy');
  const init = useInit();
  const source = useOrder(id);
  const order = mode === 'edit' ? source.data : undefined;
  const [form] = Form.useForm<TOrderFormValues>();
  const [addresses, setAddresses] = useState<TAddress[]>([]);
  const [subMarkOf, setSubMarkOf] = useState<string | null>(null);
  const [warning, setWarning] = useState<TCreditWarning | undefined>();
  const [saving, setSaving] = useState(false);
  const [lastSaved, setLastSaved] = useState<{ id: number; transportId: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const loaded = useRef(false);
  useTabTitle(order?.transportId);

  const values = Form.useWatch([], form) as TOrderFormValues | undefined;
  const lines = Form.useWatch('cargoLines', form) as TCargoLine[] | undefined;
  const locked = Boolean(order && !canDo(order, 'edit'));
  const audited = order?.auditStatus === 2;

  // ---- defaults, number, loaded order
  /** Expected arrival: order time plus the transit days of the mode (business wall clock). */
  const arrivalOf = useCallback(
    (orderTime: string | null | undefined, busType: string | null | undefined) =>
      addBusinessDays(orderTime, (busType && init.data?.transitDays[busType]) || DEFAULT_TRANSIT_DAYS),
    [init.data],
  );
  const newNumber = useCallback(async () => {
    const destAddrId = form.getFieldValue('destAddrId');
    const { transportId } = await fetchNewNo({ destAddrId });
    form.setFieldValue('transportId', transportId);
  }, [form]);

  useEffect(() => {
    if (loaded.current || !init.data) return;
    if (id && !source.data) return;
    loaded.current = true;
    const d = init.data.defaults;
    if (source.data) {
      const v = toForm(source.data);
      if (mode === 'add') {
        // copy: the order without its numbers and figures
        for (const k of ['transportId', 'expressNo', 'businessNo', 'clientNo'] as const) v[k] = '';
        v.orderTime = businessNowText();
        v.preArriveTime = arrivalOf(v.orderTime, v.busType);
        v.cargoLines = (v.cargoLines ?? []).map(({ id: _id, receivingNo: _r, ...l }) => l);
      }
      form.setFieldsValue(v);
      if (source.data.topMark) setSubMarkOf(source.data.topMark);
    } else {
      form.setFieldsValue({
        busType: d.busType,
        cargoType: d.cargoType,
        currency: d.currency,
        leftAddrId: d.leftAddrId,
        destAddrId: d.destAddrId,
        arrivedHouseId: d.arrivedHouseId,
        orderTime: businessNowText(),
        preArriveTime: arrivalOf(businessNowText(), d.busType),
        cargoLines: [],
      });
    }
    if (mode === 'add') void newNumber();
  }, [init.data, source.data, id, mode, form, newNumber, arrivalOf]);

  // ---- mark picked: consignee block from the default address, sub-mark tag, credit warning
  const onMarkPicked = async (markId: number | undefined) => {
    setWarning(undefined);
    setSubMarkOf(null);
    setAddresses([]);
    if (!markId) return;
    const info = await fetchMarkAddress(markId);
    setAddresses(info.addresses);
    setSubMarkOf(info.mark.topMark ?? null);
    setWarning(info.warning);
    const a = info.defaultAddress;
    if (a && !form.getFieldValue('consignee'))
      form.setFieldsValue({ consignee: a.contact, consigneeTel: a.tel, consigneeAddr: a.addr });
    const channel = info.mark.shippingChannels?.[0];
    if (channel && mode === 'add' && !form.isFieldTouched('busType')) form.setFieldValue('busType', channel);
  };

  // ---- save
  const afterSave = async () => {
    await queryClient.invalidateQueries({ queryKey: inwareKeys.all });
  };

  const validated = async () => {
    try {
      return await form.validateFields();
    } catch (error) {
      const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
      if (first) form.scrollToField(first.name, { block: 'center' });
      return null;
    }
  };

  const markServerError = (error: unknown) => {
    if (isApiError(error) && error.field) {
      const name = error.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
      form.setFields([{ name: name as never, errors: [error.message] }]);
      form.scrollToField(name as never, { block: 'center' });
    }
  };

  const saveNew = async (status: 0 | 1) => {
    const v = await validated();
    if (!v) return;
    setSaving(true);
    try {
      const answer = await addOrder({
        ...toBody(v, isFeeRole),
        status,
        transportId: form.getFieldValue('transportId') || undefined,
      });
      const saved = answer.data!;
      feedback.message.success(t('bus_msg_saved_no', { no: saved.transportId }));
      if (saved.warning) feedback.message.warning(saved.warning.message);
      setLastSaved({ id: saved.id, transportId: saved.transportId });
      await afterSave();
      // continuous entry: keep mark, route and consignee; clear cargo and numbers; the times start again from now
      const orderTime = businessNowText();
      form.setFieldsValue({
        expressNo: '',
        businessNo: '',
        clientNo: '',
        cargoName: '',
        cargoPiece: 0,
        cargoWeight: null,
        cargoVolume: null,
        declaredValue: null,
        cargoRemark: '',
        cargoLines: [],
        orderTime,
        preArriveTime: arrivalOf(orderTime, form.getFieldValue('busType')),
      });
      await newNumber();
    } catch (error) {
      markServerError(error);
    } finally {
      setSaving(false);
    }
  };

  const saveEdit = async () => {
    if (!order) return;
    const v = await validated();
    if (!v) return;
    const keysChanged = PRICE_KEYS.some(
      (k) => (v[k] ?? null) !== ((order as unknown as Record<string, unknown>)[k] ?? null),
    );
    let fetchPrice = '0';
    if (keysChanged && isFeeRole && !audited && (await confirmAction({ content: t('confirm_fetch_price') })))
      fetchPrice = '1';
    setSaving(true);
    try {
      await editOrder({ ...toBody(v, isFeeRole), id: order.id, version: order.version, fetchPrice });
      feedback.message.success(t('operation_success'));
      await afterSave();
      await source.refetch();
      loaded.current = false;
    } catch (error) {
      markServerError(error);
      if (isApiError(error) && error.status === 409) await source.refetch();
    } finally {
      setSaving(false);
    }
  };

  /** A footer action on the edited order (confirm, fetch price, recalculate) after the user confirms it. */
  const orderAction = async (run: () => Promise<unknown>, confirmKey: string) => {
    if (!(await confirmAction({ content: t(confirmKey, { n: 1, count: 1 }) }))) return;
    try {
      await run();
      feedback.message.success(t('operation_success'));
      await afterSave();
      loaded.current = false;
      await source.refetch();
    } catch {
      /* the request client showed the server's message */
    }
  };

  /** Remove a cargo line; a saved one is deleted on the server first (after a confirmation). */
  const removeLine = async (index: number, remove: (i: number) => void) => {
    const line = form.getFieldValue(['cargoLines', index]) as TCargoLine | undefined;
    if (line?.id && order) {
      if (!(await confirmAction({ content: t('confirm_delete'), danger: true }))) return;
      try {
        await deleteCargoLine(line.id);
        await source.refetch();
      } catch {
        return;
      }
    }
    remove(index);
  };

  /** 'Reset / new': the form starts again from the defaults. */
  const resetNew = async () => {
    form.resetFields();
    loaded.current = false;
    await queryClient.invalidateQueries({ queryKey: inwareKeys.custom('init') });
    await init.refetch();
  };

  return {
    form,
    init,
    source,
    order,
    values,
    lines,
    loaded,
    locked,
    audited,
    addresses,
    subMarkOf,
    warning,
    saving,
    lastSaved,
    importOpen,
    setImportOpen,
    arrivalOf,
    newNumber,
    onMarkPicked,
    afterSave,
    saveNew,
    saveEdit,
    orderAction,
    removeLine,
    resetNew,
  };
}

export type TOrderForm = ReturnType<typeof useOrderForm>;
