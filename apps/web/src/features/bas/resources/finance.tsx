import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { insurancePremium } from '@theone/contracts/bas/pricing';
import { ZCurrateAddBody, ZInsuranceAddBody } from '@theone/contracts/bas/resource.schemas';
import { zMoney } from '@theone/contracts/common/money';
import { Alert, Form, Image, Input, Select, Switch, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DictSelect } from '../../../components/DictSelect';
import { DictTag } from '../../../components/DictTag';
import { zodRule } from '../../../components/form-rules';
import { type ListColumn, ListPage } from '../../../components/ListPage';
import { DecimalInput } from '../../../components/NumberInput';
import { type UploadedFile, UploadField } from '../../../components/UploadField';
import { formatMoney, plainDecimal } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { getData, http, postData } from '../../../lib/request';
import { currateKeys, insuranceKeys, payinfoKeys, todayText, useCurrencies } from '../api';
import { BasFormPage, FormSection } from '../common/BasFormPage';
import { BasDetailPage, deleteActions } from '../common/DetailPage';
import { DayPicker } from '../common/selects';

/** Insurance (screens §3.14), payment info (§3.15) and exchange rates (§3.16). */

export interface TInsurance {
  id: number;
  insuranceName: string;
  insurer: string;
  insuranceRate?: string;
  minPremium?: string | null;
  currency: string;
  busType: string;
  validFromDate: string | null;
  validToDate: string | null;
  isDefault: '0' | '1';
  status: '0' | '1';
  remark: string;
  version: number;
  createTime: string;
}

export interface TPayinfo {
  id: number;
  accountName: string;
  bankName: string;
  accountNo: string;
  branch: string;
  currency: string;
  payType: string;
  qrFileId: string;
  qrUrl: string;
  isDefault: '0' | '1';
  status: '0' | '1';
  remark: string;
  version: number;
  createTime: string;
}

export interface TCurrate {
  id: number;
  srcCurrencyId: number;
  srcCurrency: string;
  destCurrencyId: number;
  destCurrency: string;
  rate: string;
  inverseRate: string;
  effectiveDate: string;
  inForce: '0' | '1';
  remark: string;
  version: number;
  createBy: string;
  updateTime: string | null;
  createTime: string;
}

const percent = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : `${plainDecimal(String(v))} %`);
const rateText = (v: unknown) => (v === null || v === undefined ? '-' : String(v));

// ---------------------------------------------------------------------------------------------------
// Insurance

export function InsuranceListPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const del = deleteActions<TInsurance>('/bas/insurance', 'bas:insurance:remove');
  const columns: ListColumn<TInsurance>[] = [
    {
      key: 'insuranceName',
      title: 'field_insurance_name',
      width: 160,
      render: (_, r) => <Link to={`/bas/insurance-details/${r.id}`}>{r.insuranceName}</Link>,
    },
    { key: 'insurer', title: 'field_insurer', width: 140 },
    {
      key: 'insuranceRate',
      title: 'field_insurance_rate',
      fee: true,
      sortable: true,
      width: 120,
      align: 'right',
      render: (_, r) => percent(r.insuranceRate),
    },
    {
      key: 'minPremium',
      title: 'field_min_premium',
      type: 'money',
      currency: (r) => r.currency,
      fee: true,
      sortable: true,
      width: 140,
    },
    { key: 'currency', title: 'field_currency', width: 80 },
    {
      key: 'busType',
      title: 'field_bus_type',
      width: 120,
      render: (_, r) => (r.busType ? <DictTag type="bus_type" value={r.busType} /> : t('bas_all_modes')),
    },
    { key: 'validFromDate', title: 'field_valid_from', width: 120 },
    { key: 'validToDate', title: 'field_valid_to', width: 120 },
    { key: 'isDefault', title: 'field_is_default', type: 'dict', dictType: 'bas_flag', width: 90 },
    { key: 'status', title: 'field_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
    { key: 'remark', title: 'remark', width: 150 },
  ];
  return (
    <ListPage<TInsurance>
      id="bas/insurance-list"
      queryKey={insuranceKeys.lists()}
      url="/bas/insurance/list"
      rowKey="id"
      searchFields={[
        { name: 'insuranceName', label: 'field_insurance_name' },
        { type: 'dict', name: 'status', label: 'field_status', dictType: 'sys_normal_disable' },
        { type: 'dict', name: 'busType', label: 'field_bus_type', dictType: 'bus_type' },
      ]}
      columns={columns}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'bas:insurance:add',
          onClick: () => navigate('/bas/insurance-add'),
        },
        del.toolbar,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:insurance:info',
          onClick: (r) => navigate(`/bas/insurance-details/${r.id}`),
        },
        {
          key: 'edit',
          label: 'edit',
          perm: 'bas:insurance:edit',
          onClick: (r) => navigate(`/bas/insurance-edit/${r.id}`),
        },
        del.row,
      ]}
    />
  );
}

