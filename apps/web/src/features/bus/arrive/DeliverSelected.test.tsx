import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/request';
import { authStore, clearSession } from '../../../lib/session';
import { spyFeedback } from '../../../test/feedback-spy';
import SendDeskPage from '../send/SendDeskPage';
import ArriveOrderPage from './ArriveOrderPage';
import { deliverTarget } from './actions';

/**
 * arriveOrder's 'Deliver selected' (screens arriveOrder -> send): the ticked in-stock orders open the send desk
 * filtered on them with New send order prefilled; orders out of stock, with an open problem item (M-exc) or already
 * in a run (M-insend) are named in a warning and nothing opens. The button needs bus:send:add.
 */
vi.setConfig({ testTimeout: 30_000 });
vi.mock('../../../lib/dict', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useDictLabel: () => (v: unknown) => String(v),
}));

const A = 'TH2611230101';
const B = 'TH2611230102';
const C = 'TH2611230103';

/** What the stock list and the send desk answer alike of one order in the overseas stock. */
const inStock = (id: number, transportId: string) => ({
  version: 1,
  transportId,
  status: 6,
  markId: 1,
  mark: 'TH001',
  consignee: `คุณสมศรี ${id}`,
  consigneeTel: '0812345678',
  consigneeAddr: 'Bang Na, Bangkok',
  arrivedPiece: 3,
  arrivedWeight: '120.00',
  arrivedVolume: '1.200',
  containerNo: 'CSNU7345215',
  daysInStock: 1,
  deliveryStatus: 0,
  sendId: null,
  ifException: 0,
});
const stockRow = (id: number, transportId: string, over: Record<string, unknown> = {}) => ({
  id,
  ...inStock(id, transportId),
  cargoName: 'ของเล่น',
  loadId: 3,
  loadNo: 'LD2611230003',
  truckNo: '',
  arriveId: 5,
  arriveStatus: 3,
  arriveTime: '2026-11-23T01:00:00.000Z',
  arriveHouseName: 'Bangkok',
  scannedPieces: 3,
  expectedPieces: 3,
  trayNo: 'A-01',
  balanceType: '1',
  collectAmount: null,
  currency: 'THB',
  ...over,
});
const deskRow = (id: number, transportId: string) => ({
  orderId: id,
  ...inStock(id, transportId),
  sendNo: '',
  signStatus: 0,
  signFailRemark: '',
  arrivePay: false,
  sendPartAmount: null,
});

let calls: { url: string; params: Record<string, unknown> }[];
let fb: ReturnType<typeof spyFeedback>;

