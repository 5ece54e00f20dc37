import { ZCurrateAddBody } from '@theone/contracts/bas/resource.schemas';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/form-rules';
import { createPageScreen, type ScreenDef, type Values } from '../../../components/screen-factory';
import { plainDecimal } from '../../../lib/format';
import { currateKeys, todayText, useCurrencies } from '../api';
import { asFilterOptions, CurrencySelect } from '../common/selects';
import { basScreen, createTime, remark } from './common-fields';

/** Exchange rates (screens §3.16): list, add/edit and details pages from one definition. */
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

const rateText = (v: unknown) => (v === null || v === undefined ? '-' : String(v));

function InForceTag({ inForce }: { inForce: string }) {
  const { t } = useTranslation();
  return inForce === '1' ? <Tag color="success">{t('bas_in_force')}</Tag> : null;
}

/** A new rate: RMB to THB from today (once the currencies are there). */
function useNewRate(): Values | undefined {
  const currencies = useCurrencies();
  return useMemo(() => {
    if (currencies.isLoading) return undefined;
    const rmb = currencies.data?.find((c) => c.code === 'RMB')?.id;
    const thb = currencies.data?.find((c) => c.code === 'THB')?.id;
    return { srcCurrencyId: rmb, destCurrencyId: thb, effectiveDate: todayText() };
  }, [currencies.isLoading, currencies.data]);
}

export const currateScreen: ScreenDef<TCurrate> = {
  ...basScreen('currate', currateKeys),
  defaultSort: { column: 'effectiveDate', order: 'desc' },
  filters: [],
  useFilters: () => {
    const options = asFilterOptions(useCurrencies().options);
    return [
      { type: 'select', name: 'srcCurrencyId', label: 'field_src_currency', options },
      { type: 'select', name: 'destCurrencyId', label: 'field_dest_currency', options },
      { type: 'date', name: 'effectiveBegin', label: 'start_date' },
      { type: 'date', name: 'effectiveEnd', label: 'end_date' },
    ];
  },
  columns: [
    {
      key: 'pair',
      title: 'bas_currency_pair',
      width: 150,
      link: (r) => (
        <>
          {r.srcCurrency} → {r.destCurrency}
        </>
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
    { key: 'inForce', title: 'bas_in_force', width: 110, render: (_, r) => <InForceTag inForce={r.inForce} /> },
    { key: 'createBy', title: 'created_by', width: 100 },
    { key: 'updateTime', title: 'bas_updated_at', type: 'datetime', width: 170 },
    remark.column(160),
  ],
  defaults: useNewRate,
  load: (r, v) => ({ ...v, rate: plainDecimal(r.rate) }),
  sections: [
    {
      fields: [
        {
          name: 'srcCurrencyId',
          label: 'field_src_currency',
          kind: 'custom',
          required: true,
          control: <CurrencySelect />,
        },
        {
          name: 'destCurrencyId',
          label: 'field_dest_currency',
          kind: 'custom',
          required: true,
          control: <CurrencySelect />,
          dependencies: ['srcCurrencyId'],
          rules: (t) => [
            ({ getFieldValue }) => ({
              validator: async (_r, v: number | undefined) => {
                if (v && v === getFieldValue('srcCurrencyId')) throw new Error(t('msg_currency_pair_same'));
              },
            }),
          ],
        },
        {
          name: 'rate',
          label: 'field_rate',
          kind: 'decimal',
          required: true,
          hint: 'bas_hint_rate',
          rules: (t) => [zodRule(ZCurrateAddBody.shape.rate, t)],
        },
        { name: 'effectiveDate', label: 'field_effective_date', kind: 'date', required: true },
        remark.field,
      ],
    },
  ],
  tabTitle: (r) => `${r.srcCurrency}→${r.destCurrency}`,
  details: [
    { name: 'srcCurrency', label: 'field_src_currency' },
    { name: 'destCurrency', label: 'field_dest_currency' },
    { name: 'rate', label: 'field_rate' },
    { name: 'inverseRate', label: 'field_inverse_rate' },
    { name: 'effectiveDate', label: 'field_effective_date' },
    { name: 'inForce', label: 'bas_in_force', type: 'dict', dictType: 'bas_flag' },
    { name: 'createBy', label: 'created_by' },
    createTime.item,
    remark.item,
  ],
};

/** The list, add/edit and details pages (routes `bas/currate-list|add|edit|details`). */
export const curratePages = createPageScreen(currateScreen);
