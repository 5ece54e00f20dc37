import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestSession } from '../shared/test-session';
import { OrderFormPage } from './OrderFormPage';

/**
 * The order form with the browser in Bangkok (issue 10 items 3, 4 and 9): times are Shanghai's; a negative cargo
 * line weight is the field's error, not 0.00, and nothing is saved; after 'save as staged' the order time starts
 * again from now and the expected arrival follows it (it kept the previous order's).
 */
vi.setConfig({ testTimeout: 60_000 });

const api = vi.hoisted(() => ({
  addOrder: vi.fn(),
  fetchNewNo: vi.fn(),
  fetchMarkAddress: vi.fn(),
  previewPrice: vi.fn(),
}));
vi.mock('./api', async () => (await import('./order-form/test-support')).inwareApiMock(api));
// the remote selects as plain boxes (their own data is not what is tested here)
vi.mock('../shared/MarkInOrderSelect', () => ({
  MarkInOrderSelect: ({ value, onChange }: { value?: number; onChange?: (v: number) => void }) => (
    <input aria-label="mark" value={value ?? ''} onChange={(e) => onChange?.(Number(e.target.value))} />
  ),
}));
vi.mock('../../bas/common/selects', () => ({
  GeogSelect: ({ value }: { value?: number }) => <span>{value}</span>,
}));
vi.mock('../../../components/DictSelect', () => ({
  DictSelect: ({ value }: { value?: string }) => <span>{value}</span>,
}));
vi.mock('../print', () => ({ PrintButtons: () => null }));
vi.mock('./OrderImportDialog', () => ({ OrderImportDialog: () => null }));

const ORIGINAL_TZ = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Bangkok';
});
afterAll(() => {
  process.env.TZ = ORIGINAL_TZ;
});

withTestSession(
  { permissions: ['bus:orderAdd:add'], roles: ['service'], isFeeRole: false, timezone: 'Asia/Shanghai' },
  () => {
    api.fetchNewNo.mockReset().mockResolvedValue({ transportId: 'TH26111000001' });
    api.fetchMarkAddress.mockReset().mockResolvedValue({ addresses: [], mark: {}, defaultAddress: null });
    api.previewPrice.mockReset().mockResolvedValue(null);
    api.addOrder.mockReset().mockResolvedValue({ data: { id: 9, transportId: 'TH26111000001' } });
  },
);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-09T16:30:00Z')); // 23:30 on the 9th in Bangkok, 00:30 on the 10th in Shanghai
});
afterEach(() => vi.useRealTimers());

const wrap = (node: ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>
    <MemoryRouter initialEntries={['/bus/orderAdd']}>{node}</MemoryRouter>
  </QueryClientProvider>
);
const box = (testId: string) =>
  document.querySelector<HTMLInputElement>(`input[data-testid="${testId}"], [data-testid="${testId}"] input`)!;
const timeBox = (id: string) => document.querySelector<HTMLInputElement>(`input#${id}`)!;

async function openForm() {
  render(wrap(<OrderFormPage mode="add" />));
  await waitFor(() => expect(timeBox('orderTime').value).not.toBe(''));
  fireEvent.change(screen.getByLabelText('mark'), { target: { value: '5' } });
  await act(async () => fireEvent.click(screen.getByTestId('cargo-add-line')));
}

describe('<OrderFormPage> in a Bangkok browser', () => {
  it('starts at the business time now, expected arrival = order time + the mode transit days', async () => {
    await openForm();
    expect(timeBox('orderTime').value).toBe('2026-11-10 00:30:00');
    expect(timeBox('preArriveTime').value).toBe('2026-11-15 00:30:00');
  });

  it('refuses a negative line weight with the field error: nothing saved, the typed value kept', async () => {
    await openForm();
    fireEvent.change(box('line-0-weight'), { target: { value: '-25' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-save')));
    expect(await screen.findByText('重量不能为负数')).toBeTruthy();
    expect(api.addOrder).not.toHaveBeenCalled();
    expect(box('line-0-weight').value).toBe('-25');
    expect(screen.getByTestId('total-weight').textContent).toBe('0.00');
  });

  it("after 'save as staged' the order time starts again from now and expected arrival follows it", async () => {
    await openForm();
    fireEvent.change(box('line-0-weight'), { target: { value: '25.5' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-save')));
    await waitFor(() => expect(api.addOrder).toHaveBeenCalledTimes(1));
    const body = api.addOrder.mock.calls[0]![0] as Record<string, unknown> & { cargoLines: { weight: string }[] };
    expect(body).toMatchObject({ orderTime: '2026-11-10 00:30:00', preArriveTime: '2026-11-15 00:30:00', status: 0 });
    expect(body.cargoLines[0]!.weight).toBe('25.5');

    // the next order is entered an hour and a half later
    api.addOrder.mockClear();
    vi.setSystemTime(new Date('2026-11-09T18:00:00Z'));
    fireEvent.change(screen.getByLabelText('mark'), { target: { value: '6' } });
    await act(async () => fireEvent.click(screen.getByTestId('cargo-add-line')));
    fireEvent.change(box('line-0-weight'), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByTestId('order-save')));
    await waitFor(() => expect(api.addOrder).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(timeBox('orderTime').value).toBe('2026-11-10 02:00:00'));
    expect(timeBox('preArriveTime').value).toBe('2026-11-15 02:00:00');
  });
});
