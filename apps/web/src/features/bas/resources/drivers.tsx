import { useQuery } from '@tanstack/react-query';
import { ZVehicleAddBody } from '@theone/contracts/bas/resource.schemas';
import { isIdCard, zMobile } from '@theone/contracts/common/validators';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/form-rules';
import { createPageScreen, type ScreenDef } from '../../../components/screen-factory';
import { getData } from '../../../lib/request';
import { driverKeys, vehicleKeys } from '../api';
import { LabelSearchSelect, StaffSelect } from '../common/selects';
import { basScreen, createTime, expiry, remark, status } from './common-fields';

/** Drivers (screens §3.12) and vehicles (§3.13): list, add/edit and details pages from one definition each. */

export interface TDriver {
  id: number;
  driverName: string;
  phone: string;
  country: string;
  idCard: string;
  licenceNo: string;
  licenceExpiry: string | null;
  vehicleId: number | null;
  vehiclePlate: string | null;
  employment: string;
  userId: number | null;
  userName: string | null;
  status: '0' | '1';
  remark: string;
  version: number;
  createTime: string;
}

export interface TVehicle {
  id: number;
  plateNo: string;
  country: string;
  vehicleType: string;
  capacityKg: number | null;
  capacityCbm: string | null;
  driverId: number | null;
  driverName: string | null;
  ownership: string;
  insuranceExpiry: string | null;
  status: '0' | '1';
  remark: string;
  version: number;
  createTime: string;
}

/** A select over a `/select` answer (a form control: value and onChange come from the form item). */
function OptionSelect<T>(props: {
  url: string;
  queryKey: readonly unknown[];
  label: (r: T) => string;
  id: (r: T) => number;
}) {
  const { url, queryKey, label, id, ...control } = props;
  const { data } = useQuery({ queryKey, queryFn: () => getData<T[]>(url), staleTime: 60_000 });
  const options = (data ?? []).map((r) => ({ value: id(r), label: label(r) }));
  return <LabelSearchSelect<number> {...control} options={options} />;
}

export const driverScreen: ScreenDef<TDriver> = {
  ...basScreen('driver', driverKeys),
  defaultSort: { column: 'createTime', order: 'desc' },
  filters: [
    { name: 'driverName', label: 'field_driver_name' },
    { name: 'phone', label: 'field_phone' },
    { type: 'dict', name: 'country', label: 'field_country', dictType: 'bas_country' },
    status.filter,
  ],
  columns: [
    { key: 'driverName', title: 'field_driver_name', width: 140, link: true },
    { key: 'phone', title: 'field_phone', width: 130 },
    { key: 'country', title: 'field_country', type: 'dict', dictType: 'bas_country', width: 90 },
    { key: 'idCard', title: 'field_id_card', width: 180 },
    { key: 'licenceNo', title: 'field_licence_no', width: 130 },
    {
      key: 'licenceExpiry',
      title: 'field_licence_expiry',
      sortable: true,
      width: 130,
      render: (_, r) => expiry(r.licenceExpiry),
    },
    { key: 'vehiclePlate', title: 'field_default_vehicle', width: 130 },
    { key: 'employment', title: 'field_employment', type: 'dict', dictType: 'bas_employment', width: 110 },
    status.column,
    remark.column(150),
    createTime.column,
  ],
  defaults: { country: 'TH', employment: '1', status: true },
  invalidate: [driverKeys.all, vehicleKeys.all],
  sections: [
    {
      fields: [
        { name: 'driverName', label: 'field_driver_name', required: true, max: 50 },
        {
          name: 'phone',
          label: 'field_phone',
          required: true,
          max: 30,
          rules: (t) => [zodRule(zMobile, t, { optional: true })],
        },
        { name: 'country', label: 'field_country', kind: 'dict', dictType: 'bas_country', required: true },
        {
          name: 'idCard',
          label: 'field_id_card',
          max: 20,
          rules: (t) => [
            {
              validator: async (_r, v: string | undefined) => {
                if (v && !isIdCard(v)) throw new Error(t('err_id_card'));
              },
            },
          ],
        },
        { name: 'licenceNo', label: 'field_licence_no', max: 50 },
        { name: 'licenceExpiry', label: 'field_licence_expiry', kind: 'date' },
        {
          name: 'vehicleId',
          label: 'field_default_vehicle',
          kind: 'custom',
          control: (
            <OptionSelect<{ id: number; plateNo: string }>
              url="/bas/vehicle/select"
              queryKey={vehicleKeys.custom('select')}
              label={(v) => v.plateNo}
              id={(v) => v.id}
            />
          ),
        },
        { name: 'employment', label: 'field_employment', kind: 'dict', dictType: 'bas_employment', required: true },
        {
          name: 'userId',
          label: 'field_driver_account',
          kind: 'custom',
          hint: 'bas_hint_driver_account',
          control: <StaffSelect post="driver" />,
        },
        status.field,
        remark.field,
      ],
    },
  ],
  tabTitle: (d) => d.driverName,
  details: [
    { name: 'driverName', label: 'field_driver_name' },
    { name: 'phone', label: 'field_phone' },
    { name: 'country', label: 'field_country', type: 'dict', dictType: 'bas_country' },
    { name: 'idCard', label: 'field_id_card' },
    { name: 'licenceNo', label: 'field_licence_no' },
    { name: 'licenceExpiry', label: 'field_licence_expiry', render: expiry },
    { name: 'vehiclePlate', label: 'field_default_vehicle' },
    { name: 'employment', label: 'field_employment', type: 'dict', dictType: 'bas_employment' },
    { name: 'userName', label: 'field_driver_account' },
    status.item,
    createTime.item,
    remark.item,
  ],
};

