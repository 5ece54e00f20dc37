import { CONTAINER_CAPACITY } from '@theone/contracts/bus/load';
import { zLoadContainerNo, zTruckNo } from '@theone/contracts/bus/load.schemas';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { zodRule } from '../../../components/form-rules';
import { businessNowText } from '../../../lib/business-time';
import { authStore } from '../../../lib/session';
import { RequiredTextItem, RequiredTimeItem } from '../shared/form-items';
import { useKeyboardForm } from '../shared/keyboard-form';
import type { LoadWire, TContainerFields } from './api';

/**
 * The Load dialog (screens loadplanDetails 'Load', A12; reused by loadDetails): the container data written on every
 * order it loads. A container type asks for the container number (ISO 6346: four letters, seven digits, the last
 * the check digit; spaces and lower case are accepted and normalised as the server does) and, for land transport,
 * the truck's plate; a truck type asks for its plate (a Chinese or a Thai one) instead. Seal number, loading time
 * (now) and the person loading (me) are required.
 *
 * `mode` 'load' confirms 'Load N orders into {containerNo}?' (P-load) before `onSubmit`; 'scan' starts the loading
 * scan mode with the same fields (no prompt: each scan is its own action). Keyboard only: the first empty field has
 * the focus, Enter in a text field submits, Esc cancels. `onSubmit` rejecting keeps the dialog open (the request
 * helper has shown the server's message).
 */
export type LoadDialogTarget = Pick<LoadWire['LoadRow'], 'id' | 'loadNo' | 'containerType' | 'busType'> &
  Partial<Pick<LoadWire['LoadRow'], 'containerNo' | 'sealNo' | 'truckNo' | 'loadPerson'>>;

export interface LoadDialogProps {
  /** The load record to load into; null closes the dialog. */
  load: LoadDialogTarget | null;
  mode?: 'load' | 'scan';
  /** How many orders will be loaded (mode 'load'): shown and named in the prompt. */
  count?: number;
  onCancel: () => void;
  onSubmit: (fields: TContainerFields) => Promise<unknown>;
  /** After the closing animation (the scan mode gives its box the focus then). */
  afterClose?: () => void;
}

const LAND_MODES = new Set(['EK', 'TRANSIT', 'BULK']);

/**
 * The number a load is known by (a truck type's plate, otherwise the container number): field name, label, hint,
 * rule, length, test id.
 */
const ID_FIELDS = {
  truck: ['truckNo', 'field_truck_no', 'load_dialog_truck_hint', zTruckNo, 40, 'load-truck-no'],
  container: ['containerNo', 'field_container_no', 'load_container_no_hint', zLoadContainerNo, 20, 'load-container-no'],
} as const;

interface Values {
  containerNo?: string;
  truckNo?: string;
  sealNo?: string;
  loadTime?: string | null;
  loadPerson?: string;
}

const clean = (v: string | undefined) => (v ?? '').trim();
/** What the server stores (zLoadContainerNo's transform): no spaces or hyphens, upper case. */
export const normaliseContainerNo = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

export function isTruckType(containerType: string | null | undefined): boolean {
  return Boolean(containerType && CONTAINER_CAPACITY[containerType]?.truck);
}

export function LoadDialog({ load, mode = 'load', count, onCancel, onSubmit, afterClose }: LoadDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const keyboard = useKeyboardForm(form);
  const truck = isTruckType(load?.containerType);
  const [idName, idLabel, idHint, idSchema, idMax, idTestId] = ID_FIELDS[truck ? 'truck' : 'container'];
  const land = Boolean(load && LAND_MODES.has(load.busType));

  // Filled and focused once per opening (per load id): a refetch of the page's record while the dialog is open
  // gives a new object, and must not wipe what is being typed or move the focus back (a flaky end-to-end run).
  const latest = useRef(load);
  latest.current = load;
  const openedId = load?.id ?? null;
  useEffect(() => {
    const load = latest.current;
    if (openedId === null || !load) return;
    const me = authStore.get().user?.nickName ?? '';
    form.setFieldsValue({
      containerNo: load.containerNo || undefined,
      truckNo: load.truckNo || undefined,
      sealNo: load.sealNo || undefined,
      loadTime: businessNowText(),
      loadPerson: me || load.loadPerson || '',
    });
    const first = (truck ? (['truckNo', 'sealNo'] as const) : (['containerNo', 'sealNo'] as const)).find(
      (n) => !form.getFieldValue(n),
    );
    // after the opening animation's own focus
    const timer = setTimeout(() => form.focusField(first ?? 'sealNo'), 60);
    return () => clearTimeout(timer);
  }, [openedId, truck, form]);

  const submit = async () => {
    if (!load || keyboard.isSaving()) return;
    const v = await keyboard.validate();
    if (!v) return;
    const fields: TContainerFields = {
      containerNo: truck ? undefined : normaliseContainerNo(clean(v.containerNo)),
      truckNo: clean(v.truckNo) || undefined,
      sealNo: clean(v.sealNo),
      loadTime: v.loadTime ?? businessNowText(),
      loadPerson: clean(v.loadPerson),
    };
    if (mode === 'load') {
      const name = fields.containerNo ?? fields.truckNo ?? load.loadNo;
      const ok = await confirmAction({ content: t('confirm_load', { count: count ?? 0, containerNo: name }) });
      if (!ok) return;
    }
    await keyboard.save(() => onSubmit(fields));
  };

  return (
    <Modal
      open={Boolean(load)}
      title={load ? t('load_dialog_title', { loadNo: load.loadNo }) : null}
      onCancel={onCancel}
      onOk={submit}
      okText={mode === 'scan' ? t('load_btn_start_scan') : t('perm_bus_loadplan_load')}
      cancelText={t('cancel')}
      confirmLoading={keyboard.saving}
      destroyOnHidden
      // the scan mode's box takes the focus, not the button that opened the dialog
      focusTriggerAfterClose={mode !== 'scan'}
      afterClose={afterClose}
      width={560}
      data-testid="load-dialog"
    >
      {mode === 'load' && count !== undefined ? (
        <Typography.Paragraph data-testid="load-dialog-count">
          {t('load_dialog_orders', { count })}
        </Typography.Paragraph>
      ) : null}
      {mode === 'scan' ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('load_scan_intro')} />
      ) : null}
      <Form<Values> form={form} layout="vertical" onKeyDown={keyboard.submitOnEnter(submit)}>
        <Form.Item
          name={idName}
          validateFirst
          label={t(idLabel)}
          extra={t(idHint)}
          rules={[
            { required: true, whitespace: true, message: t('err_required', { field: t(idLabel) }) },
            zodRule(idSchema, t),
          ]}
        >
          <Input autoComplete="off" maxLength={idMax} data-testid={idTestId} />
        </Form.Item>
        <RequiredTextItem name="sealNo" label="field_seal_no" max={30} testId="load-seal-no" />
        {!truck && land ? (
          <Form.Item name="truckNo" label={t('field_truck_no')} rules={[zodRule(zTruckNo, t, { optional: true })]}>
            <Input autoComplete="off" maxLength={40} data-testid="load-truck-no" />
          </Form.Item>
        ) : null}
        <RequiredTimeItem name="loadTime" label="field_load_time" testId="load-time" />
        <RequiredTextItem name="loadPerson" label="field_load_person" max={64} testId="load-person" />
      </Form>
    </Modal>
  );
}
