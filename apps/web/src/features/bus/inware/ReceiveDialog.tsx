import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { zDimension } from '@theone/contracts/bus/inware.schemas';
import { lineVolume, orderCargoTotals } from '@theone/contracts/bus/order-cargo';
import { zWeight } from '@theone/contracts/common/money';
import { Alert, Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { useRequiredRule } from '../../../components/GridField';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import { businessNowText } from '../../../lib/business-time';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import { useKeyboardForm } from '../shared/keyboard-form';
import { fetchNewNo, receiveOrder, type TOrder, useInit } from './api';
import { CARGO_DIMENSIONS } from './order-form/CargoLines';
import { str, zLinePieces } from './order-form/form-values';
import { originWarehouseOptions, ReceiptFigureItems } from './receipt-fields';

/**
 * Receive dialog of inOrder (A5 receive S0/S1 -> S2; A6 re-measure or a further receipt of S2): the receipt number
 * (a new WR number offered, M9 when empty), warehouse, tray, the measured lines (volume from L × W × H) or totals
 * only, the express numbers to tick, 'damaged or short' raising a problem item. The server re-prices on the
 * measured figures; the fee role sees the freight old -> new.
 *
 * Keyboard (warehouse staff do not touch the mouse): once open, the focus is on the first empty required field
 * (usually the weight: the receipt number, time, warehouse and pieces come filled); Enter in a text or number
 * field submits when the form is valid, otherwise the first field in error takes the focus. The codes scanned
 * for the order (`scanned`: the one that opened the dialog, and any scanned while it is open) tick their express
 * numbers in the checklist. Scans never type into the fields: the scan box takes them (components/ScanBox).
 */
interface Values {
  receivingNo: string;
  /** business text 'YYYY-MM-DD HH:mm:ss' (lib/business-time) */
  arrivedTime: string;
  arrivedHouseId: number;
  trayNo?: string;
  mode: 'lines' | 'totals';
  lines?: { piece?: number; cargoLength?: string; cargoWidth?: string; cargoHight?: string; weight?: string }[];
  arrivedPiece?: number;
  arrivedWeight?: string;
  arrivedVolume?: string;
  checked?: string[];
  damaged?: boolean;
  exceptionType?: string;
  exceptionDesc?: string;
  remark?: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The order's express numbers (a comma list). */
export const expressNumbers = (expressNo: string | null | undefined) =>
  (expressNo ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** The required fields of the totals form, in the order the dialog shows them. */
const REQUIRED: NamePath[] = ['receivingNo', 'arrivedTime', 'arrivedHouseId', 'arrivedPiece', 'arrivedWeight'];

export function ReceiveDialog({
  order,
  scanned,
  onClose,
  onDone,
}: {
  order: TOrder | null;
  /** Codes scanned for this order: the express numbers among them are ticked. */
  scanned?: readonly string[];
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const init = useInit();
  const [form] = Form.useForm<Values>();
  const keyboard = useKeyboardForm(form);
  const required = useRequiredRule();
  const [numberReady, setNumberReady] = useState(false);
  const defaultHouseId = useRef<number | undefined>(undefined);
  defaultHouseId.current = init.data?.defaults.arrivedHouseId ?? undefined;
  const mode = Form.useWatch('mode', form);
  const lines = Form.useWatch('lines', form);
  const pieces = Form.useWatch('arrivedPiece', form);
  const damaged = Form.useWatch('damaged', form);
  const remeasure = order ? order.status === 2 : false;

  // Reset when another order opens (not when the init data is refetched: that would wipe what was typed).
  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({
      arrivedTime: businessNowText(),
      arrivedHouseId: order.arrivedHouseId ?? defaultHouseId.current,
      trayNo: order.trayNo,
      mode: 'totals',
      arrivedPiece: order.cargoPiece || undefined,
      lines: [{ piece: 1 }],
      checked: [],
    });
    let current = true;
    setNumberReady(false);
    void fetchNewNo({ type: 'receivingNo' })
      .then((r) => current && form.setFieldValue('receivingNo', r.receivingNo))
      .catch(() => undefined)
      .finally(() => current && setNumberReady(true));
    return () => {
      current = false;
    };
  }, [order, form]);

  // The init data arriving after the dialog opened fills an empty warehouse.
  useEffect(() => {
    const house = init.data?.defaults.arrivedHouseId;
    if (order && house && isEmpty(form.getFieldValue('arrivedHouseId'))) form.setFieldValue('arrivedHouseId', house);
  }, [order, init.data, form]);

  // The scanned express numbers are ticked.
  useEffect(() => {
    if (!order || !scanned?.length) return;
    const wanted = scanned.map((s) => s.trim().toUpperCase());
    const ticked = new Set<string>(form.getFieldValue('checked') ?? []);
    for (const n of expressNumbers(order.expressNo)) if (wanted.includes(n.toUpperCase())) ticked.add(n);
    form.setFieldValue('checked', [...ticked]);
  }, [order, scanned, form]);

  // Open, with the receipt number offered: the first empty required field takes the focus (the dialog's own
  // focus, after its opening animation, leaves a focus inside it alone).
  useEffect(() => {
    if (!order || !numberReady) return;
    form.focusField(REQUIRED.find((name) => isEmpty(form.getFieldValue(name))) ?? 'arrivedWeight');
  }, [order, numberReady, form]);

  const lineTotals = useMemo(() => {
    try {
      return orderCargoTotals({
        lines: (lines ?? []).filter((l) => l?.piece).map((l) => ({ ...l, piece: l.piece ?? 0 })),
      });
    } catch {
      return null;
    }
  }, [lines]);
  const measuredPieces = mode === 'lines' ? lineTotals?.cargoPiece : pieces;

  const submit = async () => {
    if (!order || keyboard.isSaving()) return;
    const v = await keyboard.validate();
    if (!v) return;
    await keyboard.save(async () => {
      const result = await receiveOrder({
        id: order.id,
        version: order.version,
        receivingNo: v.receivingNo?.trim() ?? '',
        arrivedTime: v.arrivedTime,
        arrivedHouseId: v.arrivedHouseId,
        trayNo: v.trayNo ?? '',
        lines:
          v.mode === 'lines'
            ? (v.lines ?? [])
                .filter((l) => l.piece)
                .map((l) => ({
                  piece: l.piece,
                  cargoLength: str(l.cargoLength),
                  cargoWidth: str(l.cargoWidth),
                  cargoHight: str(l.cargoHight),
                  weight: str(l.weight),
                }))
            : [],
        ...(v.mode === 'totals'
          ? { arrivedPiece: v.arrivedPiece, arrivedWeight: str(v.arrivedWeight), arrivedVolume: str(v.arrivedVolume) }
          : {}),
        remark: v.remark ?? '',
        ...(v.damaged ? { exceptionType: v.exceptionType ?? '2', exceptionDesc: v.exceptionDesc ?? '' } : {}),
      });
      if (isFeeRole && result.feesBefore.feeArAmount !== undefined) {
        feedback.message.success(
          t('bus_msg_received_fees', { before: result.feesBefore.feeArAmount, after: result.feesAfter.feeArAmount }),
          6,
        );
      } else feedback.message.success(t('bus_msg_received'));
      await onDone();
      onClose();
    });
  };

  return (
    <Modal
      open={Boolean(order)}
      title={`${remeasure ? t('bus_btn_remeasure') : t('bus_btn_receive')} ${order?.transportId ?? ''}`}
      width={820}
      onCancel={onClose}
      onOk={submit}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={keyboard.saving}
      destroyOnHidden
      data-testid="receive-dialog"
    >
      {order ? (
        <Typography.Paragraph type="secondary">
          {order.mark} · {order.cargoName} · {t('field_cargo_piece')} {order.cargoPiece} · {order.cargoWeight} kg ·{' '}
          {order.cargoVolume} m³
        </Typography.Paragraph>
      ) : null}
      <Form<Values> form={form} layout="vertical" onKeyDown={keyboard.submitOnEnter(submit)}>
        <Space wrap size={16} style={{ width: '100%' }}>
          <Form.Item
            name="receivingNo"
            label={t('field_receiving_no')}
            rules={[{ required: true, whitespace: true, message: t('msg_enter_receipt_no') }]}
          >
            <Input style={{ width: 200 }} data-testid="receive-no" />
          </Form.Item>
          <Form.Item name="arrivedTime" label={t('field_arrived_time')} rules={[{ required: true }]}>
            <BusinessDatePicker showTime style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="arrivedHouseId"
            label={t('field_arrived_house_id')}
            rules={[required('field_arrived_house_id')]}
          >
            <Select style={{ width: 180 }} options={originWarehouseOptions(init.data)} />
          </Form.Item>
          <Form.Item name="trayNo" label={t('field_tray_no')}>
            <Input style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Form.Item name="mode">
          <Radio.Group
            options={[
              { value: 'totals', label: t('bus_receive_totals') },
              { value: 'lines', label: t('bus_receive_lines') },
            ]}
          />
        </Form.Item>
        {mode === 'lines' ? (
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  columns={[
                    {
                      title: t('field_piece'),
                      width: 90,
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'piece']} noStyle rules={[zodRule(zLinePieces, t)]}>
                          <IntegerInput style={{ width: 70 }} data-testid={`receive-line-${f.name}-piece`} />
                        </Form.Item>
                      ),
                    },
                    ...CARGO_DIMENSIONS.map(([k, label]) => ({
                      title: t(label),
                      render: (_v: unknown, f: { name: number }) => (
                        <Form.Item name={[f.name, k]} noStyle rules={[zodRule(zDimension, t, { optional: true })]}>
                          <DecimalInput style={{ width: 90 }} />
                        </Form.Item>
                      ),
                    })),
                    {
                      title: t('field_weight'),
                      render: (_v, f) => (
                        <Form.Item name={[f.name, 'weight']} noStyle rules={[zodRule(zWeight, t, { optional: true })]}>
                          <DecimalInput style={{ width: 100 }} data-testid={`receive-line-${f.name}-weight`} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('field_volume'),
                      render: (_v, f) => {
                        const l = lines?.[f.name];
                        try {
                          return l?.piece && l.cargoLength && l.cargoWidth && l.cargoHight
                            ? lineVolume({ ...l, piece: l.piece })
                            : '-';
                        } catch {
                          return '-';
                        }
                      },
                    },
                    {
                      title: '',
                      width: 40,
                      render: (_v, f) => (
                        <Button
                          type="text"
                          danger
                          size="small"
                          icon={<DeleteOutlined />}
                          onClick={() => remove(f.name)}
                        />
                      ),
                    },
                  ]}
                />
                <Space style={{ margin: '8px 0' }}>
                  <Button size="small" icon={<PlusOutlined />} onClick={() => add({ piece: 1 })}>
                    {t('bus_add_line')}
                  </Button>
                  <span className="bus-totals">
                    {t('field_cargo_piece')} {lineTotals?.cargoPiece ?? 0} · {lineTotals?.cargoWeight ?? '0.00'} kg ·{' '}
                    {lineTotals?.cargoVolume ?? '0.000'} m³
                  </span>
                </Space>
              </>
            )}
          </Form.List>
        ) : (
          <Space wrap size={16}>
            <ReceiptFigureItems testIdPrefix="receive" sized />
          </Space>
        )}
        {order && measuredPieces && measuredPieces !== order.cargoPiece && !remeasure ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('bus_msg_piece_differs', { declared: order.cargoPiece, measured: measuredPieces })}
          />
        ) : null}
        {order?.expressNo ? (
          <Form.Item name="checked" label={t('bus_express_checklist')}>
            <Checkbox.Group options={order.expressNo.split(',').map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        ) : null}
        <Form.Item name="damaged" valuePropName="checked">
          <Checkbox>{t('bus_damaged_or_short')}</Checkbox>
        </Form.Item>
        {damaged ? (
          <Space wrap size={16}>
            <Form.Item name="exceptionType" label={t('field_exception_type')} initialValue="2">
              <DictSelect type="exception_type" style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="exceptionDesc" label={t('field_exception_desc')}>
              <Input style={{ width: 360 }} maxLength={500} />
            </Form.Item>
          </Space>
        ) : null}
        <Form.Item name="remark" label={t('field_remark')}>
          <Input maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
