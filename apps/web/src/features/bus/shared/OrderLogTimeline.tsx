import { orderActionLabelKey } from '@theone/contracts/bus/order-log';
import { Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../lib/dict';
import { formatDateTime } from '../../../lib/format';
import { usePermission } from '../../../lib/permission';
import { type TOrderLogRow, useOrderLog } from '../inware/api';
import { describeLogChange, type LogFormat } from './order-log-lines';

/**
 * The order log as a timeline (orderInfo, orderDetails): who, when, the action, status from -> to, the remark,
 * and for edits each changed field before -> after, as a person reads it (order-log-lines.ts: labels in the
 * user's language, dates through the app's formatter, dictionary labels, money, names for ids). Fee fields' values
 * and the price row are shown only to the fee role: the server leaves changes of fee fields out of the log answer
 * for everyone else (issue 11); the screen also hides the price row and the currency.
 */
const FEE_LIKE = /^(fee|delivery|china|th|rmb|currency|agentAr|volumePrice|weightPrice|minAmount|priceId)/;

/** The dictionaries of logged fields (contracts ORDER_LOG_FIELD_KINDS), each read once per session. */
function useLogFormat(currency?: string | null): LogFormat {
  const { t } = useTranslation();
  const busType = useDictLabel('bus_type');
  const cargoType = useDictLabel('cargo_type');
  const expressCorp = useDictLabel('express_corp');
  const exceptionType = useDictLabel('exception_type');
  const exceptionStatus = useDictLabel('exception_status');
  const dict = useCallback(
    (type: string, value: unknown) => {
      const label = {
        bus_type: busType,
        cargo_type: cargoType,
        express_corp: expressCorp,
        exception_type: exceptionType,
        exception_status: exceptionStatus,
      }[type];
      return label ? label(value) : String(value);
    },
    [busType, cargoType, expressCorp, exceptionType, exceptionStatus],
  );
  return { t, dict, currency };
}

export function OrderLogTimeline({
  orderId,
  rows: given,
  currency,
}: {
  orderId?: number;
  rows?: TOrderLogRow[];
  /** the order's currency, shown after money */
  currency?: string | null;
}) {
  const { t } = useTranslation();
  const { isFeeRole } = usePermission();
  const status = useDictLabel('order_status');
  const format = useLogFormat(currency);
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
                  .map((c) => describeLogChange(c, format))
                  .map((line) => (
                    <li key={line.field} data-testid={`order-log-change-${line.field}`}>
                      {line.label}:{' '}
                      {line.text ?? (
                        <>
                          <s>{line.before}</s> → <b>{line.after}</b>
                        </>
                      )}
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
