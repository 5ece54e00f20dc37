import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../../lib/request';
import { ADMIN_SESSION, withTestSession } from '../shared/test-session';
import { FillGauge } from './FillGauge';
import { candidateFigures, OrderPicker, refusalOf, type TCandidate } from './OrderPicker';
import { marksOf, totalsOf } from './plan-parts';

/**
 * The order picker of a load plan: candidates of the plan's route from the stock list (oldest receipt first), added
 * by ticking or by scanning a waybill; a scan of an order of another route, in the wrong state, with an open problem
 * item or already chosen is refused; the chosen orders' totals, per-mark summary and the gauge follow.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ findByCode: vi.fn() }));
vi.mock('../inware/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findByCode: api.findByCode,
}));

const ROUTE = { busType: 'SEA', leftAddrId: 1, destAddrId: 20 };
const order = (id: number, over: Partial<TCandidate> = {}): TCandidate =>
  ({
    id,
    transportId: `TH2611230000${id}`,
    status: 2,
    markId: 100 + id,
    mark: id % 2 ? 'AAA' : 'BBB',
    busType: 'SEA',
    leftAddrId: 1,
    destAddrId: 20,
    ifException: 0,
    cargoName: '家具',
    cargoType: '1',
    cargoPiece: 10,
    cargoWeight: '1000.00',
    cargoVolume: '10.000',
    arrivedPiece: 10,
    arrivedWeight: '6500.00',
    arrivedVolume: '17.000',
    arrivedTime: '2026-11-20T02:00:00.000Z',
    expressNo: '',
    trayNo: 'A1',
    ...over,
  }) as TCandidate;

let listSpy: ReturnType<typeof vi.spyOn>;
withTestSession(ADMIN_SESSION, () => {
  listSpy = vi.spyOn(request, 'get').mockImplementation(async (url: string) => {
    if (url === '/bus/inware/list') return { code: 200, msg: '', rows: [order(1), order(2)], total: 2 } as never;
    return { code: 200, msg: '', data: [] } as never;
  });
  api.findByCode.mockReset();
});
afterEach(() => listSpy.mockRestore());

function Harness({ exclude }: { exclude?: number[] }) {
  const [chosen, setChosen] = useState<TCandidate[]>([]);
  const figures = chosen.map(candidateFigures);
  const totals = totalsOf(figures);
  return (
    <>
      <FillGauge containerType="40HQ" volume={totals.volume} weight={totals.weight} />
      <span data-testid="marks">{JSON.stringify(marksOf(figures))}</span>
      <OrderPicker route={ROUTE} chosen={chosen} onChange={setChosen} exclude={exclude} />
    </>
  );
}

const renderPicker = (exclude?: number[]) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Harness exclude={exclude} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const scanBox = () => screen.getByPlaceholderText('扫描运单号添加订单') as HTMLInputElement;

describe('refusalOf', () => {
  it('takes an in-stock order of the route and names the reason otherwise', () => {
    expect(refusalOf(order(1), ROUTE)).toBeNull();
    expect(refusalOf(order(1, { status: 3 }), ROUTE)?.key).toBe('load_msg_not_in_stock');
    expect(refusalOf(order(1, { markId: null }), ROUTE)?.key).toBe('load_msg_not_in_stock');
    expect(refusalOf(order(1, { ifException: 1 }), ROUTE)?.key).toBe('msg_open_exception_reselect');
    expect(refusalOf(order(1, { destAddrId: 21 }), ROUTE)?.key).toBe('msg_route_differs_reselect');
    expect(refusalOf(order(1, { busType: 'EK' }), ROUTE)?.key).toBe('msg_route_differs_reselect');
  });
});

describe('<OrderPicker>', () => {
  it('lists the route stock oldest first, adds ticked rows and moves the gauge', async () => {
    renderPicker();
    await screen.findByText('TH26112300001');
    const params = (listSpy.mock.calls as unknown[][]).find((c) => c[0] === '/bus/inware/list')![1] as Record<
      string,
      unknown
    >;
    expect(params).toMatchObject({
      view: 'inOrder',
      tab: 'stock',
      busType: 'SEA',
      leftAddrId: 1,
      destAddrId: 20,
      ifException: '0',
      orderByColumn: 'arrivedTime',
      isAsc: 'asc',
    });
    const row = screen.getByText('TH26112300001').closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: /添加选中/ }));
    const chosen = screen.getByTestId('picker-chosen');
    await waitFor(() => expect(within(chosen).getByText('TH26112300001')).toBeTruthy());
    expect(screen.getByTestId('picker-totals').textContent).toContain('6500.00');
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('25.0%');
    expect(JSON.parse(screen.getByTestId('marks').textContent!)).toEqual([
      { mark: 'AAA', orders: 1, pieces: 10, weight: '6500.00', volume: '17.000' },
    ]);
  });

  it('adds a scanned waybill, refuses another route, a problem item and a repeat; warns over capacity', async () => {
    renderPicker();
    await screen.findByText('TH26112300001');
    api.findByCode
      .mockResolvedValueOnce(order(5))
      .mockResolvedValueOnce(order(6, { destAddrId: 99 }))
      .mockResolvedValueOnce(order(7, { ifException: 1 }))
      .mockResolvedValueOnce(order(5))
      .mockResolvedValueOnce(order(8))
      .mockResolvedValueOnce(order(9))
      .mockResolvedValueOnce(order(10));
    await userEvent.type(scanBox(), 'TH26112300005{Enter}');
    expect(await screen.findByText('已添加 TH26112300005（AAA）')).toBeTruthy();
    await userEvent.type(scanBox(), 'TH26112300006{Enter}');
    expect(await screen.findByText('TH26112300006 的运输方式、起运地或目的地与预配不一致，请重新选择')).toBeTruthy();
    await userEvent.type(scanBox(), 'TH26112300007{Enter}');
    expect(await screen.findByText('TH26112300007 有未处理的问题件，请重新选择')).toBeTruthy();
    await userEvent.type(scanBox(), 'TH26112300005-2{Enter}');
    expect(await screen.findByText('TH26112300005 已扫描')).toBeTruthy();
    const chosen = screen.getByTestId('picker-chosen');
    expect(within(chosen).queryByText('TH26112300006')).toBeNull();
    // four orders of 17 m³ in a 68 m³ container: full (blue); a fifth: over, with the warning
    for (const code of ['TH26112300008', 'TH26112300009']) await userEvent.type(scanBox(), `${code}{Enter}`);
    await waitFor(() => expect(within(chosen).getByText('TH26112300009')).toBeTruthy());
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('75.0%');
    await userEvent.type(scanBox(), 'TH261123000010{Enter}');
    await waitFor(() => expect(screen.getByTestId('fill-gauge-volume').getAttribute('data-band')).toBe('full'));
    expect(screen.getByTestId('fill-gauge-volume').textContent).toContain('100.0%');
    expect(screen.queryByTestId('fill-gauge-over')).toBeNull();
    await userEvent.click(screen.getByText('TH26112300001').closest('tr')!.querySelector('input')!);
    await userEvent.click(screen.getByRole('button', { name: /添加选中/ }));
    expect(await screen.findByTestId('fill-gauge-over')).toBeTruthy();
    expect(screen.getByTestId('fill-gauge-over').textContent).toBe('超出容量：体积 125.0%，重量 125.0%');
  });

  it('does not offer orders already in the plan', async () => {
    renderPicker([1]);
    await screen.findByText('TH26112300001');
    const row = screen.getByText('TH26112300001').closest('tr') as HTMLElement;
    expect((within(row).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    api.findByCode.mockResolvedValueOnce(order(1));
    await userEvent.type(scanBox(), 'TH26112300001{Enter}');
    expect(await screen.findByText('TH26112300001 已扫描')).toBeTruthy();
  });
});
