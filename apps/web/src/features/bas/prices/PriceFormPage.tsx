import { useQuery } from '@tanstack/react-query';
import { CAL_PRICE_TYPES } from '@theone/contracts/bas/constants';
import { defaultVolWgtRate } from '@theone/contracts/bas/price.schemas';
import { computeFreight, PricingError } from '@theone/contracts/bas/pricing';
import { toPlainString, zMoney, zRate } from '@theone/contracts/common/money';
import { Form, Input, Radio, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { MoneyCell } from '../../../components/MoneyCell';
import { DecimalInput } from '../../../components/NumberInput';
import { useDictLabel } from '../../../lib/dict';
import { pick } from '../../../lib/pick';
import { getData, postData } from '../../../lib/request';
import { priceKeys, type TPrice, todayText } from '../api';
import { BasFormPage, FormSection } from '../common/BasFormPage';
import { DayPicker, GeogSelect, MarkSelect } from '../common/selects';
import { PriceTrial } from './PriceTrial';
import type { TPriceDraft } from './price-trial';

/**
 * price-add / price-edit (screens §3.8); `?copy={id}` pre-fills a new row from an existing one. The ratios
 * default by transport mode (300 kg/m³, 167 for air); agent prices left empty follow the customer prices.
 * The calculator runs the shared pricing engine (contracts) on the form's figures for every pricing method.
 */
/** The form's values: the price trial's draft (route, currency, prices, period) and the rest of a price row. */
interface PriceForm extends TPriceDraft {
  volumePrice?: string;
  weightPrice?: string;
  isWeight?: string;
  isWeightAgent?: string;
  volumePriceAgent?: string | null;
  weightPriceAgent?: string | null;
  volWgtRate?: string | null;
  wgtVolRate?: string | null;
  remark?: string;
}

const blank = (v: unknown) => v === undefined || v === null || v === '';
const str = (v: unknown) => (blank(v) ? null : String(v));

function Calculator({ values }: { values: PriceForm }) {
  const { t } = useTranslation();
  const methodLabel = useDictLabel('cal_price_type');
  const [volume, setVolume] = useState<string | null>('1.5');
  const [weight, setWeight] = useState<string | null>('420');
  const [minAmount, setMinAmount] = useState<string | null>(null);
  const rows = CAL_PRICE_TYPES.map((method) => {
    try {
      const r = computeFreight({
        calPriceType: method,
        volume: volume || '0',
        weight: weight || '0',
        minAmount,
        price: {
          volumePrice: str(values.volumePrice),
          weightPrice: str(values.weightPrice),
          volWgtRate: str(values.volWgtRate),
          wgtVolRate: str(values.wgtVolRate ?? values.volWgtRate),
        },
      });
      return {
        method,
        freight: r.freight,
        basis: `${t(r.basis === 'volume' ? 'bas_basis_volume' : 'bas_basis_weight')} ${r.quantity} × ${r.unitPrice}${r.minimumApplied ? ` → ${t('field_min_amount')}` : ''}`,
      };
    } catch (error) {
      return { method, freight: null, basis: error instanceof PricingError ? t(error.code) : t('err_invalid_value') };
    }
  });
  return (
    <div className="bas-calculator" data-testid="price-calculator">
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginBottom: 8 }}>
        <span>
          {t('bas_calc_volume')} <DecimalInput style={{ width: 120 }} suffix="m³" value={volume} onChange={setVolume} />
        </span>
        <span>
          {t('bas_calc_weight')} <DecimalInput style={{ width: 120 }} suffix="kg" value={weight} onChange={setWeight} />
        </span>
        <span>
          {t('field_min_amount')} <DecimalInput style={{ width: 120 }} value={minAmount} onChange={setMinAmount} />
        </span>
      </div>
      <Table
        size="small"
        rowKey="method"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('field_cal_price_type'), dataIndex: 'method', width: 220, render: (v: string) => methodLabel(v) },
          {
            title: t('bas_freight'),
            dataIndex: 'freight',
            width: 160,
            align: 'right',
            render: (v: string | null) => <MoneyCell value={v} currency={values.currency} />,
          },
          { title: t('bas_basis'), dataIndex: 'basis' },
        ]}
      />
    </div>
  );
}

