import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { authStore, clearSession } from '../../../lib/session';
import type { TOrder, TOrderLogRow } from '../inware/api';
import { StatusSteps } from '../inware/OrderSheet';
import { OrderLogTimeline } from './OrderLogTimeline';

/**
 * The details page's step bar and log timeline (issue 10 item 8): the receipt step shows the receipt row's time
 * even after a later edit, and log lines are readable (dates formatted, dictionary labels, names, line counts).
 */
vi.mock('../../../lib/dict', () => {
  const labels: Record<string, string> = { '1': '已确认', '2': '已入仓', EK: '陆运 EK', SEA: '海运' };
  return { useDictLabel: () => (v: unknown) => labels[String(v)] ?? String(v) };
});

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

const RECEIPT = '2026-03-02T01:15:00.000Z';
const EDIT = '2026-03-05T09:40:00.000Z';

const log: TOrderLogRow[] = [
  {
    id: 1,
    orderId: 7,
    transportId: 'TH2603020001',
    action: 'submitToWarehouse',
    fromStatus: 1,
    toStatus: 2,
    remark: '',
    changes: [],
    createBy: 'dispatcher',
    createTime: RECEIPT,
  },
  {
    id: 2,
    orderId: 7,
    transportId: 'TH2603020001',
    action: 'edit',
    fromStatus: 2,
    toStatus: 2,
    remark: '',
    changes: [
      { field: 'orderTime', before: '2026-03-01T02:00:00.000Z', after: '2026-03-01T03:00:00.000Z' },
      { field: 'busType', before: 'EK', after: 'SEA' },
      { field: 'markId', before: 3, after: 9, beforeLabel: 'TH001', afterLabel: 'TH002' },
      { field: 'cargoLines', before: 1, after: 2, lines: { added: 1, removed: 0, changed: 0 } },
      { field: 'feeFreightAr', before: '100', after: '200' },
    ],
    createBy: 'service',
    createTime: EDIT,
  },
];

beforeEach(() => authStore.set({ permissions: ['bus:order'], roles: ['service'], isFeeRole: false }));
afterEach(() => clearSession());

describe('order details', () => {
  it("shows each step's time from its own log row, not the last edit's", () => {
    const order = { id: 7, status: 2, stepTimes: { 2: RECEIPT } } as unknown as TOrder;
    render(wrap(<StatusSteps order={order} />));
    expect(screen.getByTestId('order-step-time-2').textContent).toBe(formatDateTime(RECEIPT));
    expect(screen.queryByText(formatDateTime(EDIT))).toBeNull();
  });

  it('shows log lines as people read them, fees only to the fee role', () => {
    render(wrap(<OrderLogTimeline rows={log} />));
    const text = screen.getByTestId('order-log').textContent ?? '';
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByTestId('order-log-change-orderTime').textContent).toBe(
      `下单时间: ${formatDateTime('2026-03-01T02:00:00.000Z')} → ${formatDateTime('2026-03-01T03:00:00.000Z')}`,
    );
    expect(screen.getByTestId('order-log-change-busType').textContent).toBe('运输方式: 陆运 EK → 海运');
    expect(screen.getByTestId('order-log-change-markId').textContent).toBe('唛头: TH001 → TH002');
    expect(screen.getByTestId('order-log-change-cargoLines').textContent).toBe('货物明细: 1 条 → 2 条 (新增 1 条)');
    // no fee role: the freight change is not shown
    expect(screen.queryByTestId('order-log-change-feeFreightAr')).toBeNull();
  });
});
