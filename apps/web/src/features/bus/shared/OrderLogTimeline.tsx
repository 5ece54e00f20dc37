import { orderActionLabelKey, orderFieldLabelKey } from '@theone/contracts/bus/order-log';
import { Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../lib/dict';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { type TOrderLogRow, useOrderLog } from '../inware/api';

/**
 * The order log as a timeline (orderInfo, orderDetails): who, when, the action, status from -> to, the remark,
 * and for edits each changed field before -> after. Fee fields' values are shown only to the fee role (the server
 * keeps them in the log; the screen hides them, the log answer is not a fee response).
 */
const FEE_LIKE = /^(fee|delivery|china|th|rmb|currency|agentAr|volumePrice|weightPrice|minAmount)/;

export function OrderLogTimeline({ orderId, rows: given }: { orderId?: number; rows?: TOrderLogRow[] }) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const status = useDictLabel('order_status');
  const query = useOrderLog(given ? undefined : orderId);
  const rows = given ?? query.data;
  if (!rows && query.isLoading) return <Skeleton active />;
  if (!rows?.length) return <Empty description={t('no_data')} />;
  return (
    <Timeline
      data-testid="order-log"
      items={[...rows].reverse().map((r) => ({
        key: r.id,
        color:
          r.action === 'delete' || r.action.startsWith('cancel')
            ? 'red'
            : r.action.includes('Exception')
              ? 'orange'
              : 'blue',
        children: (
          <div className="bus-log-item">
            <div>
              <b>{t(orderActionLabelKey(r.action))}</b>
              {r.fromStatus !== null || r.toStatus !== null ? (
                <Tag style={{ marginLeft: 8 }}>
                  {r.fromStatus === null ? '—' : status(r.fromStatus)} →{' '}
                  {r.toStatus === null ? '—' : status(r.toStatus)}
                </Tag>
              ) : null}
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {formatDateTime(r.createTime)} · {r.createBy}
              </Typography.Text>
            </div>
            {r.remark ? <div className="bus-log-remark">{r.remark}</div> : null}
            {r.changes.length ? (
              <ul className="bus-log-changes">
                {r.changes
                  .filter((c) => isFeeRole || !FEE_LIKE.test(c.field))
                  .map((c) => (
                    <li key={c.field}>
                      {t(orderFieldLabelKey(c.field))}: <s>{c.before ?? '—'}</s> → <b>{c.after ?? '—'}</b>
                    </li>
                  ))}
              </ul>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
