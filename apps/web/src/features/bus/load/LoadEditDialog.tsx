import { zLoadContainerNo, zTruckNo } from '@theone/contracts/bus/load.schemas';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionFormModal } from '../../../components/ActionFormModal';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { zodRule } from '../../../components/form-rules';
import { type TVoyageValues, voyageOf } from '../loadplan/PlanHeaderFields';
import { type TActionDialogEvents, useActionDialog } from '../shared/dialog-form';
import { editLoad, type LoadWire } from './api';
import '../shared/bus.css';

/**
 * 'Edit container data' (screens loadList row, `load/edit`, L1-L4, bus:load:edit): container number (ISO 6346
 * with its check digit), seal, plate, vessel, voyage, cut-off, ETD, ETA, ports, customs broker, export agent.
 * The record's version goes with the change, so a concurrent edit is refused (M-conflict).
 */
interface Values extends TVoyageValues {
  containerNo?: string;
  sealNo?: string;
  truckNo?: string;
  remark?: string;
}

const TEXT_FIELDS: [keyof Values, string, number][] = [
  ['vesselOwner', 'field_vessel_owner', 100],
  ['vesselName', 'load_vessel_name', 100],
  ['voyageNo', 'load_voyage_no', 50],
  ['loadPort', 'load_port', 100],
  ['unloadPort', 'load_unload_port', 100],
  ['customsCorp', 'load_customs_corp', 100],
  ['exportAgent', 'load_export_agent', 100],
];
const DATE_FIELDS: [keyof Values, string][] = [
  ['clsDate', 'load_cls_date'],
  ['etdDate', 'load_etd_date'],
  ['etaDate', 'load_eta_date'],
];

export function LoadEditDialog({ load, ...events }: TActionDialogEvents & { load: LoadWire['LoadRow'] | null }) {
  const { t } = useTranslation();
  const dialog = useActionDialog<Values, LoadWire['LoadRow']>(load, events, (l) => ({
    containerNo: l.containerNo,
    sealNo: l.sealNo,
    truckNo: l.truckNo,
    ...voyageOf(l),
    remark: l.remark,
  }));
  return (
    <ActionFormModal<Values>
      {...dialog}
      title={`${t('perm_bus_load_edit')} ${load?.loadNo ?? ''}`}
      width={760}
      bodyClassName="bus-form-grid"
      save={(v) =>
        editLoad({
          id: load!.id,
          version: load!.version,
          ...v,
          containerNo: v.containerNo || undefined,
          truckNo: v.truckNo || undefined,
          clsDate: v.clsDate || null,
          etdDate: v.etdDate || null,
          etaDate: v.etaDate || null,
        } as Parameters<typeof editLoad>[0])
      }
    >
      <Form.Item
        name="containerNo"
        label={t('field_container_no')}
        rules={[zodRule(zLoadContainerNo, t, { optional: true })]}
      >
        <Input maxLength={20} data-testid="load-edit-container-no" />
      </Form.Item>
      <Form.Item name="sealNo" label={t('field_seal_no')}>
        <Input maxLength={30} data-testid="load-edit-seal-no" />
      </Form.Item>
      <Form.Item name="truckNo" label={t('field_truck_no')} rules={[zodRule(zTruckNo, t, { optional: true })]}>
        <Input maxLength={40} />
      </Form.Item>
      {TEXT_FIELDS.map(([name, label, max]) => (
        <Form.Item key={name} name={name} label={t(label)}>
          <Input maxLength={max} />
        </Form.Item>
      ))}
      {DATE_FIELDS.map(([name, label]) => (
        <Form.Item key={name} name={name} label={t(label)}>
          <BusinessDatePicker showTime />
        </Form.Item>
      ))}
      <Form.Item name="remark" label={t('field_remark')} className="bus-span-all">
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </ActionFormModal>
  );
}
