import { zPieces } from '@theone/contracts/bus/inware.schemas';
import { checkFieldEdits } from '@theone/contracts/bus/order-edit-rules';
import { orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { ORDER_FEE_INPUT_FIELDS } from '@theone/contracts/bus/order-pricing';
import { zMoney, zVolume, zWeight } from '@theone/contracts/common/money';
import { Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { issueMessage, zodRule } from '../../../components/form-rules';
import { ListPage } from '../../../components/ListPage';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { GeogSelect } from '../../bas/common/selects';
import { MarkInOrderSelect } from '../shared/MarkInOrderSelect';
import '../shared/bus.css';
import { ActionModal } from '../../../components/ActionFormModal';
import { useSaving } from '../shared/use-saving';
import { editFields, orderUpdate, type TOrder, useRefreshOrders } from './api';
import { col, search } from './columns';
import { modifiableFields, toolbar } from './list-actions';
import { inwareList } from './order-list-parts';

/**
 * orderListEdit (screens §3): correct orders after receipt. What may change in which status and audit state is
 * the contracts' field-edit table (order-edit-rules.ts, the one the server enforces): free text up to S7; route
 * fields up to S2 and figures at S2-S3 (re-priced, not audited); fees (fee role) up to S7, not audited. Every
 * change needs a reason and is logged before -> after. Modify = one order (audit/orderUpdate, with its version);
 * Set a field = the selected orders (inware/editFields).
 */
type FieldKind =
  | 'text'
  | 'phone'
  | 'time'
  | 'mark'
  | 'busType'
  | 'geog'
  | 'cargoType'
  | 'int'
  | 'weight'
  | 'volume'
  | 'money';
/** The fields the screens offer, by input kind; when each may change is the contracts' field-edit table. */
const FIELDS: { name: string; kind: FieldKind; fee?: boolean }[] = [
  ...(['consignee', 'consigneeAddr', 'businessNo', 'clientNo', 'cargoName', 'cargoRemark', 'trayNo'] as const).map(
    (name) => ({ name, kind: 'text' as const }),
  ),
  { name: 'consigneeTel', kind: 'phone' },
  { name: 'preArriveTime', kind: 'time' },
  { name: 'markId', kind: 'mark' },
  { name: 'busType', kind: 'busType' },
  { name: 'destAddrId', kind: 'geog' },
  { name: 'cargoType', kind: 'cargoType' },
  { name: 'arrivedPiece', kind: 'int' },
  { name: 'arrivedWeight', kind: 'weight' },
  { name: 'arrivedVolume', kind: 'volume' },
  ...ORDER_FEE_INPUT_FIELDS.map((name) => ({ name, kind: 'money' as const, fee: true })),
];
const FIELD_NAMES = FIELDS.map((f) => f.name);

/** The contracts' rule of each number kind: the same the server applies (no clamping, the field's error instead). */
const NUMBER_RULES: Partial<Record<FieldKind, z.ZodType>> = {
  int: zPieces,
  weight: zWeight,
  volume: zVolume,
  money: zMoney,
};

function ValueInput({ kind, value, onChange }: { kind: FieldKind; value?: unknown; onChange?: (v: unknown) => void }) {
  switch (kind) {
    case 'time':
      return (
        <BusinessDatePicker showTime value={value as string} onChange={(v) => onChange?.(v)} style={{ width: 220 }} />
      );
    case 'mark':
      return <MarkInOrderSelect value={value as number} onChange={(v) => onChange?.(v)} style={{ width: 260 }} />;
    case 'busType':
      return (
        <DictSelect type="bus_type" value={value as string} onChange={(v) => onChange?.(v)} style={{ width: 200 }} />
      );
    case 'cargoType':
      return (
        <DictSelect type="cargo_type" value={value as string} onChange={(v) => onChange?.(v)} style={{ width: 200 }} />
      );
    case 'geog':
      return <GeogSelect orgId={2} value={value as number} onChange={(v) => onChange?.(v)} style={{ width: 200 }} />;
    case 'int':
      return <IntegerInput value={value as number} onChange={(v) => onChange?.(v)} style={{ width: 200 }} />;
    case 'weight':
    case 'money':
    case 'volume':
      return <DecimalInput value={value as string} onChange={(v) => onChange?.(v)} style={{ width: 200 }} />;
    default:
      return <Input value={value as string} onChange={(e) => onChange?.(e.target.value)} />;
  }
}

function ModifyDialog({
  order,
  onClose,
  onDone,
}: {
  order: TOrder | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { saving, save } = useSaving();
  const fields = useMemo(() => {
    if (!order) return [];
    const editable = new Set(modifiableFields(order, FIELD_NAMES, isFeeRole));
    return FIELDS.filter((f) => editable.has(f.name));
  }, [order, isFeeRole]);
  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue(
      Object.fromEntries(fields.map((f) => [f.name, (order as unknown as Record<string, unknown>)[f.name]])),
    );
  }, [order, form, fields]);
  const submit = async () => {
    if (!order) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const changes: Record<string, unknown> = {};
    for (const f of fields) {
      const before = (order as unknown as Record<string, unknown>)[f.name];
      const after = v[f.name];
      if (String(before ?? '') !== String(after ?? '')) changes[f.name] = after;
    }
    if (!Object.keys(changes).length) {
      feedback.message.info(t('err_no_change'));
      return;
    }
    await save(async () => {
      await orderUpdate({ id: order.id, version: order.version, changes, reason: v.reason });
      feedback.message.success(t('operation_success'));
      await onDone();
      onClose();
    });
  };
  return (
    <ActionModal
      open={Boolean(order)}
      title={`${t('bus_btn_modify')} ${order?.transportId ?? ''}`}
      width={760}
      onCancel={onClose}
      onOk={submit}
      busy={saving}
    >
      <Form form={form} layout="vertical">
        <div className="bus-form-grid">
          {fields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={t(orderFieldLabelKey(f.name))}
              rules={NUMBER_RULES[f.kind] ? [zodRule(NUMBER_RULES[f.kind]!, t, { optional: true })] : undefined}
            >
              <ValueInput kind={f.kind} />
            </Form.Item>
          ))}
        </div>
        <Form.Item
          name="reason"
          label={t('bus_reason')}
          rules={[{ required: true, whitespace: true, message: t('err_reason_required') }]}
        >
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2 }} data-testid="modify-reason" />
        </Form.Item>
      </Form>
    </ActionModal>
  );
}