beforeEach(() => {
  fb = spyFeedback();
  calls = [];
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    const url = String(config.url).replace(/^.*\/prod-api/, '');
    const params = (config.params ?? {}) as Record<string, unknown>;
    calls.push({ url, params });
    const table = (rows: unknown[]) => ({ code: 200, msg: 'ok', rows, total: rows.length });
    let data: unknown = { code: 200, msg: 'ok', data: [] };
    if (url.endsWith('/bus/arrive/orderList'))
      data = table([stockRow(101, A), stockRow(102, B), stockRow(103, C, { ifException: 1 })]);
    else if (url.endsWith('/bus/send/desk')) {
      const wanted = String(params.transportId ?? '').split(',');
      data = table(
        [deskRow(101, A), deskRow(102, B)].filter((r) => !params.transportId || wanted.includes(r.transportId)),
      );
    } else if (url.endsWith('/bus/send/options'))
      data = {
        code: 200,
        msg: 'ok',
        data: {
          sendTime: '2026-11-24 08:00:00',
          drivers: [{ id: 9, driverName: 'Somchai', phone: '', vehicleId: null }],
          vehicles: [],
        },
      };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  }) as AxiosAdapter;
});
afterEach(() => {
  fb.restore();
  clearSession();
});

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderScreens(permissions: string[]) {
  authStore.set({ permissions, roles: ['dispatcher'], isFeeRole: false });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/bus/arriveOrder?tab=stock']}>
        <Routes>
          <Route path="/bus/arriveOrder" element={<ArriveOrderPage />} />
          <Route path="/bus/send" element={<SendDeskPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tick = async (transportId: string) => {
  const list = await screen.findByTestId('list-bus/arriveOrder');
  const row = (await within(list).findByText(transportId)).closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
};

describe("arriveOrder 'Deliver selected'", () => {
  it('takes the ticked in-stock orders to the send desk with New send order prefilled', async () => {
    renderScreens(['bus:arriveOrder', 'bus:send', 'bus:send:add']);
    await tick(A);
    await tick(B);
    const button = await screen.findByTestId('list-btn-deliver');
    expect(button.textContent).toMatch(/派送所选/);
    fireEvent.click(button);
    // the desk, filtered on the two waybills, and the run dialog with both orders
    await screen.findByTestId('list-bus/send');
    const orders = await screen.findByTestId('run-orders');
    await waitFor(() => expect(orders.textContent).toContain(A));
    expect(orders.textContent).toContain(B);
    expect(orders.textContent).not.toContain(C);
    expect(calls.some((c) => c.url.endsWith('/bus/send/desk') && c.params.transportId === `${A},${B}`)).toBe(true);
    // the one-shot flag is gone from the URL (a reload does not open the dialog again); the filter stays
    await waitFor(() => expect(screen.getByTestId('where').textContent).not.toContain('deliver='));
    expect(screen.getByTestId('where').textContent).toContain(`transportId=${A}%2C${B}`);
  });

  it('an order with an open problem item is named (M-exc) and nothing opens', async () => {
    renderScreens(['bus:arriveOrder', 'bus:send', 'bus:send:add']);
    await tick(A);
    await tick(C);
    fireEvent.click(await screen.findByTestId('list-btn-deliver'));
    await waitFor(() => expect(fb.message.warning).toHaveBeenCalledWith(expect.stringContaining(C)));
    expect(String(fb.message.warning.mock.calls[0]![0])).not.toContain(A);
    expect(screen.getByTestId('where').textContent).toBe('/bus/arriveOrder?tab=stock');
    expect(screen.queryByTestId('list-bus/send')).toBeNull();
  });

  it('is not offered without bus:send:add', async () => {
    renderScreens(['bus:arriveOrder', 'bus:arriveOrder:sure']);
    await screen.findByTestId('list-btn-sure');
    expect(screen.queryByTestId('list-btn-deliver')).toBeNull();
  });
});

describe('deliverTarget', () => {
  const order = (transportId: string, status: number, sendId: number | null = null, ifException = 0) => ({
    transportId,
    status,
    sendId,
    ifException,
  });

  it('S6 orders in no run and without a problem item: the desk with the waybills and the one-shot flag', () => {
    expect(deliverTarget([order(A, 6), order(B, 6)])).toBe(`/bus/send?transportId=${A}%2C${B}&deliver=1`);
  });

  it('refuses, naming them: not in stock (S5, S7), an open problem item (M-exc), already in a run (M-insend)', () => {
    expect(deliverTarget([order(A, 6), order(B, 5)])).toBeNull();
    expect(deliverTarget([order(A, 7)])).toBeNull();
    expect(deliverTarget([order(A, 6), order(C, 6, null, 1)])).toBeNull();
    expect(deliverTarget([order(A, 6, 4)])).toBeNull();
    expect(deliverTarget([])).toBeNull();
    const texts = fb.message.warning.mock.calls.map((c) => String(c[0]));
    expect(texts[0]).toContain(B);
    expect(texts[1]).toContain(A);
    expect(texts[2]).toMatch(new RegExp(`${C}.*问题件|问题件.*${C}`));
    expect(texts[3]).toContain('已在派送单中');
    expect(texts).toHaveLength(5);
  });
});
