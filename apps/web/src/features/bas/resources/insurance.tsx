import { insurancePremium } from '@theone/contracts/bas/pricing';
import { ZInsuranceAddBody } from '@theone/contracts/bas/resource.schemas';
import { zMoney } from '@theone/contracts/common/money';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { zodRule } from '../../../components/form-rules';
import { createPageScreen, type ScreenDef } from '../../../components/screen-factory';
import { formatMoney, plainDecimal } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { insuranceKeys } from '../api';
import { basScreen, createTime, isDefault, remark, status } from './common-fields';

/** Insurance (screens §3.14): list, add/edit and details pages from one definition. */
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

const percent = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : `${plainDecimal(String(v))} %`);

function BusTypeCell({ value }: { value: string }) {
  const { t } = useTranslation();
  return value ? <DictTag type="bus_type" value={value} /> : t('bas_all_modes');
}

/** The premium of a declared 10,000 at the form's rate and minimum. */
function PremiumExample() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const rate = Form.useWatch('insuranceRate', form) as string | undefined;
  const min = Form.useWatch('minPremium', form) as string | null | undefined;
  const currency = Form.useWatch('currency', form) as string | undefined;
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

/** Rates and minimums are fee fields: without the fee role the page says they cannot be seen or saved. */
function FeeRoleWarning() {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  return isFeeRole ? null : (
    <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('bas_needs_fee_role')} />
  );
}

export const insuranceScreen: ScreenDef<TInsurance> = {
  ...basScreen('insurance', insuranceKeys),
  filters: [
    { name: 'insuranceName', label: 'field_insurance_name' },
    status.filter,
    { type: 'dict', name: 'busType', label: 'field_bus_type', dictType: 'bus_type' },
  ],
  columns: [
    { key: 'insuranceName', title: 'field_insurance_name', width: 160, link: true },
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
    { key: 'busType', title: 'field_bus_type', width: 120, render: (_, r) => <BusTypeCell value={r.busType} /> },
    { key: 'validFromDate', title: 'field_valid_from', width: 120 },
    { key: 'validToDate', title: 'field_valid_to', width: 120 },
    isDefault.column,
    status.column,
    remark.column(150),
  ],
  defaults: { currency: 'RMB', isDefault: false, status: true },
  load: (r, v) => ({
    ...v,
    busType: r.busType || undefined,
    insuranceRate: r.insuranceRate ? plainDecimal(r.insuranceRate) : undefined,
  }),
  formTop: FeeRoleWarning,
  sections: [
    {
      fields: [
        { name: 'insuranceName', label: 'field_insurance_name', required: true, max: 100 },
        { name: 'insurer', label: 'field_insurer', max: 100 },
        {
          name: 'insuranceRate',
          label: 'field_insurance_rate',
          kind: 'decimal',
          suffix: '%',
          required: true,
          rules: (t) => [zodRule(ZInsuranceAddBody.shape.insuranceRate, t)],
        },
        {
          name: 'minPremium',
          label: 'field_min_premium',
          kind: 'decimal',
          suffix: { field: 'currency' },
          rules: (t) => [zodRule(zMoney, t, { optional: true })],
        },
        { name: 'currency', label: 'field_currency', kind: 'dict', dictType: 'currency', required: true },
        {
          name: 'busType',
          label: 'field_bus_type',
          kind: 'dict',
          dictType: 'bus_type',
          placeholder: 'bas_all_modes',
          hint: 'bas_hint_all_modes',
        },
        { name: 'validFromDate', label: 'field_valid_from', kind: 'date' },
        { name: 'validToDate', label: 'field_valid_to', kind: 'date' },
        isDefault.field('bas_hint_default_insurance'),
        status.field,
        { name: 'premiumExample', label: '', kind: 'block', render: PremiumExample },
        remark.field,
      ],
    },
  ],
  tabTitle: (r) => r.insuranceName,
  details: [
    { name: 'insuranceName', label: 'field_insurance_name' },
    { name: 'insurer', label: 'field_insurer' },
    { name: 'insuranceRate', label: 'field_insurance_rate', fee: true, render: percent },
    { name: 'minPremium', label: 'field_min_premium', type: 'money', currency: (r) => r.currency, fee: true },
    { name: 'currency', label: 'field_currency', type: 'dict', dictType: 'currency' },
    { name: 'busType', label: 'field_bus_type', type: 'dict', dictType: 'bus_type' },
    { name: 'validFromDate', label: 'field_valid_from' },
    { name: 'validToDate', label: 'field_valid_to' },
    isDefault.item,
    status.item,
    createTime.item,
    remark.item,
  ],
};

/** The list, add/edit and details pages (routes `bas/insurance-list|add|edit|details`). */
export const insurancePages = createPageScreen(insuranceScreen);
