import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ZVehicleAddBody } from '@theone/contracts/bas/resource.schemas';
import { isIdCard, zMobile } from '@theone/contracts/common/validators';
import { Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { DecimalInput, IntegerInput } from '../../../components/NumberInput';
import { getData, postData } from '../../../lib/request';
import { driverKeys, vehicleKeys } from '../api';
import { BasFormPage, FormSection } from '../common/BasFormPage';
import { BasDetailPage, deleteActions } from '../common/DetailPage';
import { DayPicker, ExpiryText, StaffSelect } from '../common/selects';

/** Drivers (screens §3.12) and vehicles (§3.13): list, add/edit and details pages. */

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

function useOptions<T>(url: string, key: readonly unknown[], label: (r: T) => string, id: (r: T) => number) {
  const { data } = useQuery({ queryKey: key, queryFn: () => getData<T[]>(url), staleTime: 60_000 });
  return (data ?? []).map((r) => ({ value: id(r), label: label(r) }));
}

// ---------------------------------------------------------------------------------------------------
// Drivers

export function DriverListPage() {
  const navigate = useNavigate();
  const del = deleteActions<TDriver>('/bas/driver', 'bas:driver:remove');
  const columns: ListColumn<TDriver>[] = [
    {
      key: 'driverName',
      title: 'field_driver_name',
      width: 140,
      render: (_, r) => <Link to={`/bas/driver-details/${r.id}`}>{r.driverName}</Link>,
    },
    { key: 'phone', title: 'field_phone', width: 130 },
    { key: 'country', title: 'field_country', type: 'dict', dictType: 'bas_country', width: 90 },
    { key: 'idCard', title: 'field_id_card', width: 180 },
    { key: 'licenceNo', title: 'field_licence_no', width: 130 },
    {
      key: 'licenceExpiry',
      title: 'field_licence_expiry',
      sortable: true,
      width: 130,
      render: (_, r) => <ExpiryText value={r.licenceExpiry} />,
    },
    { key: 'vehiclePlate', title: 'field_default_vehicle', width: 130 },
    { key: 'employment', title: 'field_employment', type: 'dict', dictType: 'bas_employment', width: 110 },
    { key: 'status', title: 'field_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
    { key: 'remark', title: 'remark', width: 150 },
    { key: 'createTime', title: 'field_create_time', type: 'datetime', sortable: true, width: 170 },
  ];
  return (
    <ListPage<TDriver>
      id="bas/driver-list"
      queryKey={driverKeys.lists()}
      url="/bas/driver/list"
      rowKey="id"
      defaultSort={{ column: 'createTime', order: 'desc' }}
      searchFields={[
        { name: 'driverName', label: 'field_driver_name' },
        { name: 'phone', label: 'field_phone' },
        { type: 'dict', name: 'country', label: 'field_country', dictType: 'bas_country' },
        { type: 'dict', name: 'status', label: 'field_status', dictType: 'sys_normal_disable' },
      ]}
      visibleFields={4}
      columns={columns}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'bas:driver:add',
          onClick: () => navigate('/bas/driver-add'),
        },
        del.toolbar,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:driver:info',
          onClick: (r) => navigate(`/bas/driver-details/${r.id}`),
        },
        { key: 'edit', label: 'edit', perm: 'bas:driver:edit', onClick: (r) => navigate(`/bas/driver-edit/${r.id}`) },
        del.row,
      ]}
    />
  );
}

interface DriverForm {
  driverName?: string;
  phone?: string;
  country?: string;
  idCard?: string;
  licenceNo?: string;
  licenceExpiry?: string | null;
  vehicleId?: number | null;
  employment?: string;
  userId?: number | null;
  status?: boolean;
  remark?: string;
}

