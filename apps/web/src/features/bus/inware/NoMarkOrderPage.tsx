import { Form, type FormInstance, Input, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ActionFormModal } from '../../../components/ActionFormModal';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { confirmAction } from '../../../components/confirm';
import { DictSelect } from '../../../components/DictSelect';
import { useRequiredRule } from '../../../components/GridField';
import { ListPage } from '../../../components/ListPage';
import { addButton } from '../../../components/list-presets';
import { businessNowText } from '../../../lib/business-time';
import { feedback } from '../../../lib/feedback';
import { GeogSelect } from '../../bas/common/selects';
import { MarkInOrderSelect } from '../shared/MarkInOrderSelect';
import '../shared/bus.css';
import type { TActionDialogEvents } from '../shared/dialog-form';
import {
  addOrder,
  editFields,
  fetchMarkAddress,
  fetchNewNo,
  type TInit,
  type TOrder,
  useInit,
  useRefreshOrders,
} from './api';
import { col, search, sumsFooter } from './columns';
import { rowActions, toolbar } from './list-actions';
import { str, textsOf } from './order-form/form-values';
import { TextItems } from './order-items';
import { inwareList, selectionPrints } from './order-list-parts';
import { originWarehouseOptions, ReceiptFigureItems } from './receipt-fields';

/**
 * noMarkOrder (screens §3): cargo received with no readable mark (S2, empty mark) until its owner is found.
 * Register (A8: receipt number, courier data, measured figures) and Assign mark (A9: mark, transport mode,
 * destination, consignee from the mark's default address; the server fetches the price).
 */
interface RegisterValues {
  receivingNo: string;
  expressCorp?: string;
  expressNo?: string;
  /** business text ('YYYY-MM-DD HH:mm:ss') */
  arrivedTime: string;
  arrivedHouseId: number;
  arrivedPiece: number;
  arrivedWeight: string;
  arrivedVolume?: string;
  trayNo?: string;
  cargoName?: string;
  shipper?: string;
  shipperTel?: string;
  cargoRemark?: string;
}

interface AssignValues {
  markId: number;
  busType: string;
  destAddrId: number;
  consignee?: string;
  consigneeTel?: string;
  consigneeAddr?: string;
}

/**
 * The form of a no-mark dialog, to spread into its ActionFormModal: each time the dialog opens, and again when the
 * init data arrive while it is open, the form starts afresh and `onOpen` fills in its defaults.
 */
function useOpenedForm<Values>(
  open: boolean,
  events: TActionDialogEvents,
  onOpen: (form: FormInstance<Values>, init: TInit | undefined) => void,
) {
  const init = useInit();
  const [form] = Form.useForm<Values>();
  const onOpenOf = useRef(onOpen);
  onOpenOf.current = onOpen;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    onOpenOf.current(form, init.data);
  }, [open, form, init.data]);
  return { form, open, ...events };
}

