import { computeOrderFees, type TOrderFeesInput } from '@theone/contracts/bas/pricing';
import { orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { FEE_SUPPLEMENT_FIELDS } from '@theone/contracts/bus/order-pricing';
import { zMoney } from '@theone/contracts/common/money';
import { Button, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueMessage } from '../../../components/form-rules';
import { ListPage } from '../../../components/ListPage';
import { MoneyCell } from '../../../components/MoneyCell';
import { DecimalInput } from '../../../components/NumberInput';
import { feedback } from '../../../lib/feedback';
import { usePermission } from '../../../lib/permission';
import '../shared/bus.css';
import { yesNoField } from '../shared/list-parts';
import { orderUpdateFee, type TOrder, useRefreshOrders } from './api';
import { col, search } from './columns';
import { toolbar } from './list-actions';
import { inwareList } from './order-list-parts';

/**
 * deliveryfree (screens §3): add charges known only after arrival or delivery (S6-S8, not audited) before the fees
 * are audited. Fee cells are edited in the table; the total is recomputed as you type (contracts'
 * computeOrderFees); 'Save changed rows' sends only what changed, each with its version.
 */
type Edits = Record<number, Partial<Record<(typeof FEE_SUPPLEMENT_FIELDS)[number], string | null>>>;

/** The contracts' money rule's first issue for a typed amount (none for an empty box or a valid amount). */
const moneyIssue = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? undefined : zMoney.safeParse(value).error?.issues[0];

export default function DeliveryFreePage() {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const refresh = useRefreshOrders();
  const [edits, setEdits] = useState<Edits>({});
  const [fill, setFill] = useState<{ rows: TOrder[]; field: string; value: string | null } | null>(null);
  const editable = (r: TOrder) => r.auditStatus !== 2 && r.status >= 6 && hasPermi('bus:feeRecord:save');

  const set = (id: number, field: string, value: string | null) =>
    setEdits((e) => ({ ...e, [id]: { ...e[id], [field]: value } }));

  const total = (r: TOrder) => {
    const fees: TOrderFeesInput = { ...(r as unknown as TOrderFeesInput), ...edits[r.id] };
    try {
      return computeOrderFees(fees).feeArAmount;
    } catch {
      return r.feeArAmount ?? null;
    }
  };

  const save = async (rows: readonly TOrder[]) => {
    const changed = rows.filter((r) => edits[r.id] && Object.keys(edits[r.id]!).length);
    if (!changed.length) {
      feedback.message.info(t('err_no_change'));
      return;
    }
    // a wrong amount is shown on its cell and named here; nothing is sent until it is right
    for (const r of changed)
      for (const [field, value] of Object.entries(edits[r.id]!)) {
        const issue = moneyIssue(value);
        if (issue) {
          feedback.message.warning(`${r.transportId} ${issueMessage(issue, t, t(orderFieldLabelKey(field)))}`);
          return;
        }
      }
    try {
      await orderUpdateFee({ rows: changed.map((r) => ({ id: r.id, version: r.version, ...edits[r.id] })) });
      feedback.message.success(t('operation_success'));
      setEdits({});
      await refresh();
    } catch {
      /* shown */
    }
  };

  return (
    <>
      <ListPage<TOrder>
        {...inwareList('deliveryfree', 'bus:feeRecord:export')}
        defaultFilters={{ auditStatus: '0' }}
        searchFields={[
          search.transportId(),
          search.mark(),
          search.containerNo(),
          search.dict('status', 'field_status', 'order_status'),
          search.range('signTime', 'field_sign_time'),
          yesNoField('hasSupplement', 'bus_has_supplement'),
          search.dict('auditStatus', 'field_audit_status', 'audit_status'),
        ]}
        columns={[
          col.transportId('details'),
          col.mark(),
          col.text('consignee', 'field_consignee'),
          col.text('containerNo', 'field_container_no', 130),
          col.status(),
          col.time('signTime', 'field_sign_time', true),
          col.num('arrivedPiece', 'field_arrived_piece'),
          col.num('arrivedVolume', 'field_arrived_volume', 110),
          ...FEE_SUPPLEMENT_FIELDS.map((f) => ({
            key: f,
            title: orderFieldLabelKey(f),
            width: 120,
            fee: true,
            render: (_v: unknown, r: TOrder) =>
              editable(r) ? (
                <DecimalInput
                  size="small"
                  style={{ width: 100 }}
                  value={
                    edits[r.id]?.[f] !== undefined ? edits[r.id]?.[f] : (r as unknown as Record<string, string>)[f]
                  }
                  status={moneyIssue(edits[r.id]?.[f]) ? 'error' : undefined}
                  onChange={(v) => set(r.id, f, v)}
                  data-testid={`fee-${r.transportId}-${f}`}
                />
              ) : (
                <MoneyCell value={(r as unknown as Record<string, string>)[f]} />
              ),
          })),
          col.money('feeFreightAr', 'field_fee_freight_ar'),
          {
            key: 'feeArAmount',
            title: 'field_fee_ar_amount',
            width: 130,
            fee: true,
            render: (_v, r) => <MoneyCell value={total(r)} currency={r.currency} />,
          },
          { key: 'currency', title: 'field_currency', width: 80, fee: true },
          col.dict('auditStatus', 'field_audit_status', 'audit_status'),
        ]}
        toolbar={[
          {
            key: 'save',
            label: 'bus_btn_save_changed',
            type: 'primary',
            perm: 'bus:feeRecord:save',
            onClick: (ctx) => save(ctx.rows),
          },
          toolbar.onSelection('fill', 'bus_btn_fill_selected', 'bus:feeRecord:save', (rows) =>
            setFill({ rows, field: FEE_SUPPLEMENT_FIELDS[0], value: null }),
          ),
        ]}
      />
      <Modal
        open={Boolean(fill)}
        title={t('bus_btn_fill_selected')}
        onCancel={() => setFill(null)}
        okText={t('confirm')}
        cancelText={t('cancel')}
        onOk={() => {
          const issue = moneyIssue(fill?.value);
          if (issue) {
            feedback.message.warning(issueMessage(issue, t, t(orderFieldLabelKey(fill!.field))));
            return;
          }
          if (fill) for (const r of fill.rows) if (editable(r)) set(r.id, fill.field, fill.value);
          setFill(null);
        }}
      >
        {fill ? (
          <Space>
            <Select
              style={{ width: 200 }}
              value={fill.field}
              onChange={(field) => setFill({ ...fill, field })}
              options={FEE_SUPPLEMENT_FIELDS.map((f) => ({ value: f, label: t(orderFieldLabelKey(f)) }))}
            />
            <DecimalInput
              style={{ width: 140 }}
              value={fill.value}
              status={moneyIssue(fill.value) ? 'error' : undefined}
              onChange={(value) => setFill({ ...fill, value })}
            />
            <Button type="link" onClick={() => setEdits({})}>
              {t('reset')}
            </Button>
          </Space>
        ) : null}
      </Modal>
    </>
  );
}