export function DriverFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<DriverForm>();
  const current = useQuery({
    queryKey: driverKeys.detail(id ?? 'new'),
    queryFn: () => getData<TDriver>(`/bas/driver/${id}`),
    enabled: editing,
  });
  const vehicles = useOptions<{ id: number; plateNo: string }>(
    '/bas/vehicle/select',
    vehicleKeys.custom('select'),
    (v) => v.plateNo,
    (v) => v.id,
  );
  const initialValues = useMemo<DriverForm | undefined>(() => {
    if (!editing) return { country: 'TH', employment: '1', status: true };
    const d = current.data;
    return d ? { ...d, status: d.status === '0' } : undefined;
  }, [editing, current.data]);
  const submit = (v: DriverForm) => {
    const body = {
      driverName: v.driverName,
      phone: v.phone,
      country: v.country,
      idCard: v.idCard ?? '',
      licenceNo: v.licenceNo ?? '',
      licenceExpiry: v.licenceExpiry ?? null,
      vehicleId: v.vehicleId ?? null,
      employment: v.employment,
      userId: v.userId ?? null,
      status: v.status === false ? '1' : '0',
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/driver/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/driver/add', body);
  };
  const required = [{ required: true, message: t('msg_required') }];
  return (
    <BasFormPage<DriverForm>
      title={t(editing ? 'menu_driver_edit' : 'menu_driver_add')}
      form={form}
      listPath="/bas/driver-list"
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[driverKeys.all, vehicleKeys.all]}
    >
      <FormSection title={t('menu_driver_list')}>
        <Form.Item name="driverName" label={t('field_driver_name')} rules={required}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('field_phone')} rules={[...required, zodRule(zMobile, t, { optional: true })]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="country" label={t('field_country')} rules={required}>
          <DictSelect type="bas_country" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="idCard"
          label={t('field_id_card')}
          rules={[
            {
              validator: async (_r, v: string | undefined) => {
                if (v && !isIdCard(v)) throw new Error(t('err_id_card'));
              },
            },
          ]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="licenceNo" label={t('field_licence_no')}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="licenceExpiry" label={t('field_licence_expiry')}>
          <DayPicker />
        </Form.Item>
        <Form.Item name="vehicleId" label={t('field_default_vehicle')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={vehicles}
            placeholder={t('please_select')}
          />
        </Form.Item>
        <Form.Item name="employment" label={t('field_employment')} rules={required}>
          <DictSelect type="bas_employment" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="userId"
          label={t('field_driver_account')}
          extra={<span className="bas-hint">{t('bas_hint_driver_account')}</span>}
        >
          <StaffSelect post="driver" />
        </Form.Item>
        <Form.Item name="status" label={t('bas_enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}

export function DriverDetailPage() {
  return (
    <BasDetailPage<TDriver>
      titleKey="menu_driver_details"
      url="/bas/driver"
      queryKey={(id) => driverKeys.detail(id)}
      listPath="/bas/driver-list"
      editPath="/bas/driver-edit"
      editPerm="bas:driver:edit"
      tabTitle={(d) => d.driverName}
      items={[
        { name: 'driverName', label: 'field_driver_name' },
        { name: 'phone', label: 'field_phone' },
        { name: 'country', label: 'field_country', type: 'dict', dictType: 'bas_country' },
        { name: 'idCard', label: 'field_id_card' },
        { name: 'licenceNo', label: 'field_licence_no' },
        {
          name: 'licenceExpiry',
          label: 'field_licence_expiry',
          render: (v) => <ExpiryText value={v as string | null} />,
        },
        { name: 'vehiclePlate', label: 'field_default_vehicle' },
        { name: 'employment', label: 'field_employment', type: 'dict', dictType: 'bas_employment' },
        { name: 'userName', label: 'field_driver_account' },
        { name: 'status', label: 'field_status', type: 'dict', dictType: 'sys_normal_disable' },
        { name: 'createTime', label: 'field_create_time', type: 'datetime' },
        { name: 'remark', label: 'remark' },
      ]}
    />
  );
}

// ---------------------------------------------------------------------------------------------------
// Vehicles

export function VehicleListPage() {
  const navigate = useNavigate();
  const del = deleteActions<TVehicle>('/bas/vehicle', 'bas:vehicle:remove');
  const columns: ListColumn<TVehicle>[] = [
    {
      key: 'plateNo',
      title: 'field_plate_no',
      width: 130,
      render: (_, r) => <Link to={`/bas/vehicle-details/${r.id}`}>{r.plateNo}</Link>,
    },
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
      render: (_, r) => <ExpiryText value={r.insuranceExpiry} />,
    },
    { key: 'status', title: 'field_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
    { key: 'remark', title: 'remark', width: 150 },
  ];
  return (
    <ListPage<TVehicle>
      id="bas/vehicle-list"
      queryKey={vehicleKeys.lists()}
      url="/bas/vehicle/list"
      rowKey="id"
      defaultSort={{ column: 'createTime', order: 'desc' }}
      searchFields={[
        { name: 'plateNo', label: 'field_plate_no' },
        { type: 'dict', name: 'country', label: 'field_country', dictType: 'bas_country' },
        { type: 'dict', name: 'vehicleType', label: 'field_vehicle_type', dictType: 'vehicle_type' },
        { type: 'dict', name: 'status', label: 'field_status', dictType: 'sys_normal_disable' },
      ]}
      visibleFields={4}
      columns={columns}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'bas:vehicle:add',
          onClick: () => navigate('/bas/vehicle-add'),
        },
        del.toolbar,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:vehicle:info',
          onClick: (r) => navigate(`/bas/vehicle-details/${r.id}`),
        },
        { key: 'edit', label: 'edit', perm: 'bas:vehicle:edit', onClick: (r) => navigate(`/bas/vehicle-edit/${r.id}`) },
        del.row,
      ]}
    />
  );
}

interface VehicleForm {
  plateNo?: string;
  country?: string;
  vehicleType?: string;
  capacityKg?: number | null;
  capacityCbm?: string | null;
  driverId?: number | null;
  ownership?: string;
  insuranceExpiry?: string | null;
  status?: boolean;
  remark?: string;
}

export function VehicleFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<VehicleForm>();
  const current = useQuery({
    queryKey: vehicleKeys.detail(id ?? 'new'),
    queryFn: () => getData<TVehicle>(`/bas/vehicle/${id}`),
    enabled: editing,
  });
  const drivers = useOptions<{ id: number; driverName: string; phone: string }>(
    '/bas/driver/select',
    driverKeys.custom('select'),
    (d) => `${d.driverName} (${d.phone})`,
    (d) => d.id,
  );
  const country = Form.useWatch('country', form);
  const initialValues = useMemo<VehicleForm | undefined>(() => {
    if (!editing) return { country: 'TH', vehicleType: '3', ownership: '1', status: true };
    const v = current.data;
    return v ? { ...v, status: v.status === '0' } : undefined;
  }, [editing, current.data]);
  const submit = (v: VehicleForm) => {
    const body = {
      plateNo: v.plateNo,
      country: v.country,
      vehicleType: v.vehicleType,
      capacityKg: v.capacityKg ?? null,
      capacityCbm: v.capacityCbm ?? null,
      driverId: v.driverId ?? null,
      ownership: v.ownership,
      insuranceExpiry: v.insuranceExpiry ?? null,
      status: v.status === false ? '1' : '0',
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/vehicle/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/vehicle/add', body);
  };
  const required = [{ required: true, message: t('msg_required') }];
  return (
    <BasFormPage<VehicleForm>
      title={t(editing ? 'menu_vehicle_edit' : 'menu_vehicle_add')}
      form={form}
      listPath="/bas/vehicle-list"
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[vehicleKeys.all, driverKeys.all]}
    >
      <FormSection title={t('menu_vehicle_list')}>
        <Form.Item name="country" label={t('field_country')} rules={required}>
          <DictSelect type="bas_country" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="plateNo"
          label={t('field_plate_no')}
          rules={required}
          extra={<span className="bas-hint">{t(country === 'CN' ? 'bas_hint_plate_cn' : 'bas_hint_plate_th')}</span>}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="vehicleType" label={t('field_vehicle_type')} rules={required}>
          <DictSelect type="vehicle_type" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="capacityKg"
          label={t('field_capacity_kg')}
          rules={[zodRule(ZVehicleAddBody.shape.capacityKg, t, { label: t('field_capacity_kg') })]}
        >
          <IntegerInput suffix="kg" />
        </Form.Item>
        <Form.Item
          name="capacityCbm"
          label={t('field_capacity_cbm')}
          rules={[zodRule(ZVehicleAddBody.shape.capacityCbm, t)]}
        >
          <DecimalInput suffix="m³" />
        </Form.Item>
        <Form.Item name="driverId" label={t('field_default_driver')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={drivers}
            placeholder={t('please_select')}
          />
        </Form.Item>
        <Form.Item name="ownership" label={t('field_ownership')} rules={required}>
          <DictSelect type="bas_ownership" allowClear={false} />
        </Form.Item>
        <Form.Item name="insuranceExpiry" label={t('field_insurance_expiry')}>
          <DayPicker />
        </Form.Item>
        <Form.Item name="status" label={t('bas_enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}

export function VehicleDetailPage() {
  return (
    <BasDetailPage<TVehicle>
      titleKey="menu_vehicle_details"
      url="/bas/vehicle"
      queryKey={(id) => vehicleKeys.detail(id)}
      listPath="/bas/vehicle-list"
      editPath="/bas/vehicle-edit"
      editPerm="bas:vehicle:edit"
      tabTitle={(v) => v.plateNo}
      items={[
        { name: 'plateNo', label: 'field_plate_no' },
        { name: 'country', label: 'field_country', type: 'dict', dictType: 'bas_country' },
        { name: 'vehicleType', label: 'field_vehicle_type', type: 'dict', dictType: 'vehicle_type' },
        { name: 'capacityKg', label: 'field_capacity_kg', render: (v) => (v === null ? '-' : `${v} kg`) },
        { name: 'capacityCbm', label: 'field_capacity_cbm', render: (v) => (v === null ? '-' : `${v} m³`) },
        { name: 'driverName', label: 'field_default_driver' },
        { name: 'ownership', label: 'field_ownership', type: 'dict', dictType: 'bas_ownership' },
        {
          name: 'insuranceExpiry',
          label: 'field_insurance_expiry',
          render: (v) => <ExpiryText value={v as string | null} />,
        },
        { name: 'status', label: 'field_status', type: 'dict', dictType: 'sys_normal_disable' },
        { name: 'createTime', label: 'field_create_time', type: 'datetime' },
        { name: 'remark', label: 'remark' },
      ]}
    />
  );
}
