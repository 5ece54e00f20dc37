import { DeleteOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { zDimension, zPieces } from '@theone/contracts/bus/inware.schemas';
import { lineSize, lineVolume, orderCargoTotals } from '@theone/contracts/bus/order-cargo';
import { checkExpressNos } from '@theone/contracts/bus/order-numbers';
import { ORDER_FEE_INPUT_FIELDS, priceOrderFees, type TOrderPricing } from '@theone/contracts/bus/order-pricing';
import { tryMoney, zMoney, zVolume, zWeight } from '@theone/contracts/common/money';
import { isPhone } from '@theone/contracts/common/validators';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useTabTitle } from '../../../components';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { confirmAction } from '../../../components/confirm';
import { DictSelect } from '../../../components/DictSelect';
import { FormFooter } from '../../../components/FormFooter';
import { zodRule } from '../../../components/form-rules';
import { MoneyCell } from '../../../components/MoneyCell';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import { addBusinessDays, businessNowText, businessText } from '../../../lib/business-time';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { isApiError } from '../../../lib/request';
import { GeogSelect } from '../../bas/common/selects';
import { PrintButtons } from '../print';
import { MarkInOrderSelect } from '../shared/MarkInOrderSelect';
import { canDo } from '../shared/order-actions';
import '../shared/bus.css';
import {
  addOrder,
  deleteCargoLine,
  editOrder,
  fetchMarkAddress,
  fetchNewNo,
  inwareKeys,
  ORDER_INFO_PATH,
  previewPrice,
  recalculate,
  refetchPrices,
  setStatus,
  type TAddress,
  type TCreditWarning,
  type TOrder,
  type TPricePreview,
  useInit,
  useOrder,
} from './api';
import { OrderImportDialog } from './OrderImportDialog';

/**
 * orderAdd and orderEdit (screens bus-container.md §3): one form. Cargo lines recompute the totals as you type
 * (contracts' lineVolume / orderCargoTotals), the price row comes from 'fetch price' (server preview, refreshed
 * when mark, route or cargo type change) and the fee role sees the freight and every fee computed live with the
 * same pricing function the server runs on save (`priceOrderFees`); the server's figures win.
 *
 * `printActions` is the print engineer's slot: the label buttons after a save (bus/print PrintButtons).
 */
type Line = {
  id?: number | null;
  receivingNo?: string;
  totalCount?: number | null;
  piece?: number | null;
  cargoLength?: string | null;
  cargoWidth?: string | null;
  cargoHight?: string | null;
  weight?: string | null;
  volume?: string | null;
};

interface OrderFormValues {
  transportId?: string;
  markId?: number | null;
  businessNo?: string;
  clientNo?: string;
  busType?: string | null;
  leftAddrId?: number | null;
  destAddrId?: number | null;
  arrivedHouseId?: number | null;
  /** The server's value while untouched (saved back as it came), business text once edited (lib/business-time). */
  orderTime?: string | null;
  preArriveTime?: string | null;
  consignee?: string;
  consigneeTel?: string;
  consigneeAddr?: string;
  shipper?: string;
  shipperTel?: string;
  expressCorp?: string;
  expressNo?: string;
  cargoName?: string;
  cargoType?: string;
  cargoPiece?: number | null;
  cargoWeight?: string | null;
  cargoVolume?: string | null;
  volumeManual?: boolean;
  declaredValue?: string | null;
  insuranceId?: number | null;
  woodenFrame?: boolean;
  cargoRemark?: string;
  remark?: string;
  cargoLines?: Line[];
  freightManual?: boolean;
  feeFreightAr?: string | null;
  currency?: string | null;
  [fee: string]: unknown;
}

const FEE_LABEL: Record<string, string> = {
  feePickAr: 'field_fee_pick_ar',
  feeSendAr: 'field_fee_send_ar',
  feePackAr: 'field_fee_pack_ar',
  feeUnloadAr: 'field_fee_unload_ar',
  feeWoodenAr: 'field_fee_wooden_ar',
  feeChacheAr: 'field_fee_chache_ar',
  deliveryAr: 'field_delivery_ar',
  feeReplaceAr: 'field_fee_replace_ar',
  feeOtherAr: 'field_fee_other_ar',
  chinaFeeAr: 'field_china_fee_ar',
  thFeeAr: 'field_th_fee_ar',
};

