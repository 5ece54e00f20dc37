import { useQuery } from '@tanstack/react-query';
import { zMoney } from '@theone/contracts/common/money';
import { Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { DecimalInput } from '../../../components/NumberInput';
import { getData, postData } from '../../../lib/request';
import { contPriceKeys, todayText } from '../api';
import { BasFormPage, FormSection } from '../common/BasFormPage';
import { DayPicker, GeogSelect } from '../common/selects';
import type { TContPrice } from './ContPriceListPage';

/** contPriceAdd / contPriceEdit (screens §3.11); the edit page doubles as the view (no details route). */
interface ContForm {
  containerType?: string;
  busType?: string;
  leftAddrId?: number;
  destAddrId?: number;
  vesselOwner?: string;
  apPrice?: string;
  arPrice?: string | null;
  currency?: string;
  validFromDate?: string;
  validToDate?: string;
  remark?: string;
}

export default function ContPriceFormPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<ContForm>();
  const currency = Form.useWatch('currency', form);
  const current = useQuery({
    queryKey: contPriceKeys.detail(id ?? 'new'),
    queryFn: () => getData<TContPrice>(`/bas/contPrice/${id}`),
    enabled: editing,
  });
  const initialValues = useMemo<ContForm | undefined>(() => {
    if (editing) return current.data ? { ...current.data, arPrice: current.data.arPrice ?? null } : undefined;
    const today = todayText();
    return {
      containerType: '40HQ',
      busType: 'SEA',
      currency: 'RMB',
      vesselOwner: '',
      validFromDate: today,
      validToDate: `${today.slice(0, 4)}-12-31`,
    };
  }, [editing, current.data]);
  const required = [{ required: true, message: t('msg_required') }];
  const money = <DecimalInput suffix={currency ?? 'RMB'} />;
  const moneyRule = zodRule(zMoney, t, { optional: true });
  const submit = (v: ContForm) => {
    const body = { ...v, vesselOwner: v.vesselOwner ?? '', arPrice: v.arPrice ?? null, remark: v.remark ?? '' };
    return editing
      ? postData('/bas/contPrice/edit', { ...body, id: Number(id), version: current.data?.version })
      : postData('/bas/contPrice/add', body);
  };
  return (
    <BasFormPage<ContForm>
      title={t(editing ? 'menu_cont_price_edit' : 'menu_cont_price_add')}
      form={form}
      listPath="/bas/contPriceList"
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      invalidate={[contPriceKeys.all]}
    >
      <FormSection title={t('bas_section_scope')}>
        <Form.Item name="containerType" label={t('field_container_type')} rules={required}>
          <DictSelect type="container_type" allowClear={false} />
        </Form.Item>
        <Form.Item name="busType" label={t('field_bus_type')} rules={required}>
          <DictSelect type="bus_type" allowClear={false} />
        </Form.Item>
        <Form.Item name="leftAddrId" label={t('field_left_addr')} rules={required}>
          <GeogSelect orgId={1} />
        </Form.Item>
        <Form.Item name="destAddrId" label={t('field_dest_addr')} rules={required}>
          <GeogSelect orgId={2} />
        </Form.Item>
        <Form.Item name="vesselOwner" label={t('field_vessel_owner')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="currency" label={t('field_currency')} rules={required}>
          <DictSelect type="currency" allowClear={false} />
        </Form.Item>
      </FormSection>
      <FormSection title={t('bas_section_prices')}>
        <Form.Item name="apPrice" label={t('field_ap_price')} rules={[...required, moneyRule]}>
          {money}
        </Form.Item>
        <Form.Item name="arPrice" label={t('field_ar_price')} rules={[moneyRule]}>
          {money}
        </Form.Item>
      </FormSection>
      <FormSection title={t('bas_section_validity')}>
        <Form.Item name="validFromDate" label={t('field_valid_from')} rules={required}>
          <DayPicker />
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
          <DayPicker />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} className="bas-span-all">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}