function RegisterDialog({
  open,
  express,
  onClose,
  onDone,
}: {
  open: boolean;
  express?: string;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const init = useInit();
  const required = useRequiredRule();
  const dialog = useOpenedForm<RegisterValues>(open, { onClose, onDone }, (form, data) => {
    form.setFieldsValue({
      arrivedTime: businessNowText(),
      arrivedHouseId: data?.defaults.arrivedHouseId ?? undefined,
      expressNo: express ?? '',
    });
    void fetchNewNo({ type: 'receivingNo' }).then((r) => form.setFieldValue('receivingNo', r.receivingNo));
  });
  const save = async (v: RegisterValues) => {
    const answer = await addOrder({
      status: 2,
      receivingNo: v.receivingNo,
      ...textsOf(v, ['expressCorp', 'expressNo']),
      arrivedTime: v.arrivedTime,
      arrivedHouseId: v.arrivedHouseId,
      arrivedPiece: v.arrivedPiece,
      arrivedWeight: str(v.arrivedWeight),
      arrivedVolume: str(v.arrivedVolume),
      ...textsOf(v, ['trayNo', 'cargoName', 'shipper', 'shipperTel', 'cargoRemark']),
    });
    feedback.message.success(t('bus_msg_saved_no', { no: answer.data?.transportId }));
  };
  return (
    <ActionFormModal<RegisterValues>
      {...dialog}
      title={t('bus_btn_register_no_mark')}
      width={720}
      save={save}
      bodyClassName="bus-form-grid"
    >
      <Form.Item
        name="receivingNo"
        label={t('field_receiving_no')}
        rules={[{ required: true, whitespace: true, message: t('msg_enter_receipt_no') }]}
      >
        <Input data-testid="register-receipt" />
      </Form.Item>
      <Form.Item name="arrivedHouseId" label={t('field_arrived_house_id')} rules={[required('field_arrived_house_id')]}>
        <Select options={originWarehouseOptions(init.data)} />
      </Form.Item>
      <Form.Item name="arrivedTime" label={t('field_arrived_time')} rules={[{ required: true }]}>
        <BusinessDatePicker showTime />
      </Form.Item>
      <Form.Item name="expressCorp" label={t('field_express_corp')}>
        <DictSelect type="express_corp" />
      </Form.Item>
      <Form.Item name="expressNo" label={t('field_express_no')}>
        <Input placeholder={t('msg_comma_separated')} data-testid="register-express" />
      </Form.Item>
      <TextItems names={['trayNo']} />
      <ReceiptFigureItems testIdPrefix="register" />
      <TextItems names={['cargoName', 'shipper', 'shipperTel']} />
      <Form.Item name="cargoRemark" label={t('field_cargo_remark')} className="bus-span-2">
        <Input />
      </Form.Item>
    </ActionFormModal>
  );
}

function AssignDialog({ rows, onClose, onDone }: { rows: TOrder[]; onClose: () => void; onDone: () => unknown }) {
  const { t } = useTranslation();
  const required = useRequiredRule();
  const dialog = useOpenedForm<AssignValues>(rows.length > 0, { onClose, onDone }, (form, data) =>
    form.setFieldsValue({
      busType: data?.defaults.busType,
      destAddrId: data?.defaults.destAddrId ?? undefined,
    }),
  );
  const { form } = dialog;
  const prepare = async (v: AssignValues) => {
    const mark = (await fetchMarkAddress(v.markId)).mark.mark;
    return confirmAction({ content: t('bus_confirm_assign_mark', { mark, count: rows.length }) });
  };
  const save = async (v: AssignValues) => {
    await editFields({
      ids: rows.map((r) => r.id),
      versions: rows.map((r) => r.version),
      fields: {
        markId: v.markId,
        busType: v.busType,
        destAddrId: v.destAddrId,
        ...textsOf(v, ['consignee', 'consigneeTel', 'consigneeAddr']),
      },
    });
    feedback.message.success(t('operation_success'));
  };
  return (
    <ActionFormModal<AssignValues>
      {...dialog}
      title={t('bus_btn_assign_mark')}
      width={640}
      prepare={prepare}
      save={save}
      bodyClassName="bus-form-grid"
    >
      <Form.Item name="markId" label={t('field_mark')} rules={[required('field_mark')]}>
        <MarkInOrderSelect
          data-testid="assign-mark"
          onChange={async (id) => {
            if (!id) return;
            const info = await fetchMarkAddress(Number(id));
            const a = info.defaultAddress;
            if (a) form.setFieldsValue({ consignee: a.contact, consigneeTel: a.tel, consigneeAddr: a.addr });
            if (info.mark.shippingChannels?.[0]) form.setFieldValue('busType', info.mark.shippingChannels[0]);
          }}
        />
      </Form.Item>
      <Form.Item name="busType" label={t('field_bus_type')} rules={[required('field_bus_type')]}>
        <DictSelect type="bus_type" />
      </Form.Item>
      <Form.Item name="destAddrId" label={t('field_dest_addr_id')} rules={[required('field_dest_addr_id')]}>
        <GeogSelect orgId={2} />
      </Form.Item>
      <TextItems names={['consignee', 'consigneeTel']} />
      <Form.Item name="consigneeAddr" label={t('field_consignee_addr')} className="bus-span-all">
        <Input />
      </Form.Item>
    </ActionFormModal>
  );
}

export default function NoMarkOrderPage() {
  const [params, setParams] = useSearchParams();
  const express = params.get('register') ?? undefined;
  const [registerOpen, setRegisterOpen] = useState(Boolean(express));
  const [assigning, setAssigning] = useState<TOrder[]>([]);
  const refresh = useRefreshOrders();
  return (
    <>
      <ListPage<TOrder>
        {...inwareList('noMarkOrder', 'bus:noMarkOrder:export')}
        searchFields={[
          search.expressNo(),
          search.receivingNo(),
          search.dict('expressCorp', 'field_express_corp', 'express_corp'),
          search.range('arrivedTime', 'field_arrived_time'),
          ...search.texts('cargoName', 'trayNo', 'shipper', 'shipperTel'),
        ]}
        columns={[
          col.text('receivingNo', 'field_receiving_no', 150),
          col.transportId('info'),
          col.time('arrivedTime', 'field_arrived_time', true),
          col.days('daysWaiting', 'bus_days_waiting', 'arrivedTime', 7),
          col.text('arrivedHouseName', 'field_arrived_house_id', 110),
          col.text('trayNo', 'field_tray_no', 90),
          col.dict('expressCorp', 'field_express_corp', 'express_corp', 110),
          col.express(),
          col.text('shipper', 'field_shipper'),
          col.text('shipperTel', 'field_shipper_tel'),
          col.text('cargoName', 'field_cargo_name'),
          col.num('arrivedPiece', 'field_arrived_piece'),
          col.num('arrivedWeight', 'field_arrived_weight', 110),
          col.num('arrivedVolume', 'field_arrived_volume', 110),
          col.text('cargoRemark', 'field_cargo_remark', 140),
          col.text('createBy', 'field_create_by', 100),
        ]}
        toolbar={[
          {
            ...addButton<TOrder>('bus:noMarkOrder:add', () => setRegisterOpen(true)),
            key: 'register',
            label: 'bus_btn_register_no_mark',
          },
          toolbar.onSelection('assign', 'bus_btn_assign_mark', 'bus:noMarkOrder:assign', setAssigning),
        ]}
        toolbarExtra={selectionPrints<TOrder>(['label'], 'bus:noMarkOrder:print')}
        rowActions={[
          rowActions.info(),
          {
            key: 'assign',
            label: 'bus_btn_assign_mark',
            perm: 'bus:noMarkOrder:assign',
            onClick: (r) => setAssigning([r]),
          },
          rowActions.edit('bus:noMarkOrder:edit'),
        ]}
        actionsWidth={220}
        footer={sumsFooter(true)}
      />
      <RegisterDialog
        open={registerOpen}
        express={express}
        onClose={() => {
          setRegisterOpen(false);
          if (express) setParams({}, { replace: true });
        }}
        onDone={refresh}
      />
      <AssignDialog rows={assigning} onClose={() => setAssigning([])} onDone={refresh} />
    </>
  );
}
