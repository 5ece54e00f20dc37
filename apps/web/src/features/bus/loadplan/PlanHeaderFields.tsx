import { CURRENCIES } from '@theone/contracts/bas/constants';
import { loadHeaderFields } from '@theone/contracts/bus/load.schemas';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BusinessDatePicker } from '../../../components/BusinessDatePicker';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { DecimalInput } from '../../../components/NumberInput';
import { usePermission } from '../../../lib/permission';
import { GeogSelect } from '../../bas/common/selects';
import { useInit } from '../inware/api';
import type { LoadWire } from './api';

/** The voyage of a load as its forms hold it (plan header, Edit container data): cut-off, ETD/ETA, ports, vessel. */
export type TVoyageValues = Partial<
  Pick<
    LoadWire['LoadRow'],
    | 'clsDate'
    | 'etdDate'
    | 'etaDate'
    | 'loadPort'
    | 'unloadPort'
    | 'customsCorp'
    | 'exportAgent'
    | 'vesselOwner'
    | 'vesselName'
    | 'voyageNo'
  >
>;

/** A stored load's voyage values (the forms' initial values). */
export const voyageOf = (load: LoadWire['LoadRow']): TVoyageValues => ({
  clsDate: load.clsDate,
  etdDate: load.etdDate,
  etaDate: load.etaDate,
  loadPort: load.loadPort,
  unloadPort: load.unloadPort,
  customsCorp: load.customsCorp,
  exportAgent: load.exportAgent,
  vesselOwner: load.vesselOwner,
  vesselName: load.vesselName,
  voyageNo: load.voyageNo,
});

/**
 * The header of a load plan (screens loadplanAdd 'Header', loadplanDetails edit mode): route, container type,
 * loading warehouse and planned day, cut-off, ETD/ETA, ports, vessel and voyage, customs broker, export agent,
 * container cost [fee] (left empty: the server takes it from the container price table), person, remark.
 * Rendered inside the page's <Form>; the rules are the contracts' (loadHeaderFields).
 */
export interface PlanHeaderValues extends TVoyageValues {
  busType?: string;
  leftAddrId?: number;
  destAddrId?: number;
  containerType?: string;
  loadHouseId?: number;
  loadTime?: string | null;
  containerFee?: string | null;
  currency?: string;
  loadPerson?: string;
  remark?: string;
}

const TEXTS = [
  ['loadPort', 'field_load_port', 100],
  ['unloadPort', 'field_unload_port', 100],
  ['vesselOwner', 'field_vessel_owner', 100],
  ['vesselName', 'field_vessel_name', 100],
  ['voyageNo', 'field_voyage_no', 50],
  ['customsCorp', 'field_customs_corp', 100],
  ['exportAgent', 'field_export_agent', 100],
] as const;

/** The header values of a stored plan (the edit form's initial values). */
export function headerOf(load: LoadWire['LoadRow']): PlanHeaderValues {
  return {
    busType: load.busType,
    leftAddrId: load.leftAddrId ?? undefined,
    destAddrId: load.destAddrId ?? undefined,
    containerType: load.containerType,
    loadHouseId: load.loadHouseId ?? undefined,
    loadTime: load.loadTime,
    ...voyageOf(load),
    containerFee: load.containerFee ?? null,
    currency: load.currency || 'RMB',
    loadPerson: load.loadPerson,
    remark: load.remark,
  };
}

/** The request body of the header (empty texts as '', empty times and fee left out). */
export function headerBody(v: PlanHeaderValues, feeRole: boolean) {
  const text = (s: string | undefined) => (s ?? '').trim();
  const time = (s: string | null | undefined) => s || undefined;
  return {
    busType: v.busType as never,
    leftAddrId: v.leftAddrId as number,
    destAddrId: v.destAddrId as number,
    containerType: v.containerType as string,
    loadHouseId: v.loadHouseId as number,
    loadTime: v.loadTime as string,
    clsDate: time(v.clsDate),
    etdDate: time(v.etdDate),
    etaDate: time(v.etaDate),
    loadPort: text(v.loadPort),
    unloadPort: text(v.unloadPort),
    customsCorp: text(v.customsCorp),
    exportAgent: text(v.exportAgent),
    vesselOwner: text(v.vesselOwner),
    vesselName: text(v.vesselName),
    voyageNo: text(v.voyageNo),
    ...(feeRole ? { containerFee: v.containerFee || undefined, currency: (v.currency || 'RMB') as never } : {}),
    loadPerson: text(v.loadPerson),
    remark: text(v.remark),
  };
}

export function PlanHeaderFields({ routeLocked = false }: { routeLocked?: boolean }) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const init = useInit();
  // the message names its field ('装柜仓库 不能为空'), as every other form's does
  const required = (label: string) => ({ required: true, message: t('err_required', { field: t(label) }) });
  const houses = (init.data?.warehouses ?? []).filter((w) => w.whType === '1');
  return (
    <div className="bus-form-grid" data-testid="plan-header">
      <Form.Item name="busType" label={t('field_bus_type')} rules={[required('field_bus_type')]}>
        <DictSelect type="bus_type" disabled={routeLocked} data-testid="plan-bus-type" />
      </Form.Item>
      <Form.Item name="leftAddrId" label={t('field_left_addr_id')} rules={[required('field_left_addr_id')]}>
        <GeogSelect orgId={1} disabled={routeLocked} data-testid="plan-left-addr" />
      </Form.Item>
      <Form.Item name="destAddrId" label={t('field_dest_addr_id')} rules={[required('field_dest_addr_id')]}>
        <GeogSelect orgId={2} disabled={routeLocked} data-testid="plan-dest-addr" />
      </Form.Item>
      <Form.Item name="containerType" label={t('field_container_type')} rules={[required('field_container_type')]}>
        <DictSelect type="container_type" data-testid="plan-container-type" />
      </Form.Item>
      <Form.Item name="loadHouseId" label={t('field_load_house_id')} rules={[required('field_load_house_id')]}>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('please_select')}
          loading={init.isLoading}
          options={houses.map((w) => ({ value: w.id, label: w.name }))}
          data-testid="plan-load-house"
        />
      </Form.Item>
      <Form.Item name="loadTime" label={t('field_plan_load_time')} rules={[required('field_plan_load_time')]}>
        <BusinessDatePicker showTime data-testid="plan-load-time" />
      </Form.Item>
      <Form.Item name="clsDate" label={t('field_cls_date')}>
        <BusinessDatePicker showTime />
      </Form.Item>
      <Form.Item name="etdDate" label={t('field_etd_date')}>
        <BusinessDatePicker showTime />
      </Form.Item>
      <Form.Item name="etaDate" label={t('field_eta_date')}>
        <BusinessDatePicker showTime />
      </Form.Item>
      {TEXTS.map(([name, label, max]) => (
        <Form.Item key={name} name={name} label={t(label)} rules={[{ max, message: t('err_too_long', { max }) }]}>
          <Input autoComplete="off" maxLength={max} />
        </Form.Item>
      ))}
      {isFeeRole ? (
        <>
          <Form.Item
            name="containerFee"
            label={t('field_container_fee')}
            extra={t('load_container_fee_hint')}
            rules={[zodRule(loadHeaderFields.containerFee, t, { optional: true })]}
          >
            <DecimalInput data-testid="plan-container-fee" />
          </Form.Item>
          <Form.Item name="currency" label={t('field_currency')}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="loadPerson" label={t('field_load_person')} rules={[{ max: 64 }]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item name="remark" label={t('field_remark')} className="bus-span-2" rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
    </div>
  );
}
