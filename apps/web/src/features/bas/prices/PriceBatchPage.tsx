import { ArrowLeftOutlined, CheckOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import {
  PRICE_TARGET_FIELDS,
  type TPriceBatchResult,
  type TPriceBatchRow,
  type TPriceTargetField,
} from '@theone/contracts/bas/price.schemas';
import { sub, money as toDecimal, toMoneyString, tryMoney, zMoney } from '@theone/contracts/common/money';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Radio,
  Space,
  Steps,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLeavePage } from '../../../app/layout/use-leave-page';
import { confirmAction } from '../../../components/confirm';
import { DictSelect } from '../../../components/DictSelect';
import { DictTag } from '../../../components/DictTag';
import { zodRule } from '../../../components/form-rules';
import { MoneyCell } from '../../../components/MoneyCell';
import { DecimalInput } from '../../../components/NumberInput';
import { feedback } from '../../../lib/feedback';
import { postData, request } from '../../../lib/request';
import { priceKeys, type TPrice, todayText, useGeog } from '../api';
import { DayPicker, GeogSelect } from '../common/selects';
import '../common/bas.css';

/**
 * price-batch (screens §3.10): 1 choose rows by filter (overdue rows excluded, all ticked), 2 the adjustment
 * (fields, add/subtract an amount or +/- a percentage, in place or as new rows from a date), 3 the server's
 * preview (old -> new, difference; a price below zero blocks Apply), then Apply in one transaction.
 */
interface FilterForm {
  mark?: string;
  busType?: string;
  leftAddrId?: number;
  destAddrId?: number;
  cargoType?: string;
  validOn?: string;
}

interface AdjustForm {
  fields: TPriceTargetField[];
  method: 'add' | 'subtract' | 'increasePct' | 'decreasePct';
  value?: string;
  effective: 'inPlace' | 'fromDate';
  effectiveDate?: string;
}

const FIELD_LABEL: Record<TPriceTargetField, string> = {
  volumePrice: 'field_volume_price',
  weightPrice: 'field_weight_price',
  volumePriceAgent: 'field_volume_price_agent',
  weightPriceAgent: 'field_weight_price_agent',
};
const OLD: Record<TPriceTargetField, keyof TPriceBatchRow> = {
  volumePrice: 'oldVolumePrice',
  weightPrice: 'oldWeightPrice',
  volumePriceAgent: 'oldVolumePriceAgent',
  weightPriceAgent: 'oldWeightPriceAgent',
};

function Diff({
  before,
  after,
  currency,
}: {
  before: string | null | undefined;
  after: string | null | undefined;
  currency: string;
}) {
  if (before === null || before === undefined || after === null || after === undefined) return <span>-</span>;
  const diff = toMoneyString(sub(after, before));
  const up = toDecimal(diff).gt(0);
  return (
    <span className={toDecimal(after).isNegative() ? 'money-negative' : undefined}>
      <MoneyCell value={before} /> → <MoneyCell value={after} currency={currency} />{' '}
      <small className={up ? 'bas-diff-up' : 'bas-diff-down'}>
        ({up ? '+' : ''}
        {diff})
      </small>
    </span>
  );
}