function BatchDialog({ rows, onClose, onDone }: { rows: TOrder[]; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const [field, setField] = useState<string>('consigneeTel');
  const [value, setValue] = useState<unknown>('');
  const [reason, setReason] = useState('');
  const { saving, save } = useSaving();
  const def = FIELDS.find((f) => f.name === field)!;
  const submit = async () => {
    const refusal = checkFieldEdits(rows, [field]);
    if (refusal) {
      feedback.message.warning(`${t(refusal.messageKey)}: ${refusal.rows.map((r) => r.transportId).join(', ')}`);
      return;
    }
    if (!reason.trim()) {
      feedback.message.warning(t('err_reason_required'));
      return;
    }
    const rule = NUMBER_RULES[def.kind];
    const checked = rule && value !== null && value !== undefined && value !== '' ? rule.safeParse(value) : null;
    if (checked && !checked.success) {
      feedback.message.warning(issueMessage(checked.error.issues[0], t, t(orderFieldLabelKey(field))));
      return;
    }
    await save(async () => {
      await editFields({
        ids: rows.map((r) => r.id),
        versions: rows.map((r) => r.version),
        fields: { [field]: value },
        reason,
      });
      feedback.message.success(t('operation_success'));
      await onDone();
      onClose();
    });
  };
  return (
    <ActionModal
      open={rows.length > 0}
      title={t('bus_btn_set_field')}
      width={520}
      onCancel={onClose}
      onOk={submit}
      busy={saving}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('bus_selected_n', { n: rows.length })}</Typography.Text>
        <Select
          style={{ width: '100%' }}
          value={field}
          onChange={(v) => {
            setField(v);
            setValue(undefined);
          }}
          options={FIELDS.filter((f) => !f.fee || isFeeRole).map((f) => ({
            value: f.name,
            label: t(orderFieldLabelKey(f.name)),
          }))}
        />
        <ValueInput kind={def.kind} value={value} onChange={setValue} />
        <Input.TextArea
          placeholder={t('bus_reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
      </Space>
    </ActionModal>
  );
}

export default function OrderListEditPage() {
  const { isFeeRole } = usePermission();
  const [modifying, setModifying] = useState<TOrder | null>(null);
  const [batch, setBatch] = useState<TOrder[]>([]);
  const refresh = useRefreshOrders();
  return (
    <>
      <ListPage<TOrder>
        {...inwareList('orderListEdit', 'bus:orderListEdit:export')}
        requireCondition
        searchFields={[
          search.transportId(),
          search.expressNo(),
          search.receivingNo(),
          search.containerNo(),
          search.mark(),
          search.dict('status', 'field_status', 'order_status'),
          search.range('orderTime', 'field_order_time'),
        ]}
        columns={[
          col.transportId('details'),
          col.status(),
          col.dict('auditStatus', 'field_audit_status', 'audit_status'),
          col.mark(),
          col.text('consignee', 'field_consignee'),
          col.text('consigneeTel', 'field_consignee_tel'),
          col.text('consigneeAddr', 'field_consignee_addr', 180),
          col.text('cargoName', 'field_cargo_name'),
          col.dict('cargoType', 'field_cargo_type', 'cargo_type'),
          col.busType(),
          col.text('destAddrName', 'field_dest_addr_id', 100),
          col.text('businessNo', 'field_business_no'),
          col.text('clientNo', 'field_client_no'),
          col.text('cargoRemark', 'field_cargo_remark', 140),
          col.time('preArriveTime', 'field_pre_arrive_time'),
          col.num('arrivedPiece', 'field_arrived_piece'),
          col.num('arrivedWeight', 'field_arrived_weight', 110),
          col.num('arrivedVolume', 'field_arrived_volume', 110),
          col.money('feeFreightAr', 'field_fee_freight_ar'),
          col.money('feeArAmount', 'field_fee_ar_amount'),
        ]}
        toolbar={[toolbar.onSelection('batch', 'bus_btn_set_field', 'bus:orderListEdit:batch', setBatch)]}
        rowActions={[
          {
            key: 'modify',
            label: 'bus_btn_modify',
            perm: 'bus:orderListEdit:edit',
            hidden: (r) => modifiableFields(r, FIELD_NAMES, isFeeRole).length === 0,
            onClick: (r) => setModifying(r),
          },
        ]}
      />
      <ModifyDialog order={modifying} onClose={() => setModifying(null)} onDone={refresh} />
      <BatchDialog rows={batch} onClose={() => setBatch([])} onDone={refresh} />
    </>
  );
}
