import { DeleteOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { FormModal } from '../../../components/FormDialog';
import { DecimalInput } from '../../../components/NumberInput';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { request, type TableResponse } from '../../../lib/request';
import { addRun, amountsOf, editRun, type TSendLine, type TSendRow, useSendOptions } from './api';

/**
 * The run dialog of sendOrder (Add, Edit) and of the send desk ('New send order from selected'): day and time
 * (default tomorrow 08:00), driver, vehicle (the driver's by default), remark, and the orders with the amount to
 * collect on delivery (everyone) and the delivery cost and other costs (fee role only). Add takes orders by
 * waybill (typed or scanned, from the overseas stock) or prefilled from the desk; Edit changes the header of a
 * draft and the amounts.
 */

type TPicked = Pick<TSendLine, 'orderId' | 'transportId' | 'consignee' | 'consigneeAddr' | 'arrivedPiece'> & {
  sendFeeAmount?: string | null;
  sendPartAmount?: string | null;
  sendOtherAmount?: string | null;
};

interface THeaderForm {
  sendTime?: string;
  driverId?: number;
  vehicleId?: number | null;
  sendRemark?: string;
}

export interface RunDialogProps {
  /** null: closed; 'add' with optional prefilled orders; or the run to edit with its lines */
  mode: { kind: 'add'; orders?: TSendLine[] } | { kind: 'edit'; run: TSendRow; lines: TSendLine[] } | null;
  onClose: () => void;
  onSaved: () => void;
}

const picked = (l: TSendLine): TPicked => ({
  orderId: l.orderId,
  transportId: l.transportId,
  consignee: l.consignee,
  consigneeAddr: l.consigneeAddr,
  arrivedPiece: l.pieces ?? l.arrivedPiece,
  sendFeeAmount: l.sendFeeAmount ?? null,
  sendPartAmount: l.sendPartAmount ?? null,
  sendOtherAmount: l.sendOtherAmount ?? null,
});

export function RunDialog({ mode, onClose, onSaved }: RunDialogProps) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const options = useSendOptions(mode !== null);
  const [form] = Form.useForm<THeaderForm>();
  const [orders, setOrders] = useState<TPicked[]>([]);
  const [code, setCode] = useState('');
  useEffect(() => {
    if (!mode) return;
    setOrders(
      mode.kind === 'add' ? (mode.orders ?? []).map(picked) : mode.lines.filter((l) => !l.returned).map(picked),
    );
    setCode('');
  }, [mode]);
  const initial = useMemo<THeaderForm>(() => {
    if (mode?.kind === 'edit')
      return {
        sendTime: mode.run.sendTime as string,
        driverId: mode.run.driverId,
        vehicleId: mode.run.vehicleId,
        sendRemark: mode.run.sendRemark,
      };
    return { sendTime: options.data?.sendTime, sendRemark: '' };
  }, [mode, options.data?.sendTime]);

  const addCode = async () => {
    const text = code.trim().toUpperCase();
    if (!text) return;
    const waybill = text.replace(/-\d+$/, '');
    if (orders.some((o) => o.transportId === waybill)) {
      feedback.message.warning(t('send_dup_order', { code: waybill }));
      setCode('');
      return;
    }
    const answer = await request.get<TableResponse<TSendLine>>('/bus/send/desk', { transportId: waybill, status: '6' });
    const found = answer.rows?.[0];
    if (!found) feedback.message.error(t('send_not_in_stock', { code: waybill }));
    else if (found.sendId) feedback.message.error(t('msg_in_send_reselect', { transportId: waybill }));
    else setOrders((prev) => [...prev, picked(found)]);
    setCode('');
  };

  const setAmount = (orderId: number, key: 'sendFeeAmount' | 'sendPartAmount' | 'sendOtherAmount', v: string | null) =>
    setOrders((prev) => prev.map((o) => (o.orderId === orderId ? { ...o, [key]: v } : o)));

  const submit = async (values: THeaderForm) => {
    const amounts = amountsOf(orders, isFeeRole);
    if (mode?.kind === 'edit')
      return editRun({
        id: mode.run.id,
        version: mode.run.version,
        ...values,
        sendRemark: values.sendRemark ?? '',
        amounts,
      } as never);
    return addRun({
      ...values,
      sendRemark: values.sendRemark ?? '',
      orderIds: orders.map((o) => o.orderId),
      amounts,
    } as never);
  };

  const drivers = options.data?.drivers ?? [];
  const vehicles = options.data?.vehicles ?? [];
  const amountCell = (key: 'sendFeeAmount' | 'sendPartAmount' | 'sendOtherAmount') => (_: unknown, r: TPicked) => (
    <DecimalInput
      size="small"
      value={r[key] ?? null}
      onChange={(v) => setAmount(r.orderId, key, v)}
      data-testid={`run-${key}-${r.transportId}`}
    />
  );

  return (
    <FormModal<THeaderForm>
      open={mode !== null}
      title={t(mode?.kind === 'edit' ? 'send_edit_title' : 'send_add_title')}
      initialValues={initial}
      form={form}
      width={900}
      onSubmit={submit}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="sendTime"
        label={t('send_field_send_time')}
        rules={[{ required: true, message: t('err_required', { field: t('send_field_send_time') }) }]}
      >
        <BusinessDatePicker showTime data-testid="run-send-time" />
      </Form.Item>
      <Form.Item
        name="driverId"
        label={t('send_field_driver')}
        rules={[{ required: true, message: t('err_required', { field: t('send_field_driver') }) }]}
      >
        <Select
          showSearch
          optionFilterProp="label"
          data-testid="run-driver"
          options={drivers.map((d) => ({ value: d.id, label: `${d.driverName} ${d.phone}` }))}
          onChange={(id: number) => {
            const d = drivers.find((x) => x.id === id);
            if (d?.vehicleId && !form.getFieldValue('vehicleId')) form.setFieldsValue({ vehicleId: d.vehicleId });
          }}
        />
      </Form.Item>
      <Form.Item name="vehicleId" label={t('send_field_plate')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          data-testid="run-vehicle"
          options={vehicles.map((v) => ({ value: v.id, label: v.plateNo }))}
        />
      </Form.Item>
      <Form.Item name="sendRemark" label={t('send_field_remark')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      {mode?.kind === 'add' ? (
        <Form.Item label={t('send_add_orders')}>
          <Input.Search
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={addCode}
            enterButton={t('add')}
            placeholder={t('send_scan_placeholder')}
            data-testid="run-order-code"
          />
        </Form.Item>
      ) : null}
      <Table<TPicked>
        size="small"
        rowKey="orderId"
        pagination={false}
        dataSource={orders}
        scroll={{ y: 280 }}
        data-testid="run-orders"
        columns={[
          { key: 'transportId', dataIndex: 'transportId', title: t('print_waybill'), width: 150 },
          { key: 'consignee', dataIndex: 'consignee', title: t('print_consignee'), width: 120 },
          { key: 'consigneeAddr', dataIndex: 'consigneeAddr', title: t('print_consignee_addr'), ellipsis: true },
          { key: 'arrivedPiece', dataIndex: 'arrivedPiece', title: t('print_pieces'), width: 60 },
          { key: 'part', title: t('send_field_part_amount'), width: 110, render: amountCell('sendPartAmount') },
          ...(isFeeRole
            ? [
                { key: 'fee', title: t('send_field_fee_amount'), width: 110, render: amountCell('sendFeeAmount') },
                {
                  key: 'other',
                  title: t('send_field_other_amount'),
                  width: 110,
                  render: amountCell('sendOtherAmount'),
                },
              ]
            : []),
          ...(mode?.kind === 'add'
            ? [
                {
                  key: 'remove',
                  title: '',
                  width: 40,
                  render: (_: unknown, r: TPicked) => (
                    <Button
                      type="text"
                      size="small"
                      icon={<DeleteOutlined />}
                      aria-label={t('delete')}
                      onClick={() => setOrders((prev) => prev.filter((o) => o.orderId !== r.orderId))}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </FormModal>
  );
}