export default function PriceBatchPage() {
  const { t } = useTranslation();
  const leave = useLeavePage();
  const [search] = useSearchParams();
  const origin = useGeog(1);
  const dest = useGeog(2);
  const [filterForm] = Form.useForm<FilterForm>();
  const [adjustForm] = Form.useForm<AdjustForm>();
  const [step, setStep] = useState(0);
  const [rows, setRows] = useState<TPrice[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [loading, setLoading] = useState(false);
  const [filter, setFilter] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<TPriceBatchResult | null>(null);
  const [busy, setBusy] = useState(false);

  const initialFilter = useMemo<FilterForm>(
    () => ({
      mark: search.get('mark') ?? undefined,
      busType: search.get('busType') ?? undefined,
      leftAddrId: search.get('leftAddrId') ? Number(search.get('leftAddrId')) : undefined,
      destAddrId: search.get('destAddrId') ? Number(search.get('destAddrId')) : undefined,
      cargoType: search.get('cargoType') ?? undefined,
      validOn: search.get('validOn') ?? undefined,
    }),
    [search],
  );

  const load = async () => {
    const v = filterForm.getFieldsValue();
    const f: Record<string, string> = {};
    for (const [k, value] of Object.entries(v))
      if (value !== undefined && value !== null && value !== '') f[k] = String(value);
    setLoading(true);
    try {
      const answer = await request.get<{ rows: TPrice[]; total: number }>('/bas/price/list', {
        ...f,
        isOverdue: '0',
        pageSize: 500,
        orderByColumn: 'validFromDate',
        isAsc: 'asc',
      });
      setRows(answer.rows);
      setSelected(answer.rows.map((r) => r.id));
      setFilter(f);
      setPreview(null);
      setStep(answer.rows.length ? 1 : 0);
    } finally {
      setLoading(false);
    }
  };

  // The rows of the filters the list passed (or every valid price) are loaded on opening.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening
  useEffect(() => {
    void load();
  }, []);

  const body = (v: AdjustForm, previewOnly: boolean) => ({
    ids: selected.map(Number),
    filter,
    fields: v.fields,
    method: v.method,
    value: v.value,
    effective: v.effective,
    ...(v.effective === 'fromDate' ? { effectiveDate: v.effectiveDate } : {}),
    preview: previewOnly,
  });

  const runPreview = async () => {
    if (!selected.length) {
      feedback.message.warning(t('msg_select_data_first'));
      return;
    }
    const v = await adjustForm.validateFields();
    setBusy(true);
    try {
      setPreview(await postData<TPriceBatchResult>('/bas/price/batch', body(v, true)));
      setStep(2);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    const v = await adjustForm.validateFields();
    if (!(await confirmAction({ content: t('confirm_batch_price', { count: preview.changed }) }))) return;
    setBusy(true);
    try {
      const result = await postData<TPriceBatchResult>('/bas/price/batch', body(v, false));
      feedback.message.success(t('bas_batch_done', { changed: result.changed, skipped: result.skipped }));
      await leave('/bas/price-list', [priceKeys.all]);
    } finally {
      setBusy(false);
    }
  };

  const method = Form.useWatch('method', adjustForm);
  const effective = Form.useWatch('effective', adjustForm);
  const fields = (Form.useWatch('fields', adjustForm) ?? []) as TPriceTargetField[];
  const pct = method === 'increasePct' || method === 'decreasePct';
  type KeyRow = Pick<TPrice, 'mark' | 'busType' | 'leftAddrId' | 'destAddrId' | 'cargoType'>;
  /** The columns that name a price: its mark (or all marks), mode, route and cargo type. */
  const keyColumns = <R extends KeyRow>(width: number, routeWidth?: number): TableColumnsType<R> => [
    { title: t('field_mark'), dataIndex: 'mark', width, render: (v: string | null) => v ?? t('bas_all_marks') },
    dictColumn('field_bus_type', 'busType', 'bus_type', width),
    {
      title: t('bas_route'),
      key: 'route',
      width: routeWidth,
      render: (_, r) => `${origin.labelOf(r.leftAddrId)} → ${dest.labelOf(r.destAddrId)}`,
    },
    dictColumn('field_cargo_type', 'cargoType', 'cargo_type', width),
  ];
  const dictColumn = (title: string, dataIndex: string, type: string, width: number) => ({
    title: t(title),
    dataIndex,
    width,
    render: (v: string) => <DictTag type={type} value={v} />,
  });

  return (
    <Card
      className="bas-page"
      title={t('menu_price_batch')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => leave('/bas/price-list')}>
          {t('back')}
        </Button>
      }
    >
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('bas_batch_step_rows') },
          { title: t('bas_batch_step_adjust') },
          { title: t('bas_batch_step_preview') },
        ]}
      />

      <Form<FilterForm>
        form={filterForm}
        layout="inline"
        initialValues={initialFilter}
        onFinish={load}
        style={{ rowGap: 12, marginBottom: 12 }}
      >
        <Form.Item name="mark" label={t('field_mark')}>
          <Input style={{ width: 120 }} allowClear />
        </Form.Item>
        <Form.Item name="busType" label={t('field_bus_type')}>
          <DictSelect type="bus_type" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="leftAddrId" label={t('field_left_addr')}>
          <GeogSelect orgId={1} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="destAddrId" label={t('field_dest_addr')}>
          <GeogSelect orgId={2} style={{ width: 190 }} />
        </Form.Item>
        <Form.Item name="cargoType" label={t('field_cargo_type')}>
          <DictSelect type="cargo_type" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="validOn" label={t('bas_valid_on')}>
          <DayPicker />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            loading={loading}
            data-testid="batch-search"
          >
            {t('search')}
          </Button>
        </Form.Item>
      </Form>

      <Table<TPrice>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320, x: 900 }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        locale={{ emptyText: t('bas_batch_no_rows') }}
        columns={[
          ...keyColumns<TPrice>(110),
          {
            title: t('field_volume_price'),
            dataIndex: 'volumePrice',
            align: 'right',
            width: 130,
            render: (v: string, r) => <MoneyCell value={v} currency={r.currency} />,
          },
          {
            title: t('field_weight_price'),
            dataIndex: 'weightPrice',
            align: 'right',
            width: 120,
            render: (v: string, r) => <MoneyCell value={v} currency={r.currency} />,
          },
          { title: t('field_valid_from'), dataIndex: 'validFromDate', width: 110 },
          { title: t('field_valid_to'), dataIndex: 'validToDate', width: 110 },
        ]}
      />
      <div className="bas-hint" style={{ margin: '8px 0 16px' }}>
        {t('bas_batch_selected', { n: selected.length, total: rows.length })}
      </div>

      <Card size="small" title={t('bas_batch_step_adjust')}>
        <Form<AdjustForm>
          form={adjustForm}
          labelCol={{ flex: '130px' }}
          initialValues={{
            fields: ['volumePrice', 'weightPrice'],
            method: 'increasePct',
            effective: 'inPlace',
            effectiveDate: todayText(),
          }}
          onValuesChange={() => {
            setPreview(null);
            if (step === 2) setStep(1);
          }}
        >
          <Form.Item
            name="fields"
            label={t('bas_batch_fields')}
            rules={[{ required: true, message: t('msg_required') }]}
          >
            <Checkbox.Group options={PRICE_TARGET_FIELDS.map((f) => ({ value: f, label: t(FIELD_LABEL[f]) }))} />
          </Form.Item>
          <Form.Item
            name="method"
            label={t('bas_batch_method')}
            rules={[{ required: true, message: t('msg_required') }]}
          >
            <Radio.Group
              options={[
                { value: 'increasePct', label: t('bas_method_increase_pct') },
                { value: 'decreasePct', label: t('bas_method_decrease_pct') },
                { value: 'add', label: t('bas_method_add') },
                { value: 'subtract', label: t('bas_method_subtract') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="value"
            label={t('bas_batch_value')}
            dependencies={['method']}
            rules={[
              { required: true, message: t('msg_required') },
              zodRule(zMoney, t),
              {
                validator: async (_r, v: string | null) => {
                  if (pct && tryMoney(v)?.gt(100))
                    throw new Error(t('err_too_big', { field: t('bas_batch_value'), max: 100 }));
                },
              },
            ]}
          >
            <DecimalInput style={{ width: 200 }} suffix={pct ? '%' : undefined} data-testid="batch-value" />
          </Form.Item>
          <Form.Item name="effective" label={t('bas_batch_effective')}>
            <Radio.Group
              options={[
                { value: 'inPlace', label: t('bas_effective_in_place') },
                { value: 'fromDate', label: t('bas_effective_from_date') },
              ]}
            />
          </Form.Item>
          {effective === 'fromDate' ? (
            <Form.Item
              name="effectiveDate"
              label={t('bas_effective_date')}
              rules={[{ required: true, message: t('msg_required') }]}
            >
              <DayPicker />
            </Form.Item>
          ) : null}
          <Space>
            <Button
              icon={<EyeOutlined />}
              onClick={runPreview}
              loading={busy && !preview}
              disabled={!rows.length}
              data-testid="batch-preview"
            >
              {t('bas_preview')}
            </Button>
            <Button
              type="primary"
              icon={<CheckOutlined />}
              onClick={apply}
              loading={busy && Boolean(preview)}
              disabled={!preview || preview.negative > 0 || preview.changed === 0}
              data-testid="batch-apply"
            >
              {t('bas_apply')}
            </Button>
          </Space>
        </Form>
      </Card>

      {preview ? (
        <Card
          size="small"
          title={t('bas_batch_step_preview')}
          style={{ marginTop: 16 }}
          data-testid="batch-preview-result"
        >
          <Space style={{ marginBottom: 8 }}>
            <Tag color="processing">{t('bas_batch_changed', { n: preview.changed })}</Tag>
            <Tag>{t('bas_batch_skipped', { n: preview.skipped })}</Tag>
            {preview.negative ? <Tag color="error">{t('bas_batch_negative', { n: preview.negative })}</Tag> : null}
          </Space>
          {preview.negative ? (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              title={t('bas_msg_price_negative', { count: preview.negative })}
            />
          ) : null}
          <Table<TPriceBatchRow>
            size="small"
            rowKey="id"
            dataSource={preview.rows}
            pagination={false}
            scroll={{ y: 360, x: 900 }}
            rowClassName={(r) => (r.negative ? 'bas-row-negative' : '')}
            columns={[
              ...keyColumns<TPriceBatchRow>(100, 200),
              ...fields.map((f) => ({
                title: t(FIELD_LABEL[f]),
                key: f,
                render: (_: unknown, r: TPriceBatchRow) => (
                  <Diff before={r[OLD[f]] as string | null} after={r[f]} currency={r.currency} />
                ),
              })),
            ]}
          />
        </Card>
      ) : null}
    </Card>
  );
}
