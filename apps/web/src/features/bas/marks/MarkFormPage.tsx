import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MARK_CODE } from '@theone/contracts/bas/mark.schemas';
import { zMoney } from '@theone/contracts/common/money';
import { zAccount, zMobile, zPhone } from '@theone/contracts/common/validators';
import { Button, Checkbox, Form, type FormListFieldData, type FormRule, Input, Switch, Table } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DictSelect } from '../../../components/DictSelect';
import { zodRule } from '../../../components/form-rules';
import { DecimalInput } from '../../../components/NumberInput';
import { usePermission } from '../../../lib/permission';
import { getData, postData, request } from '../../../lib/request';
import { authStore } from '../../../lib/session';
import { textsOf } from '../../../lib/texts-of';
import { markKeys, type TAddress, type TMark, useStaff } from '../api';
import { BasFormPage, FormSection } from '../common/BasFormPage';
import { DictSubsetSelect, MarkSelect, StaffSelect } from '../common/selects';

/**
 * custom-add / custom-edit (screens §3.5) and agent-add / agent-edit (§3.2). The code is read-only on edit;
 * a sub-mark (parent agent set) shows its agent's settlement fields read-only, the server copies them.
 * Money fields are fee fields: without the fee role they are not rendered and the server keeps them.
 */
interface MarkForm {
  mark: string;
  nameZh?: string;
  clientType?: string;
  topMarkId?: number | null;
  sales?: number;
  service?: number | null;
  shippingChannels?: string[];
  isPrintPrice?: boolean;
  balanceType?: string;
  calPriceType?: string;
  credtLimit?: number | string | null;
  minAmount?: number | string | null;
  agentName?: string;
  company?: string;
  realName?: string;
  phone?: string;
  addr?: string;
  agentUserName?: string;
  agentPassword?: string;
  status?: boolean;
  remark?: string;
  addresses?: TAddress[];
  underMarkIds?: number[];
}

const emptyToNull = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));