interface InsuranceForm {
  insuranceName?: string;
  insurer?: string;
  insuranceRate?: string;
  minPremium?: string | null;
  currency?: string;
  busType?: string;
  validFromDate?: string | null;
  validToDate?: string | null;
  isDefault?: boolean;
  status?: boolean;
  remark?: string;
}

function PremiumExample({ rate, min, currency }: { rate?: string; min?: string | null; currency?: string }) {
  const { t } = useTranslation();
  if (!rate) return null;
  const declared = '10000';
  let premium = '';
  try {
    premium = insurancePremium(declared, rate, min ?? null);
  } catch {
    return null;
  }
  return (
    <Alert
      type="info"
      showIcon
      className="bas-span-all"
      style={{ marginBottom: 16 }}
      title={t('bas_premium_example', {
        declared: formatMoney(declared),
        rate: plainDecimal(rate),
        min: min ? formatMoney(min) : '-',
        premium: `${formatMoney(premium)} ${currency ?? ''}`,
      })}
    />
  );
}

export function InsuranceFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<InsuranceForm>();
  const { isFeeRole } = usePermission();
  const current = useQuery({
    queryKey: insuranceKeys.detail(id ?? 'new'),
    queryFn: () => getData<TInsurance>(`/bas/insurance/${id}`),
    enabled: editing,
  });
  const rate = Form.useWatch('insuranceRate', form);
  const min = Form.useWatch('minPremium', form);
  const currency = Form.useWatch('currency', form);
  const initialValues = useMemo<InsuranceForm | undefined>(() => {
    if (!editing) return { currency: 'RMB', isDefault: false, status: true };
    const r = current.data;
    return r
      ? {
          ...r,
          busType: r.busType || undefined,
          insuranceRate: r.insuranceRate ? plainDecimal(r.insuranceRate) : undefined,
          isDefault: r.isDefault === '1',
          status: r.status === '0',
        }
      : undefined;
  }, [editing, current.data]);
  const submit = (v: InsuranceForm) => {
    const body = {
      insuranceName: v.insuranceName,
      insurer: v.insurer ?? '',
      insuranceRate: v.insuranceRate,
      minPremium: v.minPremium ?? null,
      currency: v.currency,
      busType: v.busType ?? '',
      validFromDate: v.validFromDate ?? null,
      validToDate: v.validToDate ?? null,
      isDefault: v.isDefault ? '1' : '0',
      status: v.status === false ? '1' : '0',
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/insurance/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/insurance/add', body);
  };
  const required = [{ required: true, message: t('msg_required') }];
  return (
    <BasFormPage<InsuranceForm>
      title={t(editing ? 'menu_insurance_edit' : 'menu_insurance_add')}
      form={form}
      listPath="/bas/insurance-list"
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[insuranceKeys.all]}
    >
      {!isFeeRole ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bas_needs_fee_role')} />
      ) : null}
      <FormSection title={t('menu_insurance_list')}>
        <Form.Item name="insuranceName" label={t('field_insurance_name')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="insurer" label={t('field_insurer')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="insuranceRate"
          label={t('field_insurance_rate')}
          rules={[...required, zodRule(ZInsuranceAddBody.shape.insuranceRate, t)]}
        >
          <DecimalInput suffix="%" />
        </Form.Item>
        <Form.Item name="minPremium" label={t('field_min_premium')} rules={[zodRule(zMoney, t, { optional: true })]}>
          <DecimalInput suffix={currency} />
        </Form.Item>
        <Form.Item name="currency" label={t('field_currency')} rules={required}>
          <DictSelect type="currency" allowClear={false} />
        </Form.Item>
        <Form.Item
          name="busType"
          label={t('field_bus_type')}
          extra={<span className="bas-hint">{t('bas_hint_all_modes')}</span>}
        >
          <DictSelect type="bus_type" placeholder={t('bas_all_modes')} />
        </Form.Item>
        <Form.Item name="validFromDate" label={t('field_valid_from')}>
          <DayPicker />
        </Form.Item>
        <Form.Item name="validToDate" label={t('field_valid_to')}>
          <DayPicker />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('field_is_default')}
          valuePropName="checked"
          extra={<span className="bas-hint">{t('bas_hint_default_insurance')}</span>}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="status" label={t('bas_enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <PremiumExample rate={rate} min={min} currency={currency} />
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}

export function InsuranceDetailPage() {
  return (
    <BasDetailPage<TInsurance>
      titleKey="menu_insurance_details"
      url="/bas/insurance"
      queryKey={(id) => insuranceKeys.detail(id)}
      listPath="/bas/insurance-list"
      editPath="/bas/insurance-edit"
      editPerm="bas:insurance:edit"
      tabTitle={(r) => r.insuranceName}
      items={[
        { name: 'insuranceName', label: 'field_insurance_name' },
        { name: 'insurer', label: 'field_insurer' },
        { name: 'insuranceRate', label: 'field_insurance_rate', fee: true, render: percent },
        { name: 'minPremium', label: 'field_min_premium', type: 'money', currency: (r) => r.currency, fee: true },
        { name: 'currency', label: 'field_currency', type: 'dict', dictType: 'currency' },
        { name: 'busType', label: 'field_bus_type', type: 'dict', dictType: 'bus_type' },
        { name: 'validFromDate', label: 'field_valid_from' },
        { name: 'validToDate', label: 'field_valid_to' },
        { name: 'isDefault', label: 'field_is_default', type: 'dict', dictType: 'bas_flag' },
        { name: 'status', label: 'field_status', type: 'dict', dictType: 'sys_normal_disable' },
        { name: 'createTime', label: 'field_create_time', type: 'datetime' },
        { name: 'remark', label: 'remark' },
      ]}
    />
  );
}

// ---------------------------------------------------------------------------------------------------
// Payment info

export function PayinfoListPage() {
  const navigate = useNavigate();
  const del = deleteActions<TPayinfo>('/bas/payinfo', 'bas:payinfo:remove');
  const columns: ListColumn<TPayinfo>[] = [
    {
      key: 'accountName',
      title: 'field_account_name',
      width: 200,
      render: (_, r) => <Link to={`/bas/payinfo-details/${r.id}`}>{r.accountName}</Link>,
    },
    { key: 'bankName', title: 'field_bank_name', width: 150 },
    { key: 'accountNo', title: 'field_account_no', width: 180 },
    { key: 'branch', title: 'field_branch', width: 120 },
    { key: 'currency', title: 'field_currency', width: 80 },
    { key: 'payType', title: 'field_pay_type', type: 'dict', dictType: 'pay_type', width: 110 },
    {
      key: 'qrUrl',
      title: 'field_qr_code',
      width: 90,
      render: (_, r) => (r.qrFileId ? <QrThumb fileId={r.qrFileId} /> : '-'),
    },
    { key: 'isDefault', title: 'field_is_default', type: 'dict', dictType: 'bas_flag', width: 90 },
    { key: 'status', title: 'field_status', type: 'dict', dictType: 'sys_normal_disable', width: 90 },
    { key: 'remark', title: 'remark', width: 150 },
  ];
  return (
    <ListPage<TPayinfo>
      id="bas/payinfo-list"
      queryKey={payinfoKeys.lists()}
      url="/bas/payinfo/list"
      rowKey="id"
      searchFields={[
        { name: 'accountName', label: 'field_account_name' },
        { name: 'bankName', label: 'field_bank_name' },
        { type: 'dict', name: 'currency', label: 'field_currency', dictType: 'currency' },
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
          perm: 'bas:payinfo:add',
          onClick: () => navigate('/bas/payinfo-add'),
        },
        del.toolbar,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:payinfo:info',
          onClick: (r) => navigate(`/bas/payinfo-details/${r.id}`),
        },
        { key: 'edit', label: 'edit', perm: 'bas:payinfo:edit', onClick: (r) => navigate(`/bas/payinfo-edit/${r.id}`) },
        del.row,
      ]}
    />
  );
}