export default function PriceFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [search] = useSearchParams();
  const copyId = search.get('copy');
  const sourceId = id ?? copyId;
  const editing = Boolean(id);
  const [form] = Form.useForm<PriceForm>();
  const source = useQuery({
    queryKey: priceKeys.detail(sourceId ?? 'new'),
    queryFn: () => getData<TPrice>(`/bas/price/${sourceId}`),
    enabled: Boolean(sourceId),
  });
  const values = (Form.useWatch([], form) ?? {}) as PriceForm;

  const initialValues = useMemo<PriceForm | undefined>(() => {
    if (sourceId) {
      const p = source.data;
      if (!p) return undefined;
      return {
        ...pick(p, [
          'markId',
          'busType',
          'leftAddrId',
          'destAddrId',
          'cargoType',
          'currency',
          'isWeight',
          'volumePrice',
          'weightPrice',
          'isWeightAgent',
          'validToDate',
          'remark',
        ]),
        volumePriceAgent: p.volumePriceAgent ?? null,
        weightPriceAgent: p.weightPriceAgent ?? null,
        volWgtRate: p.volWgtRate ? toPlainString(p.volWgtRate) : null,
        wgtVolRate: p.wgtVolRate ? toPlainString(p.wgtVolRate) : null,
        validFromDate: editing ? p.validFromDate : todayText(),
      };
    }
    const today = todayText();
    return {
      markId: null,
      busType: 'EK',
      cargoType: '1',
      currency: 'RMB',
      isWeight: '0',
      isWeightAgent: '0',
      volWgtRate: '300',
      wgtVolRate: '300',
      validFromDate: today,
      validToDate: `${today.slice(0, 4)}-12-31`,
    };
  }, [sourceId, source.data, editing]);

  const onValuesChange = (changed: Partial<PriceForm>, all: PriceForm) => {
    if (changed.busType) {
      const rate = toPlainString(defaultVolWgtRate(changed.busType));
      const previous = all.volWgtRate;
      form.setFieldValue('volWgtRate', rate);
      if (blank(all.wgtVolRate) || all.wgtVolRate === previous) form.setFieldValue('wgtVolRate', rate);
    }
    if (changed.volWgtRate !== undefined && blank(all.wgtVolRate)) form.setFieldValue('wgtVolRate', changed.volWgtRate);
  };

  const submit = (v: PriceForm) => {
    const body = {
      markId: v.markId ?? null,
      busType: v.busType,
      leftAddrId: v.leftAddrId,
      destAddrId: v.destAddrId,
      cargoType: v.cargoType,
      currency: v.currency,
      isWeight: v.isWeight,
      volumePrice: str(v.volumePrice),
      weightPrice: str(v.weightPrice),
      isWeightAgent: v.isWeightAgent,
      volumePriceAgent: str(v.volumePriceAgent),
      weightPriceAgent: str(v.weightPriceAgent),
      volWgtRate: str(v.volWgtRate),
      wgtVolRate: str(v.wgtVolRate),
      validFromDate: v.validFromDate,
      validToDate: v.validToDate,
      remark: v.remark ?? '',
    };
    return editing
      ? postData('/bas/price/edit', { ...body, id: Number(id), version: source.data?.version })
      : postData('/bas/price/add', body);
  };

  const money = (placeholder?: string) => <DecimalInput suffix={values.currency ?? 'RMB'} placeholder={placeholder} />;
  const moneyRule = zodRule(zMoney, t, { optional: true });
  const rateRules = [zodRule(zRate, t, { optional: true })];
  const basis = (
    <Radio.Group
      options={[
        { value: '0', label: t('bas_basis_volume') },
        { value: '1', label: t('bas_basis_weight') },
      ]}
    />
  );
  const required = [{ required: true, message: t('msg_required') }];

  return (
    <BasFormPage<PriceForm>
      title={t(editing ? 'menu_price_edit' : 'menu_price_add')}
      form={form}
      listPath="/bas/price-list"
      loading={Boolean(sourceId) && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      onValuesChange={onValuesChange}
      invalidate={[priceKeys.all]}
      labelWidth={150}
      testId="price-form"
      extra={
        <>
          <FormSection title={t('bas_trial_title')}>
            <div className="bas-span-all">
              <PriceTrial draft={values} editingId={editing ? Number(id) : null} />
            </div>
          </FormSection>
          <FormSection title={t('bas_calculator')}>
            <div className="bas-span-all">
              <Calculator values={values} />
            </div>
          </FormSection>
        </>
      }
    >
      <FormSection title={t('bas_section_scope')}>
        <Form.Item
          name="markId"
          label={t('field_mark')}
          extra={<span className="bas-hint">{t('bas_hint_all_marks')}</span>}
        >
          <MarkSelect
            known={
              source.data?.markId
                ? [{ id: source.data.markId, mark: source.data.mark ?? '', nameZh: source.data.markName ?? '' }]
                : undefined
            }
            data-testid="price-mark"
          />
        </Form.Item>
        <Form.Item name="busType" label={t('field_bus_type')} rules={required}>
          <DictSelect type="bus_type" allowClear={false} />
        </Form.Item>
        <Form.Item name="leftAddrId" label={t('field_left_addr')} rules={required}>
          <GeogSelect orgId={1} data-testid="price-left" />
        </Form.Item>
        <Form.Item name="destAddrId" label={t('field_dest_addr')} rules={required}>
          <GeogSelect orgId={2} data-testid="price-dest" />
        </Form.Item>
        <Form.Item name="cargoType" label={t('field_cargo_type')} rules={required}>
          <DictSelect type="cargo_type" allowClear={false} />
        </Form.Item>
        <Form.Item name="currency" label={t('field_currency')} rules={required}>
          <DictSelect type="currency" allowClear={false} />
        </Form.Item>
      </FormSection>
      <FormSection title={t('bas_section_customer_price')}>
        <Form.Item name="isWeight" label={t('field_is_weight')}>
          {basis}
        </Form.Item>
        <Form.Item name="volumePrice" label={t('field_volume_price')} rules={[...required, moneyRule]}>
          {money()}
        </Form.Item>
        <Form.Item name="weightPrice" label={t('field_weight_price')} rules={[...required, moneyRule]}>
          {money()}
        </Form.Item>
      </FormSection>
      <FormSection
        title={t('bas_section_agent_price')}
        extra={<span className="bas-hint">{t('bas_hint_agent_price')}</span>}
      >
        <Form.Item name="isWeightAgent" label={t('field_is_weight_agent')}>
          {basis}
        </Form.Item>
        <Form.Item name="volumePriceAgent" label={t('field_volume_price_agent')} rules={[moneyRule]}>
          {money(values.volumePrice ?? undefined)}
        </Form.Item>
        <Form.Item name="weightPriceAgent" label={t('field_weight_price_agent')} rules={[moneyRule]}>
          {money(values.weightPrice ?? undefined)}
        </Form.Item>
      </FormSection>
      <FormSection title={t('bas_section_ratios')}>
        <Form.Item name="volWgtRate" label={t('field_vol_wgt_rate')} rules={rateRules}>
          <DecimalInput suffix="kg/m³" />
        </Form.Item>
        <Form.Item name="wgtVolRate" label={t('field_wgt_vol_rate')} rules={rateRules}>
          <DecimalInput suffix="kg/m³" />
        </Form.Item>
      </FormSection>
      <FormSection title={t('bas_section_validity')}>
        <Form.Item name="validFromDate" label={t('field_valid_from')} rules={required}>
          <DayPicker data-testid="price-valid-from" />
        </Form.Item>
        <Form.Item
          name="validToDate"
          label={t('field_valid_to')}
          dependencies={['validFromDate']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: async (_r, v: string | undefined) => {
                const from = getFieldValue('validFromDate') as string | undefined;
                if (v && from && v < from) throw new Error(t('msg_date_order'));
              },
            }),
          ]}
        >
          <DayPicker data-testid="price-valid-to" />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}