const PRICE_KEYS = ['markId', 'busType', 'leftAddrId', 'destAddrId', 'cargoType'] as const;
/** Transit days when the route's mode has none (bus/inware/init transitDays). */
const DEFAULT_TRANSIT_DAYS = 7;
const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** A line weight that counts (a decimal other than zero; text still being typed does not). */
const weighs = (v: unknown) => {
  const d = given(v) ? tryMoney(String(v)) : null;
  return d !== null && !d.isZero();
};
/** Line pieces: at least one. */
const zLinePieces = zPieces.refine((n) => n >= 1, 'err_piece');

function Section({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <div className="bus-section-title">
        <span>{title}</span>
        {extra}
      </div>
      {children}
    </div>
  );
}

function toForm(o: TOrder): OrderFormValues {
  const values: OrderFormValues = {
    ...o,
    orderTime: o.orderTime ?? null,
    preArriveTime: o.preArriveTime ?? null,
    volumeManual: o.volumeManual === '1',
    woodenFrame: o.woodenFrame === '1',
    freightManual: o.freightManual === '1',
    cargoWeight: o.cargoWeight,
    cargoVolume: o.cargoVolume,
    cargoLines: (o.cargoLines ?? []).filter((l) => !l.receivingNo),
  };
  return values;
}

/** The body the server takes (strict: only its fields). */
function toBody(v: OrderFormValues, feeRole: boolean) {
  const lines = (v.cargoLines ?? [])
    .filter((l) => l.piece)
    .map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      piece: l.piece,
      totalCount: l.totalCount ?? null,
      cargoLength: str(l.cargoLength),
      cargoWidth: str(l.cargoWidth),
      cargoHight: str(l.cargoHight),
      weight: str(l.weight),
      volume: given(l.cargoLength) && given(l.cargoWidth) && given(l.cargoHight) ? null : str(l.volume),
    }));
  const body: Record<string, unknown> = {
    markId: v.markId ?? null,
    busType: v.busType ?? null,
    leftAddrId: v.leftAddrId ?? null,
    destAddrId: v.destAddrId ?? null,
    arrivedHouseId: v.arrivedHouseId ?? null,
    orderTime: v.orderTime || null,
    preArriveTime: v.preArriveTime || null,
    consignee: v.consignee ?? '',
    consigneeTel: v.consigneeTel ?? '',
    consigneeAddr: v.consigneeAddr ?? '',
    shipper: v.shipper ?? '',
    shipperTel: v.shipperTel ?? '',
    businessNo: v.businessNo ?? '',
    clientNo: v.clientNo ?? '',
    expressCorp: v.expressCorp ?? '',
    expressNo: v.expressNo ?? '',
    cargoName: v.cargoName ?? '',
    cargoType: v.cargoType ?? '1',
    cargoPiece: v.cargoPiece ?? 0,
    cargoWeight: str(v.cargoWeight),
    cargoVolume: str(v.cargoVolume),
    volumeManual: v.volumeManual ? '1' : '0',
    declaredValue: str(v.declaredValue),
    insuranceId: v.insuranceId ?? null,
    woodenFrame: v.woodenFrame ? '1' : '0',
    cargoRemark: v.cargoRemark ?? '',
    remark: v.remark ?? '',
    cargoLines: lines,
  };
  if (feeRole) {
    body.freightManual = v.freightManual ? '1' : '0';
    body.feeFreightAr = v.freightManual ? str(v.feeFreightAr) : null;
    for (const f of ORDER_FEE_INPUT_FIELDS) body[f] = str(v[f]);
    body.currency = v.currency ?? null;
  }
  return body;
}