/** The QR image, fetched with the session (the download route needs the bearer token). */
function QrThumb({ fileId, size = 40 }: { fileId: string; size?: number }) {
  const { data } = useQuery({
    queryKey: payinfoKeys.custom('qr', fileId),
    queryFn: async () => {
      const response = await http.get<Blob>(`/file/download/${fileId}`, { responseType: 'blob' });
      return URL.createObjectURL(response.data);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ? <Image src={data} width={size} height={size} style={{ objectFit: 'cover' }} /> : <Tag>QR</Tag>;
}

interface PayinfoForm {
  accountName?: string;
  bankName?: string;
  accountNo?: string;
  branch?: string;
  currency?: string;
  payType?: string;
  qr?: UploadedFile[];
  isDefault?: boolean;
  status?: boolean;
  remark?: string;
}

export function PayinfoFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<PayinfoForm>();
  const current = useQuery({
    queryKey: payinfoKeys.detail(id ?? 'new'),
    queryFn: () => getData<TPayinfo>(`/bas/payinfo/${id}`),
    enabled: editing,
  });
  const initialValues = useMemo<PayinfoForm | undefined>(() => {
    if (!editing) return { currency: 'THB', payType: '2', isDefault: false, status: true, qr: [] };
    const r = current.data;
    return r
      ? {
          ...r,
          isDefault: r.isDefault === '1',
          status: r.status === '0',
          qr: r.qrFileId ? [{ fileId: r.qrFileId, url: r.qrUrl, name: 'QR' }] : [],
        }
      : undefined;
  }, [editing, current.data]);
  const submit = (v: PayinfoForm) => {
    const body = {
      accountName: v.accountName,
      bankName: v.bankName,
      accountNo: v.accountNo,
      branch: v.branch ?? '',
      currency: v.currency,
      payType: v.payType,
      qrFileId: v.qr?.[0]?.fileId ? String(v.qr[0].fileId) : '',
      isDefault: v.isDefault ? '1' : '0',
      status: v.status === false ? '1' : '0',
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/payinfo/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/payinfo/add', body);
  };
  const required = [{ required: true, message: t('msg_required') }];
  return (
    <BasFormPage<PayinfoForm>
      title={t(editing ? 'menu_payinfo_edit' : 'menu_payinfo_add')}
      form={form}
      listPath="/bas/payinfo-list"
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[payinfoKeys.all]}
    >
      <FormSection title={t('menu_payinfo_list')}>
        <Form.Item name="accountName" label={t('field_account_name')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="bankName" label={t('field_bank_name')} rules={required}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="accountNo" label={t('field_account_no')} rules={required}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="branch" label={t('field_branch')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="currency" label={t('field_currency')} rules={required}>
          <DictSelect type="currency" allowClear={false} />
        </Form.Item>
        <Form.Item name="payType" label={t('field_pay_type')} rules={required}>
          <Select
            options={[
              { value: '2', label: t('pay_transfer') },
              { value: '3', label: t('pay_wechat') },
              { value: '4', label: t('pay_alipay') },
            ]}
          />
        </Form.Item>
        <Form.Item name="qr" label={t('field_qr_code')}>
          <UploadField accept=".png,.jpg,.jpeg" maxCount={1} maxSizeMb={2} listType="picture" />
        </Form.Item>
        <Form.Item
          name="isDefault"
          label={t('field_is_default')}
          valuePropName="checked"
          extra={<span className="bas-hint">{t('bas_hint_default_account')}</span>}
        >
          <Switch />
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

export function PayinfoDetailPage() {
  return (
    <BasDetailPage<TPayinfo>
      titleKey="menu_payinfo_details"
      url="/bas/payinfo"
      queryKey={(id) => payinfoKeys.detail(id)}
      listPath="/bas/payinfo-list"
      editPath="/bas/payinfo-edit"
      editPerm="bas:payinfo:edit"
      tabTitle={(r) => r.bankName}
      items={[
        { name: 'accountName', label: 'field_account_name' },
        { name: 'bankName', label: 'field_bank_name' },
        { name: 'accountNo', label: 'field_account_no' },
        { name: 'branch', label: 'field_branch' },
        { name: 'currency', label: 'field_currency', type: 'dict', dictType: 'currency' },
        { name: 'payType', label: 'field_pay_type', type: 'dict', dictType: 'pay_type' },
        {
          name: 'qrFileId',
          label: 'field_qr_code',
          render: (v) => (v ? <QrThumb fileId={v as string} size={120} /> : '-'),
        },
        { name: 'isDefault', label: 'field_is_default', type: 'dict', dictType: 'bas_flag' },
        { name: 'status', label: 'field_status', type: 'dict', dictType: 'sys_normal_disable' },
        { name: 'remark', label: 'remark' },
      ]}
    />
  );
}

// ---------------------------------------------------------------------------------------------------
// Exchange rates

export function CurrateListPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const currencies = useCurrencies();
  const del = deleteActions<TCurrate>('/bas/currate', 'bas:currate:remove');
  const options = currencies.options.map((o) => ({ value: String(o.value), label: o.label }));
  const columns: ListColumn<TCurrate>[] = [
    {
      key: 'pair',
      title: 'bas_currency_pair',
      width: 150,
      render: (_, r) => (
        <Link to={`/bas/currate-details/${r.id}`}>
          {r.srcCurrency} → {r.destCurrency}
        </Link>
      ),
    },
    {
      key: 'rate',
      title: 'field_rate',
      sortable: true,
      width: 140,
      align: 'right',
      render: (_, r) => rateText(r.rate),
    },
    {
      key: 'inverseRate',
      title: 'field_inverse_rate',
      width: 140,
      align: 'right',
      render: (_, r) => rateText(r.inverseRate),
    },
    { key: 'effectiveDate', title: 'field_effective_date', sortable: true, width: 130 },
    {
      key: 'inForce',
      title: 'bas_in_force',
      width: 110,
      render: (_, r) => (r.inForce === '1' ? <Tag color="success">{t('bas_in_force')}</Tag> : null),
    },
    { key: 'createBy', title: 'created_by', width: 100 },
    { key: 'updateTime', title: 'bas_updated_at', type: 'datetime', width: 170 },
    { key: 'remark', title: 'remark', width: 160 },
  ];
  return (
    <ListPage<TCurrate>
      id="bas/currate-list"
      queryKey={currateKeys.lists()}
      url="/bas/currate/list"
      rowKey="id"
      defaultSort={{ column: 'effectiveDate', order: 'desc' }}
      searchFields={[
        { type: 'select', name: 'srcCurrencyId', label: 'field_src_currency', options },
        { type: 'select', name: 'destCurrencyId', label: 'field_dest_currency', options },
        { type: 'date', name: 'effectiveBegin', label: 'start_date' },
        { type: 'date', name: 'effectiveEnd', label: 'end_date' },
      ]}
      visibleFields={4}
      columns={columns}
      toolbar={[
        {
          key: 'add',
          label: 'add',
          type: 'primary',
          icon: <PlusOutlined />,
          perm: 'bas:currate:add',
          onClick: () => navigate('/bas/currate-add'),
        },
        del.toolbar,
      ]}
      rowActions={[
        {
          key: 'info',
          label: 'details',
          perm: 'bas:currate:info',
          onClick: (r) => navigate(`/bas/currate-details/${r.id}`),
        },
        { key: 'edit', label: 'edit', perm: 'bas:currate:edit', onClick: (r) => navigate(`/bas/currate-edit/${r.id}`) },
        del.row,
      ]}
    />
  );
}

interface CurrateForm {
  srcCurrencyId?: number;
  destCurrencyId?: number;
  rate?: string;
  effectiveDate?: string;
  remark?: string;
}

export function CurrateFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<CurrateForm>();
  const currencies = useCurrencies();
  const current = useQuery({
    queryKey: currateKeys.detail(id ?? 'new'),
    queryFn: () => getData<TCurrate>(`/bas/currate/${id}`),
    enabled: editing,
  });
  const initialValues = useMemo<CurrateForm | undefined>(() => {
    if (editing) return current.data ? { ...current.data, rate: plainDecimal(current.data.rate) } : undefined;
    const rmb = currencies.data?.find((c) => c.code === 'RMB')?.id;
    const thb = currencies.data?.find((c) => c.code === 'THB')?.id;
    return { srcCurrencyId: rmb, destCurrencyId: thb, effectiveDate: todayText() };
  }, [editing, current.data, currencies.data]);
  const submit = (v: CurrateForm) => {
    const body = {
      srcCurrencyId: v.srcCurrencyId,
      destCurrencyId: v.destCurrencyId,
      rate: v.rate,
      effectiveDate: v.effectiveDate,
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/currate/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/currate/add', body);
  };
  const required = [{ required: true, message: t('msg_required') }];
  return (
    <BasFormPage<CurrateForm>
      title={t(editing ? 'menu_currate_edit' : 'menu_currate_add')}
      form={form}
      listPath="/bas/currate-list"
      loading={(editing && !initialValues) || currencies.isLoading}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[currateKeys.all]}
    >
      <FormSection title={t('menu_currate_list')}>
        <Form.Item name="srcCurrencyId" label={t('field_src_currency')} rules={required}>
          <Select options={currencies.options} />
        </Form.Item>
        <Form.Item
          name="destCurrencyId"
          label={t('field_dest_currency')}
          dependencies={['srcCurrencyId']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: async (_r, v: number | undefined) => {
                if (v && v === getFieldValue('srcCurrencyId')) throw new Error(t('msg_currency_pair_same'));
              },
            }),
          ]}
        >
          <Select options={currencies.options} />
        </Form.Item>
        <Form.Item
          name="rate"
          label={t('field_rate')}
          rules={[...required, zodRule(ZCurrateAddBody.shape.rate, t)]}
          extra={<span className="bas-hint">{t('bas_hint_rate')}</span>}
        >
          <DecimalInput />
        </Form.Item>
        <Form.Item name="effectiveDate" label={t('field_effective_date')} rules={required}>
          <DayPicker />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}

export function CurrateDetailPage() {
  return (
    <BasDetailPage<TCurrate>
      titleKey="menu_currate_details"
      url="/bas/currate"
      queryKey={(id) => currateKeys.detail(id)}
      listPath="/bas/currate-list"
      editPath="/bas/currate-edit"
      editPerm="bas:currate:edit"
      tabTitle={(r) => `${r.srcCurrency}→${r.destCurrency}`}
      items={[
        { name: 'srcCurrency', label: 'field_src_currency' },
        { name: 'destCurrency', label: 'field_dest_currency' },
        { name: 'rate', label: 'field_rate' },
        { name: 'inverseRate', label: 'field_inverse_rate' },
        { name: 'effectiveDate', label: 'field_effective_date' },
        { name: 'inForce', label: 'bas_in_force', type: 'dict', dictType: 'bas_flag' },
        { name: 'createBy', label: 'created_by' },
        { name: 'createTime', label: 'field_create_time', type: 'datetime' },
        { name: 'remark', label: 'remark' },
      ]}
    />
  );
}
