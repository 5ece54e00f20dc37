import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearSession } from '../../../lib/session';
import type { TOrderLogRow } from '../inware/api';
import { OrderExceptionTab } from './OrderExceptionTab';

/**
 * orderDetails' Problem items tab (issue 14 item 6): the problem-item rows of the order log only, newest first, an
 * empty state without any, and 'Raise problem item' for holders of bus:exception:add while the order has none.
 */
vi.mock('../../../lib/dict', () => ({ useDictLabel: () => (v: unknown) => String(v) }));

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

const row = (id: number, action: string, remark: string): TOrderLogRow => ({
  id,
  orderId: 7,
  transportId: 'TH2611230001',
  action,
  fromStatus: 2,
  toStatus: 2,
  remark,
  changes: [],
  createBy: 'service',
  createTime: `2026-11-2${id}T01:00:00.000Z`,
});
const log = [
  row(1, 'submitToWarehouse', 'WR-1'),
  row(2, 'raiseException', 'carton crushed'),
  row(3, 'takeException', ''),
  row(4, 'closeException', 'repacked'),
  row(5, 'edit', 'consignee typo'),
];
const order = { id: 7, transportId: 'TH2611230001', ifException: 0, exceptionStatus: 2 };

afterEach(() => clearSession());

describe('OrderExceptionTab', () => {
  it('shows only the problem-item rows of the log, newest first', () => {
    authStore.set({ permissions: ['bus:exception:add'], roles: ['service'], isFeeRole: false });
    render(wrap(<OrderExceptionTab order={order} rows={log} />));
    const text = screen.getByTestId('order-exception-history').textContent ?? '';
    expect(text).toContain('carton crushed');
    expect(text).toContain('repacked');
    expect(text).not.toContain('WR-1');
    expect(text).not.toContain('consignee typo');
    expect(text.indexOf('repacked')).toBeLessThan(text.indexOf('carton crushed'));
    // a closed item is reopened on the exception list, not raised again here
    expect(screen.queryByTestId('order-exception-raise')).toBeNull();
  });

  it('an order without any: the empty state, and Raise for holders of bus:exception:add only', () => {
    authStore.set({ permissions: ['bus:exception:add'], roles: ['service'], isFeeRole: false });
    const fresh = { ...order, exceptionStatus: null };
    const { unmount } = render(wrap(<OrderExceptionTab order={fresh} rows={[log[0]!]} />));
    expect(screen.getByText(/该订单没有问题件记录|no problem-item history|exception_history_empty/)).toBeTruthy();
    expect(screen.getByTestId('order-exception-raise')).toBeTruthy();
    unmount();
    authStore.set({ permissions: ['bus:order'], roles: ['finance'], isFeeRole: false });
    render(wrap(<OrderExceptionTab order={fresh} rows={[log[0]!]} />));
    expect(screen.queryByTestId('order-exception-raise')).toBeNull();
  });
});