export function OrderFormPage({
  mode,
  printActions,
}: {
  mode: 'add' | 'edit';
  printActions?: (order: { id: number; transportId: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { hasPermi, isFeeRole } = usePermission();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const id = mode === 'edit' ? search.get('id') : search.get('copy');
  const init = useInit();
  const source = useOrder(id);
  const order = mode === 'edit' ? source.data : undefined;
  const [form] = Form.useForm<OrderFormValues>();
  const [price, setPrice] = useState<TPricePreview | null>(null);
  const [addresses, setAddresses] = useState<TAddress[]>([]);
  const [subMarkOf, setSubMarkOf] = useState<string | null>(null);
  const [warning, setWarning] = useState<TCreditWarning | undefined>();
  const [saving, setSaving] = useState(false);
  const [lastSaved, setLastSaved] = useState<{ id: number; transportId: string } | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const loaded = useRef(false);
  useTabTitle(order?.transportId);

  const values = Form.useWatch([], form) as OrderFormValues | undefined;
  const lines = Form.useWatch('cargoLines', form) as Line[] | undefined;
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

  // ---- price preview (server), refreshed when the pricing keys change
  const priceKey = values ? PRICE_KEYS.map((k) => values[k] ?? '').join('|') : '';
  const loadPrice = useCallback(async () => {
    const v = form.getFieldsValue(true) as OrderFormValues;
    if (!v.markId || !v.busType || !v.leftAddrId || !v.destAddrId) {
      setPrice(null);
      return;
    }
    try {
      setPrice(
        await previewPrice(
          {
            markId: v.markId,
            busType: v.busType,
            leftAddrId: v.leftAddrId,
            destAddrId: v.destAddrId,
            cargoType: v.cargoType ?? '1',
            orderTime: businessText(v.orderTime) ?? undefined,
            status: order?.status ?? 0,
          },
          { silent: true },
        ),
      );
    } catch {
      setPrice(null);
    }
  }, [form, order?.status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-price when the pricing keys change
  useEffect(() => {
    if (!loaded.current) return;
    const timer = setTimeout(() => void loadPrice(), 250);
    return () => clearTimeout(timer);
  }, [priceKey]);

  // ---- live totals and fees (contracts)
  const lineRows = lines ?? [];
  const totals = useMemo(() => {
    try {
      return orderCargoTotals({
        lines: lineRows.filter((l) => l?.piece).map((l) => ({ ...l, piece: l.piece ?? 0 })),
        cargoPiece: values?.cargoPiece ?? 0,
        cargoWeight: str(values?.cargoWeight),
        cargoVolume: str(values?.cargoVolume),
        volumeManual: values?.volumeManual,
      });
    } catch {
      return null;
    }
  }, [lineRows, values?.cargoPiece, values?.cargoWeight, values?.cargoVolume, values?.volumeManual]);
  const hasLines = lineRows.some((l) => l?.piece);
  useEffect(() => {
    if (!totals || !hasLines) return;
    const current = form.getFieldsValue(['cargoPiece', 'cargoWeight', 'cargoVolume']);
    const next: Partial<OrderFormValues> = {};
    if (current.cargoPiece !== totals.cargoPiece) next.cargoPiece = totals.cargoPiece;
    if (lineRows.some((l) => weighs(l?.weight)) && current.cargoWeight !== totals.cargoWeight)
      next.cargoWeight = totals.cargoWeight;
    if (!values?.volumeManual && current.cargoVolume !== totals.cargoVolume) next.cargoVolume = totals.cargoVolume;
    if (Object.keys(next).length) form.setFieldsValue(next);
  }, [totals, hasLines, lineRows, values?.volumeManual, form]);

  const fees: TOrderPricing | { error: string } | null = useMemo(() => {
    if (!isFeeRole || !values) return null;
    const p = price?.found ? (price.price ?? null) : null;
    const measured = order && order.status >= 2 && order.arrivedWeight !== null;
    try {
      return priceOrderFees({
        calPriceType: price?.calPriceType ?? null,
        minAmount: p?.minAmount ?? null,
        isSubMark: price?.isSubMark === '1',
        price: p,
        weight: (measured ? order.arrivedWeight : str(values.cargoWeight)) ?? '0',
        volume: (measured ? order.arrivedVolume : str(values.cargoVolume)) ?? '0',
        freightManual: Boolean(values.freightManual),
        feeFreightAr: str(values.feeFreightAr),
        fees: Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, str(values[f])])),
        declaredValue: str(values.declaredValue),
        insurance: (() => {
          const ins = init.data?.insurances.find((i) => i.id === values.insuranceId);
          return ins?.insuranceRate ? { insuranceRate: ins.insuranceRate, minPremium: ins.minPremium } : null;
        })(),
        currency: (p?.currency ?? values.currency ?? 'RMB') as string,
        currencyRate: price?.currencyRate ?? null,
      });
    } catch (error) {
      return { error: (error as { code?: string }).code ?? 'err_invalid_value' };
    }
  }, [isFeeRole, values, price, order, init.data]);
  const priced = fees && !('error' in fees) ? fees : null;

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

  const removeLine = async (index: number, remove: (i: number) => void) => {
    const line = form.getFieldValue(['cargoLines', index]) as Line | undefined;
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

  if (mode === 'edit' && (source.isLoading || !init.data)) return <Skeleton active />;
  if (mode === 'edit' && !order) return <Alert type="error" title={t('err_not_found')} />;

  const disabled = locked;
  const feeLocked = disabled || audited;
  const phoneRule = {
    validator: (_: unknown, v: string) =>
      !v || isPhone(v) ? Promise.resolve() : Promise.reject(new Error(t('err_phone'))),
  };
  const expressRule = {
    validator: (_: unknown, v: string) => {
      const check = checkExpressNos(v);
      return check.error ? Promise.reject(new Error(t(check.error))) : Promise.resolve();
    },
  };
  const required = (label: string) => ({ required: true, message: t('err_required', { field: t(label) }) });
  /** The contracts' rule of a number field: its error under the box, the typed text never changed. */
  const numberRule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, t, { optional: true });
  const moneyRules = [numberRule(zMoney)];

  const footer = (
    <FormFooter data-testid="order-form-footer">
      {mode === 'add' ? (
        <>
          {hasPermi('bus:orderAdd:add') ? (
            <Button icon={<SaveOutlined />} loading={saving} onClick={() => void saveNew(0)} data-testid="order-save">
              {t('bus_btn_save_staged')}
            </Button>
          ) : null}
          {hasPermi('bus:orderAdd:sure') ? (
            <Button type="primary" loading={saving} onClick={() => void saveNew(1)} data-testid="order-save-confirm">
              {t('bus_btn_save_confirm')}
            </Button>
          ) : null}
          {hasPermi(['bus:orderAdd:import', 'bus:unOrder:import']) ? (
            <Button onClick={() => setImportOpen(true)}>{t('import')}</Button>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            onClick={async () => {
              form.resetFields();
              loaded.current = false;
              setPrice(null);
              await queryClient.invalidateQueries({ queryKey: inwareKeys.custom('init') });
              await init.refetch();
            }}
          >
            {t('bus_btn_reset_new')}
          </Button>
          {lastSaved ? (
            <Space>
              <Typography.Text type="success" data-testid="order-last-saved">
                {t('bus_msg_saved_no', { no: lastSaved.transportId })}
              </Typography.Text>
              <Link to={`${ORDER_INFO_PATH}?id=${lastSaved.id}`}>{t('details')}</Link>
              {printActions ? (
                printActions(lastSaved)
              ) : (
                <PrintButtons
                  ids={[lastSaved.id]}
                  kinds={['label']}
                  perms={{ label: 'bus:orderAdd:print' }}
                  size="small"
                />
              )}
            </Space>
          ) : null}
        </>
      ) : order ? (
        <>
          {!disabled &&
          hasPermi(['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit', 'bus:arrivedAddOrder:edit']) ? (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              onClick={() => void saveEdit()}
              data-testid="order-save"
            >
              {t('save')}
            </Button>
          ) : null}
          {canDo(order, 'confirm') && hasPermi(['bus:unOrder:sure', 'bus:orderAdd:sure']) ? (
            <Button
              onClick={() =>
                void orderAction(
                  () => setStatus([order.id], { status: 1, versions: [order.version] }),
                  'bus_confirm_orders',
                )
              }
            >
              {t('bus_btn_confirm')}
            </Button>
          ) : null}
          {isFeeRole && !audited && hasPermi(['bus:unOrder:price', 'bus:order:price', 'bus:orderAdd:price']) ? (
            <>
              <Button onClick={() => void orderAction(() => refetchPrices([order.id]), 'confirm_fetch_price')}>
                {t('btn_fetch_price')}
              </Button>
              <Button onClick={() => void orderAction(() => recalculate([order.id]), 'confirm_recalculate')}>
                {t('btn_recalculate')}
              </Button>
            </>
          ) : null}
          {printActions ? (
            printActions(order)
          ) : (
            <PrintButtons ids={[order.id]} kinds={['label']} printTimes={order.printTimes} size="middle" />
          )}
        </>
      ) : null}
    </FormFooter>
  );

  return (
    <Card
      className="bus-page"
      title={mode === 'add' ? t('menu_order_add') : `${t('menu_order_edit')} ${order?.transportId ?? ''}`}
      data-testid={mode === 'add' ? 'order-add-page' : 'order-edit-page'}
    >
      {locked ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              {t('bus_msg_use_modification')} <Link to="/bus/orderListEdit">{t('menu_order_list_edit')}</Link>
            </span>
          }
        />
      ) : null}
      {warning ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={warning.message}
          data-testid="credit-warning"
        />
      ) : null}
      <Form<OrderFormValues> form={form} layout="vertical" disabled={disabled} size="middle" scrollToFirstError>
        <Section title={t('bus_section_customer')}>
          <div className="bus-form-grid">
            <Form.Item name="markId" label={t('field_mark')} rules={[required('field_mark')]}>
              <MarkInOrderSelect
                data-testid="order-mark"
                known={order?.markId ? { id: order.markId, mark: order.mark, nameZh: order.markName } : null}
                onChange={(v) => void onMarkPicked(v as number | undefined)}
              />
            </Form.Item>
            <Form.Item name="transportId" label={t('field_transport_id')}>
              <Input
                readOnly
                data-testid="order-transport-id"
                addonAfter={
                  mode === 'add' ? (
                    <Typography.Link onClick={() => void newNumber()}>{t('bus_new_number')}</Typography.Link>
                  ) : undefined
                }
              />
            </Form.Item>
            <Form.Item name="businessNo" label={t('field_business_no')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="clientNo" label={t('field_client_no')}>
              <Input maxLength={100} />
            </Form.Item>
          </div>
          {subMarkOf ? (
            <Tag color="orange" style={{ marginBottom: 12 }} data-testid="sub-mark-tag">
              {t('bus_billed_to_agent', { mark: subMarkOf })}
            </Tag>
          ) : null}
        </Section>

        <Section title={t('bus_section_route')}>
          <div className="bus-form-grid">
            <Form.Item name="busType" label={t('field_bus_type')} rules={[required('field_bus_type')]}>
              <DictSelect
                type="bus_type"
                data-testid="order-bus-type"
                onChange={(v) => {
                  const ot = form.getFieldValue('orderTime') as string | null;
                  if (ot) form.setFieldValue('preArriveTime', arrivalOf(ot, v ? String(v) : null));
                }}
              />
            </Form.Item>
            <Form.Item name="leftAddrId" label={t('field_left_addr_id')} rules={[required('field_left_addr_id')]}>
              <GeogSelect orgId={1} data-testid="order-left" />
            </Form.Item>
            <Form.Item name="destAddrId" label={t('field_dest_addr_id')} rules={[required('field_dest_addr_id')]}>
              <GeogSelect orgId={2} data-testid="order-dest" />
            </Form.Item>
            <Form.Item name="arrivedHouseId" label={t('field_arrived_house_id')}>
              <Select
                allowClear
                placeholder={t('please_select')}
                options={(init.data?.warehouses ?? [])
                  .filter((w) => w.whType === '1')
                  .map((w) => ({ value: w.id, label: w.name }))}
              />
            </Form.Item>
            <Form.Item name="orderTime" label={t('field_order_time')} rules={[required('field_order_time')]}>
              <BusinessDatePicker
                showTime
                data-testid="order-time"
                onChange={(v) => {
                  if (v) form.setFieldValue('preArriveTime', arrivalOf(v, form.getFieldValue('busType')));
                }}
              />
            </Form.Item>
            <Form.Item name="preArriveTime" label={t('field_pre_arrive_time')}>
              <BusinessDatePicker showTime data-testid="order-pre-arrive-time" />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_consignee')}>
          <div className="bus-form-grid">
            <Form.Item name="consignee" label={t('field_consignee')}>
              <Input maxLength={100} data-testid="order-consignee" />
            </Form.Item>
            <Form.Item name="consigneeTel" label={t('field_consignee_tel')} rules={[phoneRule]}>
              <Input maxLength={30} data-testid="order-consignee-tel" />
            </Form.Item>
            <Form.Item name="consigneeAddr" label={t('field_consignee_addr')} className="bus-span-2">
              <Select
                showSearch
                allowClear
                mode={undefined}
                placeholder={t('bus_pick_or_type_address')}
                data-testid="order-consignee-addr"
                options={addresses.map((a) => ({ value: a.addr, label: `${a.contact} ${a.tel} · ${a.addr}` }))}
                onSearch={(text) => text && form.setFieldValue('consigneeAddr', text)}
                onSelect={(v) => {
                  const a = addresses.find((x) => x.addr === v);
                  if (a) form.setFieldsValue({ consignee: a.contact, consigneeTel: a.tel });
                }}
                filterOption={(input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase())
                }
              />
            </Form.Item>
            <Form.Item name="shipper" label={t('field_shipper')}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="shipperTel" label={t('field_shipper_tel')} rules={[phoneRule]}>
              <Input maxLength={30} />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_inbound')}>
          <div className="bus-form-grid">
            <Form.Item name="expressCorp" label={t('field_express_corp')}>
              <DictSelect type="express_corp" />
            </Form.Item>
            <Form.Item name="expressNo" label={t('field_express_no')} rules={[expressRule]} className="bus-span-2">
              <Input.TextArea
                autoSize={{ minRows: 1, maxRows: 4 }}
                placeholder={t('msg_comma_separated')}
                data-testid="order-express"
                onChange={(e) => {
                  const text = e.target.value.replace(/\r?\n/g, ',');
                  if (text !== e.target.value) form.setFieldValue('expressNo', text);
                }}
              />
            </Form.Item>
          </div>
        </Section>

        <Section title={t('bus_section_cargo')}>
          <div className="bus-form-grid">
            <Form.Item name="cargoName" label={t('field_cargo_name')}>
              <Input maxLength={200} data-testid="order-cargo-name" />
            </Form.Item>
            <Form.Item name="cargoType" label={t('field_cargo_type')}>
              <DictSelect type="cargo_type" allowClear={false} />
            </Form.Item>
            <Form.Item name="cargoPiece" label={t('field_cargo_piece')} rules={[numberRule(zPieces)]}>
              <IntegerInput disabled={hasLines || disabled} data-testid="order-piece" />
            </Form.Item>
            <Form.Item name="cargoWeight" label={t('field_cargo_weight')} rules={[numberRule(zWeight)]}>
              <DecimalInput
                suffix="kg"
                disabled={disabled || lineRows.some((l) => weighs(l?.weight))}
                data-testid="order-weight"
              />
            </Form.Item>
            <Form.Item
              name="cargoVolume"
              rules={[numberRule(zVolume)]}
              label={
                <Space size={6}>
                  {t('field_cargo_volume')}
                  {hasLines ? (
                    <Form.Item name="volumeManual" valuePropName="checked" noStyle>
                      <Switch
                        size="small"
                        checkedChildren={t('field_volume_manual')}
                        unCheckedChildren={t('field_volume_manual')}
                      />
                    </Form.Item>
                  ) : null}
                </Space>
              }
            >
              <DecimalInput
                suffix="m³"
                disabled={disabled || (hasLines && !values?.volumeManual)}
                data-testid="order-volume"
              />
            </Form.Item>
            <Form.Item name="declaredValue" label={t('field_declared_value')} rules={moneyRules}>
              <DecimalInput data-testid="order-declared-value" />
            </Form.Item>
            <Form.Item name="insuranceId" label={t('field_insurance_id')}>
              <Select
                allowClear
                placeholder={t('please_select')}
                options={(init.data?.insurances ?? []).map((i) => ({ value: i.id, label: i.insuranceName }))}
              />
            </Form.Item>
            <Form.Item name="woodenFrame" label={t('field_wooden_frame')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="cargoRemark" label={t('field_cargo_remark')} className="bus-span-2">
              <Input maxLength={500} />
            </Form.Item>
          </div>
          {values?.cargoType === '4' ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('bus_msg_danger_cargo')} />
          ) : null}

          <Form.List name="cargoLines">
            {(fields, { add, remove }) => (
              <div className="bus-cargo-table" data-testid="cargo-lines">
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  locale={{ emptyText: t('bus_no_cargo_lines') }}
                  columns={[
                    { title: '#', width: 40, render: (_v, _f, i) => i + 1 },
                    {
                      title: t('field_piece'),
                      width: 90,
                      render: (_v, f) => (
                        <Form.Item
                          name={[f.name, 'piece']}
                          style={{ marginBottom: 0 }}
                          rules={[{ required: true, message: t('err_piece') }, numberRule(zLinePieces)]}
                        >
                          <IntegerInput data-testid={`line-${f.name}-piece`} />
                        </Form.Item>
                      ),
                    },
                    ...(['cargoLength', 'cargoWidth', 'cargoHight'] as const).map((k) => ({
                      title: t(
                        `field_${k === 'cargoLength' ? 'cargo_length' : k === 'cargoWidth' ? 'cargo_width' : 'cargo_hight'}`,
                      ),
                      width: 100,
                      render: (_v: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, k]} style={{ marginBottom: 0 }} rules={[numberRule(zDimension)]}>
                          <DecimalInput data-testid={`line-${f.name}-${k}`} />
                        </Form.Item>
                      ),
                    })),
                    {
                      title: t('field_weight'),
                      width: 110,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'weight']} style={{ marginBottom: 0 }} rules={[numberRule(zWeight)]}>
                          <DecimalInput data-testid={`line-${f.name}-weight`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('field_volume'),
                      width: 110,
                      render: (_v, f) => {
                        const l = lineRows[f.name];
                        const dims = l && given(l.cargoLength) && given(l.cargoWidth) && given(l.cargoHight);
                        if (dims) {
                          let v = '';
                          try {
                            v = lineVolume({ ...l, piece: l.piece ?? 0 });
                          } catch {
                            v = '';
                          }
                          return <span data-testid={`line-${f.name}-volume`}>{v}</span>;
                        }
                        return (
                          <Form.Item
                            name={[f.name, 'volume']}
                            style={{ marginBottom: 0 }}
                            rules={[numberRule(zVolume)]}
                          >
                            <DecimalInput data-testid={`line-${f.name}-volume-input`} />
                          </Form.Item>
                        );
                      },
                    },
                    {
                      title: t('field_size'),
                      width: 110,
                      render: (_v, f) => {
                        const l = lineRows[f.name];
                        try {
                          return l ? lineSize({ ...l, piece: l.piece ?? 0 }) : '';
                        } catch {
                          return '';
                        }
                      },
                    },
                    {
                      title: t('field_total_count'),
                      width: 90,
                      render: (_v, f) => (
                        <Form.Item
                          name={[f.name, 'totalCount']}
                          style={{ marginBottom: 0 }}
                          rules={[numberRule(zPieces)]}
                        >
                          <IntegerInput data-testid={`line-${f.name}-totalCount`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: '',
                      width: 80,
                      render: (_v, f) => (
                        <Space size={0}>
                          <Tooltip title={t('bus_copy_line')}>
                            <Button
                              type="text"
                              size="small"
                              icon={<PlusOutlined />}
                              onClick={() => {
                                const { id: _id, ...copy } = (form.getFieldValue(['cargoLines', f.name]) ?? {}) as Line;
                                add(copy, f.name + 1);
                              }}
                            />
                          </Tooltip>
                          <Tooltip title={t('delete')}>
                            <Button
                              type="text"
                              size="small"
                              danger
                              icon={<DeleteOutlined />}
                              onClick={() => void removeLine(f.name, remove)}
                              data-testid={`line-${f.name}-remove`}
                            />
                          </Tooltip>
                        </Space>
                      ),
                    },
                  ]}
                />
                <Space style={{ marginTop: 8 }}>
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ piece: 1 })}
                    disabled={disabled}
                    data-testid="cargo-add-line"
                  >
                    {t('bus_add_line')}
                  </Button>
                </Space>
              </div>
            )}
          </Form.List>
          <div className="bus-totals" style={{ marginTop: 8 }} data-testid="cargo-totals">
            <span>
              {t('field_cargo_piece')}: <b data-testid="total-piece">{totals?.cargoPiece ?? 0}</b>
            </span>
            <span>
              {t('field_cargo_weight')}: <b data-testid="total-weight">{totals?.cargoWeight ?? '0.00'}</b>
            </span>
            <span>
              {t('field_cargo_volume')}: <b data-testid="total-volume">{totals?.cargoVolume ?? '0.000'}</b>
            </span>
            {order && order.status >= 2 ? (
              <span>
                {t('field_arrived_weight')} / {t('field_arrived_volume')}:{' '}
                <b>
                  {order.arrivedWeight} / {order.arrivedVolume}
                </b>
              </span>
            ) : null}
          </div>
        </Section>

        {isFeeRole ? (
          <Section
            title={t('bus_section_fees')}
            extra={
              hasPermi(['bus:orderAdd:price', 'bus:unOrder:price', 'bus:order:price']) && !feeLocked ? (
                <Button
                  size="small"
                  onClick={async () => {
                    if (await confirmAction({ content: t('confirm_fetch_price') })) await loadPrice();
                  }}
                  data-testid="order-fetch-price"
                >
                  {t('btn_fetch_price')}
                </Button>
              ) : undefined
            }
          >
            <div className="bus-price-box" data-testid="price-box">
              {price?.price ? (
                <Space wrap size={[12, 4]}>
                  <Tag color={price.scope === 'mark' ? 'green' : price.scope === 'agent' ? 'orange' : 'blue'}>
                    {t(`bus_price_scope_${price.scope}`)}
                  </Tag>
                  {price.isOverdue ? <Tag color="orange">{t('bus_price_expired')}</Tag> : null}
                  <span>
                    {price.price.leftAddrName} → {price.price.destAddrName}
                  </span>
                  <span>
                    {t('field_volume_price')}:{' '}
                    <MoneyCell value={price.price.volumePrice} currency={price.price.currency} />
                  </span>
                  <span>
                    {t('field_weight_price')}:{' '}
                    <MoneyCell value={price.price.weightPrice} currency={price.price.currency} />
                  </span>
                  {price.isSubMark === '1' ? (
                    <span>
                      {t('bus_agent_price')}: {price.price.volumePriceAgent ?? '-'} /{' '}
                      {price.price.weightPriceAgent ?? '-'}
                    </span>
                  ) : null}
                  <Typography.Text type="secondary">
                    {price.price.validFromDate} ~ {price.price.validToDate ?? ''}
                  </Typography.Text>
                </Space>
              ) : (
                <Typography.Text type="warning" data-testid="no-price">
                  {t('bus_msg_no_valid_price')}
                </Typography.Text>
              )}
              {priced?.freight ? (
                <div className="bus-basis" data-testid="freight-basis">
                  {t(priced.freight.basis === 'volume' ? 'bus_basis_volume' : 'bus_basis_weight', {
                    q: priced.freight.quantity,
                    p: priced.freight.unitPrice,
                    a: priced.freight.amount,
                  })}
                  {priced.freight.minAmount
                    ? ` · ${t(priced.freight.minimumApplied ? 'bus_min_applied' : 'bus_min_not_applied', { m: priced.freight.minAmount })}`
                    : ''}
                </div>
              ) : null}
              {fees && 'error' in fees ? <Typography.Text type="danger">{t(fees.error)}</Typography.Text> : null}
            </div>
            <div className="bus-form-grid">
              <Form.Item
                label={
                  <Space size={6}>
                    {t('field_fee_freight_ar')}
                    <Form.Item name="freightManual" valuePropName="checked" noStyle>
                      <Switch
                        size="small"
                        disabled={feeLocked}
                        checkedChildren={t('bus_manual')}
                        unCheckedChildren={t('bus_manual')}
                      />
                    </Form.Item>
                  </Space>
                }
              >
                {values?.freightManual ? (
                  <Form.Item name="feeFreightAr" noStyle rules={moneyRules}>
                    <DecimalInput disabled={feeLocked} data-testid="order-freight-input" />
                  </Form.Item>
                ) : (
                  <div className="bus-totals" data-testid="order-freight">
                    <MoneyCell value={priced?.feeFreightAr ?? null} currency={priced?.currency} />
                  </div>
                )}
              </Form.Item>
              {priced?.feeAgentAp ? (
                <Form.Item label={t('field_fee_agent_ap')}>
                  <div className="bus-totals">
                    <MoneyCell value={priced.feeAgentAp} currency={priced.currency} />
                  </div>
                </Form.Item>
              ) : null}
              {ORDER_FEE_INPUT_FIELDS.map((f) => (
                <Form.Item key={f} name={f} label={t(FEE_LABEL[f] ?? f)} rules={moneyRules}>
                  <DecimalInput disabled={feeLocked} data-testid={`order-${f}`} />
                </Form.Item>
              ))}
              <Form.Item label={t('field_fee_insurance_ar')}>
                <div className="bus-totals">
                  <MoneyCell value={priced?.feeInsuranceAr ?? null} currency={priced?.currency} />
                </div>
              </Form.Item>
              <Form.Item name="currency" label={t('field_currency')}>
                <DictSelect type="currency" allowClear={false} disabled={feeLocked || Boolean(price?.found)} />
              </Form.Item>
            </div>
            <div className="bus-totals" data-testid="fee-totals">
              <span>
                {t('field_fee_ar_amount')}:{' '}
                <b data-testid="order-fee-total">
                  <MoneyCell value={priced?.feeArAmount ?? null} currency={priced?.currency} />
                </b>
              </span>
              {priced && priced.currency !== 'RMB' ? (
                <span>
                  {t('field_rmb_amount')}: <MoneyCell value={priced.rmbAmount} currency="RMB" /> (
                  {t('field_currency_rate')} {priced.currencyRate})
                </span>
              ) : null}
              {priced?.agentArAmount ? (
                <span>
                  {t('field_agent_ar_amount')}: <MoneyCell value={priced.agentArAmount} currency={priced.currency} />
                </span>
              ) : null}
              {audited ? <Tag color="purple">{t('bus_fees_frozen')}</Tag> : null}
            </div>
          </Section>
        ) : null}

        <Section title={t('field_remark')}>
          <Form.Item name="remark">
            <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
        </Section>
      </Form>
      {footer}
      <OrderImportDialog open={importOpen} onClose={() => setImportOpen(false)} onImported={() => void afterSave()} />
    </Card>
  );
}
