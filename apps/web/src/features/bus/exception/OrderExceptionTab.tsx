import { useQueryClient } from '@tanstack/react-query';
import { exceptionStateOf } from '@theone/contracts/bus/order-edit-rules';
import { Button, Empty, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../lib/permission';
import { inwareKeys, type TOrderLogRow } from '../inware/api';
import { OrderLogTimeline } from '../shared/OrderLogTimeline';
import { exceptionKeys } from './api';
import { RaiseDialog } from './dialogs';

/** The order-log actions of a problem item (A26): its history (screens Q14). */
const EXCEPTION_ACTIONS: readonly string[] = ['raiseException', 'takeException', 'closeException', 'reopenException'];

interface TOrderOfTab {
  id: number;
  transportId: string;
  currency?: string | null;
  ifException?: number | null;
  exceptionStatus?: number | null;
}

/**
 * orderDetails' Problem items tab: the order's problem-item history from its log (raised, taken over, closed,
 * reopened; who, when, type, description, handling remark), newest first like the Log tab; 'Raise problem item'
 * (bus:exception:add) while the order has none (a closed one is reopened on the exception list).
 */
export function OrderExceptionTab({ order, rows }: { order: TOrderOfTab; rows: TOrderLogRow[] | undefined }) {
  const { t } = useTranslation();
  const { hasPermi } = usePermission();
  const queryClient = useQueryClient();
  const [raising, setRaising] = useState(false);
  const chosen = useMemo(() => [{ id: order.id, transportId: order.transportId }], [order.id, order.transportId]);
  const items = (rows ?? []).filter((r) => EXCEPTION_ACTIONS.includes(r.action));
  const canRaise = hasPermi('bus:exception:add') && exceptionStateOf(order) === 'none';
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: inwareKeys.all }),
      queryClient.invalidateQueries({ queryKey: exceptionKeys.all }),
    ]);
  return (
    <div data-testid="order-exception-history">
      {canRaise ? (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" onClick={() => setRaising(true)} data-testid="order-exception-raise">
            {t('exception_raise_title')}
          </Button>
        </Space>
      ) : null}
      {rows && !items.length ? (
        <Empty description={t('exception_history_empty')} />
      ) : (
        <OrderLogTimeline rows={items} currency={order.currency} />
      )}
      <RaiseDialog open={raising} initial={chosen} onClose={() => setRaising(false)} onDone={refresh} />
    </div>
  );
}