function AddressesField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<MarkForm>();
  const required = { required: true, message: t('msg_required') };
  /** A column whose cells edit the row's `field` as text of at most `max` characters, checked by `rules`. */
  const textColumn = (title: string, field: keyof TAddress, max: number, width?: number, rules?: FormRule[]) => ({
    title: t(title),
    width,
    render: (_: unknown, f: FormListFieldData) => (
      <Form.Item name={[f.name, field]} {...(rules ? { rules, style: { margin: 0 } } : { noStyle: true })}>
        <Input maxLength={max} />
      </Form.Item>
    ),
  });
  return (
    <Form.List name="addresses">
      {(fields, { add, remove }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: t('bas_no_addresses') }}
            columns={[
              textColumn('field_corporation', 'corporation', 200),
              textColumn('field_contact', 'contact', 50, 150, [required]),
              textColumn('field_tel', 'tel', 30, 170, [required, zodRule(zPhone, t, { optional: true })]),
              textColumn('field_addr', 'addr', 500, undefined, [required]),
              {
                title: t('field_is_default'),
                width: 80,
                align: 'center',
                render: (_, f) => (
                  <Form.Item name={[f.name, 'isDefault']} valuePropName="checked" noStyle>
                    <Checkbox
                      onChange={(e) => {
                        if (!e.target.checked) return;
                        const rows = (form.getFieldValue('addresses') as TAddress[]) ?? [];
                        form.setFieldValue(
                          'addresses',
                          rows.map((r, i) => ({ ...r, isDefault: i === f.name })),
                        );
                      }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('actions'),
                width: 70,
                align: 'center',
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('delete')}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            data-testid="bas-address-add"
            onClick={() => add({ corporation: '', contact: '', tel: '', addr: '', isDefault: fields.length === 0 })}
          >
            {t('bas_add_address')}
          </Button>
        </>
      )}
    </Form.List>
  );
}

export function MarkFormPage({ isAgent }: { isAgent: '0' | '1' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const agent = isAgent === '1';
  const { id } = useParams();
  const [search] = useSearchParams();
  const editing = Boolean(id);
  const [form] = Form.useForm<MarkForm>();
  const { isFeeRole } = usePermission();
  const required = { required: true, message: t('msg_required') };
  const me = authStore.use((s) => s.user);
  const salesStaff = useStaff('sales');

  const current = useQuery({
    queryKey: markKeys.detail(id ?? 'new'),
    queryFn: () => getData<TMark>(`/bas/mark/${id}`),
    enabled: editing,
  });
  const under = useQuery({
    queryKey: markKeys.custom('under', id ?? 'new'),
    queryFn: async () =>
      (await request.get<{ rows: TMark[] }>('/bas/mark/list', { topMarkId: id, pageSize: 500 })).rows,
    enabled: editing && agent,
  });

  const topMarkId = Form.useWatch('topMarkId', form);
  const presetTop = search.get('topMarkId');
  const agentOfSubMark = useQuery({
    queryKey: markKeys.detail(topMarkId ?? 'none'),
    queryFn: () => getData<TMark>(`/bas/mark/${topMarkId}`),
    enabled: !agent && Boolean(topMarkId),
  });
  const isSubMark = !agent && Boolean(topMarkId);

  useEffect(() => {
    if (isSubMark && agentOfSubMark.data) {
      const a = agentOfSubMark.data;
      form.setFieldsValue({
        balanceType: a.balanceType,
        calPriceType: a.calPriceType,
        credtLimit: a.credtLimit ?? null,
        minAmount: a.minAmount ?? null,
      });
    }
  }, [isSubMark, agentOfSubMark.data, form]);

  const initialValues = useMemo<Partial<MarkForm> | undefined>(() => {
    if (editing) {
      const m = current.data;
      if (!m || (agent && !under.data)) return undefined;
      return {
        ...m,
        isPrintPrice: m.isPrintPrice === '1',
        status: m.status === '0',
        service: m.service ?? undefined,
        sales: m.sales ?? undefined,
        credtLimit: m.credtLimit ?? null,
        minAmount: m.minAmount ?? null,
        addresses: (m.addresses ?? []).map((a) => ({ ...a, isDefault: a.isDefault === '1' }) as unknown as TAddress),
        underMarkIds: (under.data ?? []).map((s) => s.id),
      };
    }
    return {
      clientType: agent ? '3' : '1',
      balanceType: agent ? '5' : '2',
      calPriceType: '3',
      isPrintPrice: false,
      status: true,
      shippingChannels: [],
      topMarkId: presetTop ? Number(presetTop) : undefined,
      addresses: [],
      underMarkIds: [],
    };
  }, [editing, current.data, under.data, agent, presetTop]);

  // A new mark's sales person defaults to the signed-in user when that user holds the sales post (screens §3.5).
  useEffect(() => {
    if (editing || !salesStaff.data || form.getFieldValue('sales')) return;
    if (salesStaff.data.some((u) => u.userId === me?.userId)) form.setFieldValue('sales', me?.userId);
  }, [editing, salesStaff.data, me?.userId, form]);

  const onValuesChange = (changed: Partial<MarkForm>) => {
    // Default payment term by client type (screens §3.5): walk-in pays on arrival, major/VIP monthly.
    if (!editing && !agent && changed.clientType)
      form.setFieldValue('balanceType', changed.clientType === '2' ? '5' : '2');
  };

  const submit = async (v: MarkForm) => {
    const body: Record<string, unknown> = {
      mark: v.mark,
      nameZh: v.nameZh ?? '',
      isAgent,
      clientType: agent ? '3' : v.clientType,
      topMarkId: agent ? null : (v.topMarkId ?? null),
      sales: v.sales,
      service: v.service ?? null,
      shippingChannels: v.shippingChannels ?? [],
      isPrintPrice: v.isPrintPrice ? '1' : '0',
      balanceType: v.balanceType,
      calPriceType: v.calPriceType,
      ...textsOf(v, ['agentName', 'company', 'realName', 'phone', 'addr', 'agentUserName', 'remark']),
      status: v.status === false ? '1' : '0',
      addresses: (v.addresses ?? []).map((a) => ({
        ...(a.id ? { id: a.id } : {}),
        corporation: a.corporation ?? '',
        contact: a.contact,
        tel: a.tel,
        addr: a.addr,
        isDefault: (a.isDefault as unknown) === true || a.isDefault === '1' ? '1' : '0',
      })),
    };
    if (isFeeRole) {
      body.credtLimit = emptyToNull(v.credtLimit);
      body.minAmount = emptyToNull(v.minAmount);
    }
    if (agent) body.underMarkIds = v.underMarkIds ?? [];
    if (editing) return postData('/bas/mark/edit', { ...body, id: Number(id), version: current.data?.version });
    if (agent && v.agentPassword) body.agentPassword = v.agentPassword;
    return postData('/bas/mark/add', body);
  };

  const titleKey = agent
    ? editing
      ? 'menu_agent_edit'
      : 'menu_agent_add'
    : editing
      ? 'menu_custom_edit'
      : 'menu_custom_add';
  const listPath = agent ? '/bas/agent-mark' : '/bas/custom-mark';
  /** The sales or service person; the saved one stays shown (by name) after leaving the post. */
  const staffField = (kind: 'sales' | 'service', label: string, rules?: FormRule[]) => {
    const kept = current.data?.[kind];
    return (
      <Form.Item name={kind} label={t(label)} rules={rules}>
        <StaffSelect
          kind={kind}
          keep={kept ? { id: kept, name: current.data?.[`${kind}Name` as const] ?? null } : null}
          data-testid={`mark-${kind}`}
        />
      </Form.Item>
    );
  };
  const money = <DecimalInput disabled={isSubMark} suffix="RMB" />;
  const moneyRules = [zodRule(zMoney, t, { optional: true })];

  return (
    <BasFormPage<MarkForm>
      title={`${t(titleKey)}${current.data ? ` · ${current.data.mark}` : ''}`}
      form={form}
      listPath={listPath}
      loading={editing && !initialValues}
      initialValues={initialValues}
      onSubmit={submit}
      onValuesChange={onValuesChange}
      invalidate={[markKeys.all]}
      testId={agent ? 'agent-form' : 'customer-form'}
    >
      <FormSection title={t(agent ? 'bas_section_agent' : 'bas_section_customer')}>
        <Form.Item
          name="mark"
          label={t('field_mark')}
          normalize={(v: string) => v?.toUpperCase()}
          rules={[required, { pattern: MARK_CODE, message: t('bas_err_mark_code') }]}
          extra={editing ? undefined : <span className="bas-hint">{t('bas_hint_mark_code')}</span>}
        >
          <Input maxLength={20} disabled={editing} />
        </Form.Item>
        {agent ? (
          <>
            <Form.Item name="agentName" label={t('field_agent_name')} rules={[required]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="company" label={t('field_company')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="realName" label={t('field_real_name')}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('field_phone')}
              rules={[required, zodRule(zMobile, t, { optional: true })]}
            >
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="addr" label={t('field_addr')} className="bas-span-all">
              <Input maxLength={500} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="nameZh" label={t('field_name_zh')} rules={[required]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="clientType" label={t('field_client_type')} rules={[required]}>
              <DictSubsetSelect type="client_type" exclude={['3']} />
            </Form.Item>
            <Form.Item
              name="topMarkId"
              label={t('field_top_mark')}
              extra={<span className="bas-hint">{t('bas_hint_top_mark')}</span>}
            >
              <MarkSelect
                isAgent="1"
                known={
                  current.data?.topMarkId
                    ? [
                        {
                          id: current.data.topMarkId,
                          mark: current.data.topMark ?? '',
                          nameZh: current.data.topMarkName ?? '',
                        },
                      ]
                    : agentOfSubMark.data
                      ? [agentOfSubMark.data]
                      : undefined
                }
              />
            </Form.Item>
          </>
        )}
      </FormSection>

      <FormSection title={t('bas_section_business')}>
        {staffField('sales', 'field_sales', [required])}
        {staffField('service', 'field_service')}
        <Form.Item name="shippingChannels" label={t('field_shipping_channels')}>
          <DictSelect type="bus_type" mode="multiple" />
        </Form.Item>
        <Form.Item name="isPrintPrice" label={t('field_is_print_price')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="status" label={t('bas_enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormSection>

      <FormSection
        title={t('bas_section_settlement')}
        extra={isSubMark ? <span className="bas-hint">{t('bas_hint_sub_mark_settlement')}</span> : undefined}
      >
        <Form.Item name="balanceType" label={t('field_balance_type')} rules={[required]}>
          <DictSelect type="balance_type" allowClear={false} disabled={isSubMark} />
        </Form.Item>
        <Form.Item name="calPriceType" label={t('field_cal_price_type')} rules={[required]}>
          <DictSelect type="cal_price_type" allowClear={false} disabled={isSubMark} />
        </Form.Item>
        {isFeeRole ? (
          <>
            <Form.Item
              name="credtLimit"
              label={t('field_credt_limit')}
              extra={<span className="bas-hint">{t('bas_hint_credit_limit')}</span>}
              rules={moneyRules}
            >
              {money}
            </Form.Item>
            <Form.Item name="minAmount" label={t('field_min_amount')} rules={moneyRules}>
              {money}
            </Form.Item>
          </>
        ) : null}
      </FormSection>

      {agent ? (
        <FormSection title={t('bas_section_portal')}>
          <Form.Item
            name="agentUserName"
            label={t('field_agent_user_name')}
            rules={[zodRule(zAccount, t, { optional: true })]}
          >
            <Input maxLength={16} autoComplete="off" />
          </Form.Item>
          {editing ? null : (
            <Form.Item
              name="agentPassword"
              label={t('bas_initial_password')}
              rules={[{ min: 8, max: 64, message: t('err_password_length') }]}
            >
              <Input.Password maxLength={64} autoComplete="new-password" />
            </Form.Item>
          )}
        </FormSection>
      ) : null}

      {agent ? (
        <FormSection
          title={t('bas_section_sub_marks')}
          extra={
            editing ? (
              <Button size="small" icon={<PlusOutlined />} onClick={() => navigate(`/bas/custom-add?topMarkId=${id}`)}>
                {t('bas_new_sub_mark')}
              </Button>
            ) : undefined
          }
        >
          <Form.Item
            name="underMarkIds"
            label={t('field_under_mark')}
            className="bas-span-all"
            extra={<span className="bas-hint">{t('bas_hint_sub_marks')}</span>}
          >
            <MarkSelect mode="multiple" isAgent="0" noTopMark="1" known={under.data} data-testid="agent-sub-marks" />
          </Form.Item>
        </FormSection>
      ) : null}

      <FormSection title={t('bas_section_addresses')}>
        <div className="bas-span-all">
          <AddressesField />
        </div>
      </FormSection>

      <FormSection title={t('remark')}>
        <Form.Item name="remark" className="bas-span-all" label={t('remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </FormSection>
    </BasFormPage>
  );
}
