import { useQuery, useQueryClient } from '@tanstack/react-query';
import { checkBatch, SIGN_STATUS } from '@theone/contracts';
import { SIGN_TABS, type TSignTab } from '@theone/contracts/bus/send';
import { Button, Empty, Grid, Space, Spin, Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DictTag } from '../../../components/DictTag';
import { type ListContext, ListPage, useUrlTab } from '../../../components/ListPage';
import { ScanBox, type ScanFeedback } from '../../../components/ScanBox';
import { runStateAction } from '../../../components/state-action';
import { downloadFile } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { translate } from '../../../lib/i18n';
import { usePermission } from '../../../lib/permission';
import { request, type TableResponse } from '../../../lib/request';
import { cancelSigns, signKeys, type TSendLine, uploadPod } from '../send/api';
import '../send/send.css';
import { CONSIGNEE_SEARCH, sendLineColumns, WAYBILL_SEARCH } from '../send/line-columns';
import { ListTabs } from '../shared/ListTabs';
import { searchKinds, selectField, tickedButton } from '../shared/list-parts';
import { BatchSignDialog, FailDialog, SignDialog } from './SignDialogs';

/**
 * sign-list (screens §3, key bus:sign): proof of delivery. Tabs Unsigned (S7 not failed), Failed, Signed (S8), All;
 * a scan box (waybill or piece label) opens the Sign dialog of that order. Sign (A23), Batch sign (ticked orders or
 * the run in the sendNo filter, one photo), Sign fail (A24), Cancel signature (A25, P-cancelSign), Upload POD,
 * Export. On a phone (drivers at the door) the orders show as cards with large buttons instead of the table.
 */

const wrongRows = (rows: readonly TSendLine[], action: 'sign' | 'signFail' | 'cancelSign') => {
  const refusal = checkBatch(
    rows.map((r) => ({ ...r, status: r.status as never })),
    action,
  );
  if (!refusal) return false;
  feedback.message.warning(translate(refusal.messageKey, { list: refusal.rows.map((r) => r.transportId).join(', ') }));
  return true;
};

