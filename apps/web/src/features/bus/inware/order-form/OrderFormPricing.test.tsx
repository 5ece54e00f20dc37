import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { chargeableFigures } from '@theone/contracts/bus/order-pricing';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, clearSession } from '../../../../lib/session';
import { OrderFormPage } from '../OrderFormPage';
import { AUTOMATIC_PRICE } from './test-support';

/**
 * The fee role's live freight on a received order is charged on the figures the server charges on
 * (contracts' chargeableFigures): an arrived weight without an arrived volume is not yet 'measured', so the
 * declared weight and volume are priced, not 0 m³ (issue 12 item 5).
 */
vi.setConfig({ testTimeout: 60_000 });

const order = vi.hoisted(() => ({
  id: 7,
  transportId: 'TH26111000007',
  status: 2,
  version: 3,
  auditStatus: 0,
  markId: 5,
  mark: 'M5',
  markName: 'Mark 5',
  topMark: '',
  busType: 'EK',
  leftAddrId: 1,
  destAddrId: 2,
  cargoType: '1',
  currency: 'RMB',
  orderTime: '2026-11-10 00:30:00',
  preArriveTime: '2026-11-15 00:30:00',
  cargoPiece: 3,
  cargoWeight: '100.00',
  cargoVolume: '1.200',
  volumeManual: '0',
  woodenFrame: '0',
  freightManual: '0',
  arrivedWeight: '120.50',
  arrivedVolume: null,
  cargoLines: [],
  printTimes: 0,
}));

const api = vi.hoisted(() => ({ previewPrice: vi.fn() }));
vi.mock('../api', async () => (await import('./test-support')).inwareApiMock(api, order));
vi.mock('../../shared/MarkInOrderSelect', () => ({ MarkInOrderSelect: () => null }));
vi.mock('../../../bas/common/selects', () => ({ GeogSelect: ({ value }: { value?: number }) => <span>{value}</span> }));
vi.mock('../../../../components/DictSelect', () => ({
  DictSelect: ({ value }: { value?: string }) => <span>{value}</span>,
}));
vi.mock('../../print', () => ({ PrintButtons: () => null }));
vi.mock('../OrderImportDialog', () => ({ OrderImportDialog: () => null }));

beforeEach(() => {
  authStore.set({ permissions: ['bus:order:edit'], roles: ['fee'], isFeeRole: true, timezone: 'Asia/Shanghai' });
  api.previewPrice.mockReset().mockResolvedValue(AUTOMATIC_PRICE);
});
afterEach(() => clearSession());

describe('<OrderFormPage> live freight of a received order', () => {
  it('charges the figures chargeableFigures gives (declared until weight and volume are both measured)', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/bus/orderEdit?id=7']}>
          <OrderFormPage mode="edit" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const figures = chargeableFigures(order);
    expect(figures).toEqual({ weight: '100.00', volume: '1.200', measured: false });
    const basis = await screen.findByTestId('freight-basis');
    // automatic: by volume 1.200 m³ × 800.00 = 960.00 beats by weight 100.00 kg × 5.00 = 500.00
    expect(basis.textContent).toBe(`按体积 ${figures.volume} m³ × 800.00 = 960.00`);
    await waitFor(() => expect(screen.getByTestId('order-freight').textContent).toContain('960.00'));
    expect(api.previewPrice).toHaveBeenCalledWith(expect.objectContaining({ markId: 5, status: 2 }), {
      silent: true,
    });
  });
});
