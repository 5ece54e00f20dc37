import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TOrderLogRow } from '../inware/api';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';

/** The order-log actions of a problem item (A26): its history (screens Q14). */
const EXCEPTION_ACTIONS: readonly string[] = ['raiseException', 'takeException', 'closeException', 'reopenException'];

/**
 * orderDetails' Problem items tab: the order's problem-item history from its log (raised, taken over, closed,
 * reopened; who, when, type, description, handling remark), newest first like the Log tab.
 */
export function OrderExceptionTab({ rows, currency }: { rows: TOrderLogRow[] | undefined; currency?: string | null }) {
  const { t } = useTranslation();
  const items = (rows ?? []).filter((r) => EXCEPTION_ACTIONS.includes(r.action));
  if (rows && !items.length) return <Empty description={t('exception_history_empty')} />;
  return (
    <div data-testid="order-exception-history">
      <OrderLogTimeline rows={items} currency={currency} />
    </div>
  );
}