function pickPhoto(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

async function uploadPodFor(row: TSendLine, done: () => unknown) {
  const file = await pickPhoto();
  if (!file) return;
  try {
    await uploadPod(row.orderId, file, file.name);
    feedback.message.success(translate('operation_success'));
    await done();
  } catch {
    /* the request client showed the server's message */
  }
}

/** The phone layout: one card per order with its actions. */
function SignCards({
  tab,
  sendNo,
  version,
  onSign,
  onFail,
  onChanged,
}: {
  tab: TSignTab;
  sendNo: string;
  version: number;
  onSign: (r: TSendLine) => void;
  onFail: (r: TSendLine) => void;
  onChanged: () => unknown;
}) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const [size, setSize] = useState(20);
  const list = useQuery({
    queryKey: [...signKeys.custom('cards'), tab, sendNo, size, version],
    queryFn: () => request.get<TableResponse<TSendLine>>('/bus/sign/list', { tab, sendNo, pageSize: size }),
  });
  if (list.isLoading) return <Spin />;
  const rows = list.data?.rows ?? [];
  if (!rows.length) return <Empty description={t('sign_nothing')} />;
  return (
    <div className="sign-cards" data-testid="sign-cards">
      {rows.map((r) => (
        <div className="sign-card" key={r.orderId} data-testid={`sign-card-${r.transportId}`}>
          <div className="sign-card-title">
            <span>{r.transportId}</span>
            <DictTag
              type="sign_status"
              value={r.status === 8 || r.signStatus === SIGN_STATUS.FAILED ? r.signStatus : 0}
            />
          </div>
          <div className="sign-card-line">
            {r.consignee} · <a href={`tel:${r.consigneeTel}`}>{r.consigneeTel}</a>
          </div>
          <div className="sign-card-line">{r.consigneeAddr}</div>
          <div className="sign-card-line">
            {t('print_pieces')}: {r.pieces ?? r.arrivedPiece}
            {r.sendPartAmount ? (
              <>
                {' · '}
                <Tag color="orange">
                  {t('send_field_part_amount')} {formatMoney(r.sendPartAmount)}
                </Tag>
              </>
            ) : null}
          </div>
          {r.signFailRemark || r.signFailReason ? (
            <div className="sign-card-line">
              {t('send_field_fail_remark')}: {r.signFailRemark}
            </div>
          ) : null}
          {r.status === 8 ? (
            <div className="sign-card-line">
              {r.signPerson} {formatDateTime(r.signTime as string)} · {r.signPiece}
            </div>
          ) : null}
          {r.status === 7 ? (
            <div className="sign-card-actions">
              {hasPermi('bus:sign:sign') ? (
                <Button
                  type="primary"
                  size="large"
                  onClick={() => onSign(r)}
                  data-testid={`card-sign-${r.transportId}`}
                >
                  {t('send_btn_sign')}
                </Button>
              ) : null}
              {hasPermi('bus:sign:fail') ? (
                <Button size="large" danger onClick={() => onFail(r)} data-testid={`card-fail-${r.transportId}`}>
                  {t('sign_btn_fail')}
                </Button>
              ) : null}
              {hasPermi('bus:sign:upload') ? (
                <Button size="large" onClick={() => uploadPodFor(r, onChanged)}>
                  {t('sign_btn_pod')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      ))}
      {(list.data?.total ?? 0) > rows.length ? (
        <Button block size="large" onClick={() => setSize((s) => s + 20)}>
          {t('sign_more')}
        </Button>
      ) : null}
    </div>
  );
}

export default function SignListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const [query] = useSearchParams();
  const [tab, setTab] = useUrlTab<TSignTab>(SIGN_TABS, 'unsigned');
  const sendNo = query.get('sendNo') ?? '';
  const baseParams = useMemo(() => ({ tab }), [tab]);
  const [signing, setSigning] = useState<TSendLine | null>(null);
  const [failing, setFailing] = useState<TSendLine[] | null>(null);
  const [batch, setBatch] = useState<{ orderIds?: number[]; sendId?: number; label: string } | null>(null);
  const [version, setVersion] = useState(0);
  const settled = useRef<(() => void) | null>(null);
  const refresh = async () => {
    setVersion((v) => v + 1);
    await queryClient.invalidateQueries({ queryKey: signKeys.all });
  };
  const closeAll = () => {
    setSigning(null);
    setFailing(null);
    setBatch(null);
    settled.current?.();
    settled.current = null;
  };
  /** What each sign dialog does on Cancel and once saved. */
  const dialogEvents = {
    onClose: closeAll,
    onSaved: () => {
      closeAll();
      void refresh();
    },
  };

  const onScan = async (code: string): Promise<ScanFeedback> => {
    const waybill = code.trim().toUpperCase().replace(/-\d+$/, '');
    const answer = await request.get<TableResponse<TSendLine>>('/bus/sign/list', { tab: 'all', transportId: waybill });
    const row = answer.rows[0];
    if (!row) return { tone: 'error', message: t('bus_msg_no_order_for_code', { code: waybill }) };
    if (row.status !== 7 || row.signStatus === SIGN_STATUS.FAILED)
      return { tone: 'warn', message: translate('msg_delivery_state_reselect', { list: row.transportId }) };
    setSigning(row);
    return {
      tone: 'ok',
      message: `${row.transportId} ${row.consignee}`,
      until: new Promise<void>((resolve) => {
        settled.current = resolve;
      }),
    };
  };

  const batchFrom = async (ctx: ListContext<TSendLine>) => {
    if (ctx.selectedRows.length) {
      if (wrongRows(ctx.selectedRows, 'sign')) return;
      setBatch({ orderIds: ctx.selectedRows.map((r) => r.orderId), label: `(${ctx.selectedRows.length})` });
      return;
    }
    const runNo = ctx.filters.sendNo ?? sendNo;
    const first = ctx.rows.find((r) => r.sendNo === runNo && r.sendId);
    if (!runNo || !first) {
      feedback.message.warning(translate('msg_select_data_first'));
      return;
    }
    setBatch({ sendId: first.sendId as number, label: runNo });
  };

  return (
    <>
      <ListTabs tabs={SIGN_TABS} labelPrefix="sign_tab_" value={tab} onChange={setTab} testId="sign-tabs" />
      <div style={{ marginBottom: 8 }}>
        <ScanBox
          onScan={onScan}
          hold={signing !== null || failing !== null || batch !== null}
          placeholder="sign_scan_placeholder"
          testId="sign-scan"
        />
      </div>
      {phone ? (
        <SignCards
          tab={tab}
          sendNo={sendNo}
          version={version}
          onSign={setSigning}
          onFail={(r) => setFailing([r])}
          onChanged={refresh}
        />
      ) : (
        <ListPage<TSendLine>
          id="bus/sign-list"
          queryKey={signKeys.lists()}
          url="/bus/sign/list"
          baseParams={baseParams}
          rowKey="orderId"
          searchFields={[
            WAYBILL_SEARCH,
            { name: 'sendNo', label: 'send_field_send_no' },
            { name: 'transDriver', label: 'send_field_driver' },
            ...CONSIGNEE_SEARCH,
            { type: 'dict', name: 'signStatus', label: 'field_sign_status', dictType: 'sign_status' },
            selectField('status', 'field_status', [
              ['7', 'send_tab_out'],
              ['8', 'sign_tab_signed'],
            ]),
            searchKinds.range('signTime', 'field_sign_time', 'SignTime'),
            searchKinds.range('sendTime', 'send_field_send_time', 'SendTime'),
            { name: 'containerNo', label: 'field_container_no' },
          ]}
          columns={[
            ...sendLineColumns(200),
            { key: 'sendNo', title: 'send_field_send_no', width: 140 },
            { key: 'sendTime', title: 'send_field_send_time', type: 'datetime', width: 150, sortable: true },
            { key: 'driverName', title: 'send_field_driver', width: 100 },
            { key: 'pieces', title: 'print_pieces', type: 'number', width: 70 },
            {
              key: 'signPiece',
              title: 'field_sign_piece',
              width: 80,
              render: (_v, r) => (
                <span className={r.signPiece !== null && r.signPiece < (r.pieces ?? 0) ? 'sign-piece-short' : ''}>
                  {r.signPiece ?? ''}
                </span>
              ),
            },
            {
              key: 'signStatus',
              title: 'field_sign_status',
              width: 110,
              render: (_v, r) => <DictTag type="sign_status" value={r.signStatus} />,
            },
            { key: 'signPerson', title: 'field_sign_person', width: 100 },
            { key: 'signTime', title: 'field_sign_time', type: 'datetime', width: 150, sortable: true },
            { key: 'signTel', title: 'send_field_sign_tel', width: 120 },
            { key: 'signIdcard', title: 'send_field_sign_idcard', width: 100 },
            {
              key: 'signPicture',
              title: 'sign_picture',
              width: 80,
              render: (_v, r) =>
                r.signPicture ? (
                  <Button type="link" size="small" onClick={() => downloadFile(r.signPicture, `${r.transportId}.jpg`)}>
                    {t('sign_view_photo')}
                  </Button>
                ) : (
                  ''
                ),
            },
            { key: 'signFailRemark', title: 'send_field_fail_remark', width: 140 },
            { key: 'sendPartAmount', title: 'send_field_part_amount', type: 'money', width: 100 },
          ]}
          toolbar={[
            {
              key: 'sign',
              label: 'send_btn_sign',
              type: 'primary',
              perm: 'bus:sign:sign',
              selection: 'single',
              onClick: (ctx) => !wrongRows(ctx.selectedRows, 'sign') && setSigning(ctx.selectedRows[0]!),
            },
            { key: 'batch', label: 'sign_btn_batch', perm: 'bus:sign:batch', onClick: batchFrom },
            tickedButton(
              'fail',
              'sign_btn_fail',
              'bus:sign:fail',
              (rows) => !wrongRows(rows, 'signFail') && setFailing(rows),
            ),
          ]}
          exportConfig={{ url: '/bus/sign/export', fileName: 'sign_list', perm: 'bus:sign:export' }}
          rowActions={[
            {
              key: 'sign',
              label: 'send_btn_sign',
              perm: 'bus:sign:sign',
              hidden: (r) => r.status !== 7,
              onClick: (r) => setSigning(r),
            },
            {
              key: 'fail',
              label: 'sign_btn_fail',
              perm: 'bus:sign:fail',
              hidden: (r) => r.status !== 7,
              onClick: (r) => setFailing([r]),
            },
            {
              key: 'cancel',
              label: 'sign_btn_cancel',
              perm: 'bus:sign:delete',
              danger: true,
              hidden: (r) => r.status !== 8,
              onClick: (r, ctx) =>
                runStateAction({
                  rows: [r],
                  confirm: 'confirm_cancel_sign',
                  confirmValues: { transportId: r.transportId },
                  danger: true,
                  run: (_rows, config) => cancelSigns([r.orderId], config),
                  onDone: () => ctx.refetch(),
                }),
            },
            {
              key: 'pod',
              label: 'sign_btn_pod',
              perm: 'bus:sign:upload',
              onClick: (r, ctx) => uploadPodFor(r, () => ctx.refetch()),
            },
          ]}
          actionsWidth={260}
          footer={(answer) => {
            const sums = answer?.sums as Record<string, string | number> | undefined;
            return sums ? (
              <Space size={16} data-testid="sign-sums">
                <span>
                  {t('send_field_orders')}: {sums.orders}
                </span>
                <span>
                  {t('print_pieces')}: {sums.pieces}
                </span>
                <span>
                  {t('send_field_part_amount')}: {formatMoney(String(sums.sendPartAmount))}
                </span>
              </Space>
            ) : null;
          }}
        />
      )}
      <SignDialog order={signing} {...dialogEvents} />
      <FailDialog orders={failing} {...dialogEvents} />
      <BatchSignDialog target={batch} {...dialogEvents} />
    </>
  );
}