/** The plate's format hint follows the chosen country. */
function PlateHint() {
  const { t } = useTranslation();
  const country = Form.useWatch('country', Form.useFormInstance());
  return <>{t(country === 'CN' ? 'bas_hint_plate_cn' : 'bas_hint_plate_th')}</>;
}

const withUnit = (unit: string) => (v: unknown) => (v === null ? '-' : `${v} ${unit}`);

export const vehicleScreen: ScreenDef<TVehicle> = {
  ...basScreen('vehicle', vehicleKeys),
  defaultSort: { column: 'createTime', order: 'desc' },
  filters: [
    { name: 'plateNo', label: 'field_plate_no' },
    { type: 'dict', name: 'country', label: 'field_country', dictType: 'bas_country' },
    { type: 'dict', name: 'vehicleType', label: 'field_vehicle_type', dictType: 'vehicle_type' },
    status.filter,
  ],
  columns: [
    { key: 'plateNo', title: 'field_plate_no', width: 130, link: true },
    { key: 'country', title: 'field_country', type: 'dict', dictType: 'bas_country', width: 90 },
    { key: 'vehicleType', title: 'field_vehicle_type', type: 'dict', dictType: 'vehicle_type', width: 120 },
    { key: 'capacityKg', title: 'field_capacity_kg', type: 'number', decimals: 0, sortable: true, width: 120 },
    { key: 'capacityCbm', title: 'field_capacity_cbm', type: 'number', decimals: 2, width: 120 },
    { key: 'driverName', title: 'field_default_driver', width: 130 },
    { key: 'ownership', title: 'field_ownership', type: 'dict', dictType: 'bas_ownership', width: 100 },
    {
      key: 'insuranceExpiry',
      title: 'field_insurance_expiry',
      sortable: true,
      width: 130,
      render: (_, r) => expiry(r.insuranceExpiry),
    },
    status.column,
    remark.column(150),
  ],
  defaults: { country: 'TH', vehicleType: '3', ownership: '1', status: true },
  invalidate: [vehicleKeys.all, driverKeys.all],
  sections: [
    {
      fields: [
        { name: 'country', label: 'field_country', kind: 'dict', dictType: 'bas_country', required: true },
        { name: 'plateNo', label: 'field_plate_no', required: true, max: 20, hint: PlateHint },
        { name: 'vehicleType', label: 'field_vehicle_type', kind: 'dict', dictType: 'vehicle_type', required: true },
        {
          name: 'capacityKg',
          label: 'field_capacity_kg',
          kind: 'integer',
          suffix: 'kg',
          rules: (t) => [zodRule(ZVehicleAddBody.shape.capacityKg, t, { label: t('field_capacity_kg') })],
        },
        {
          name: 'capacityCbm',
          label: 'field_capacity_cbm',
          kind: 'decimal',
          suffix: 'm³',
          rules: (t) => [zodRule(ZVehicleAddBody.shape.capacityCbm, t)],
        },
        {
          name: 'driverId',
          label: 'field_default_driver',
          kind: 'custom',
          control: (
            <OptionSelect<{ id: number; driverName: string; phone: string }>
              url="/bas/driver/select"
              queryKey={driverKeys.custom('select')}
              label={(d) => `${d.driverName} (${d.phone})`}
              id={(d) => d.id}
            />
          ),
        },
        { name: 'ownership', label: 'field_ownership', kind: 'dict', dictType: 'bas_ownership', required: true },
        { name: 'insuranceExpiry', label: 'field_insurance_expiry', kind: 'date' },
        status.field,
        remark.field,
      ],
    },
  ],
  tabTitle: (v) => v.plateNo,
  details: [
    { name: 'plateNo', label: 'field_plate_no' },
    { name: 'country', label: 'field_country', type: 'dict', dictType: 'bas_country' },
    { name: 'vehicleType', label: 'field_vehicle_type', type: 'dict', dictType: 'vehicle_type' },
    { name: 'capacityKg', label: 'field_capacity_kg', render: withUnit('kg') },
    { name: 'capacityCbm', label: 'field_capacity_cbm', render: withUnit('m³') },
    { name: 'driverName', label: 'field_default_driver' },
    { name: 'ownership', label: 'field_ownership', type: 'dict', dictType: 'bas_ownership' },
    { name: 'insuranceExpiry', label: 'field_insurance_expiry', render: expiry },
    status.item,
    createTime.item,
    remark.item,
  ],
};

/** Each one's list, add/edit and details pages (routes `bas/driver-list|add|...`, `bas/vehicle-list|add|...`). */
export const driverPages = createPageScreen(driverScreen);
export const vehiclePages = createPageScreen(vehicleScreen);
