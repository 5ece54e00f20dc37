import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/request';
import { ADMIN_SESSION, withTestSession } from '../shared/test-session';
import type { LoadWire } from './api';
import { LoadScanPanel, orderOfCode, piecesOf } from './LoadScanPanel';

/**
 * The loading scan mode: each code and Enter loads one order with the container data entered once; the counter
 * shows pieces loaded / planned; a repeat, or a waybill or piece label of an order already loaded, says 'already
 * scanned' without a call; an unknown code says so.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ loadOrders: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), loadOrders: api.loadOrders }));

const row = (id: number, status: number, pieces: number) =>
  ({ id, transportId: `TH2611230000${id}`, status, arrivedPiece: pieces }) as LoadWire['LoadOrderRow'];
const FIELDS = {
  containerNo: 'CSQU3054383',
  sealNo: 'S1',
  loadTime: '2026-11-23 10:00:00',
  loadPerson: '张强',
};
const answer = (loaded: number, transportId: string) => ({
  id: 3,
  loadNo: 'LD2611230001',
  status: 1,
  version: 2,
  done: 1,
  transportId,
  loadedPieces: loaded,
  plannedPieces: 7,
  fill: { volumePercent: '10.0', weightPercent: '5.0', over: false },
});

withTestSession(ADMIN_SESSION, () => api.loadOrders.mockReset());

describe('orderOfCode, piecesOf', () => {
  const orders = [row(1, 3, 2), row(2, 4, 5)];
  it('finds the order of a waybill or a piece label, any case', () => {
    expect(orderOfCode(orders, 'th26112300001')?.id).toBe(1);
    expect(orderOfCode(orders, 'TH26112300002-3')?.id).toBe(2);
    expect(orderOfCode(orders, 'TH26112300002-x')).toBeUndefined();
    expect(orderOfCode(orders, 'TH261123000021')).toBeUndefined();
  });
  it('counts pieces loaded and planned', () => {
    expect(piecesOf(orders)).toEqual({ loaded: 5, planned: 7 });
  });
});

describe('<LoadScanPanel>', () => {
  it('loads one order per code and Enter, counts pieces, refuses repeats without a call', async () => {
    const onLoaded = vi.fn();
    const orders = [row(1, 3, 2), row(2, 4, 5)];
    render(<LoadScanPanel loadId={3} fields={FIELDS} orders={orders} onLoaded={onLoaded} onStop={vi.fn()} />);
    const box = screen.getByPlaceholderText('扫描运单号或件标签装柜');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(screen.getByTestId('load-scan-counter').textContent).toBe('5 / 7');

    api.loadOrders.mockResolvedValueOnce(answer(7, 'TH26112300001'));
    await userEvent.keyboard('th26112300001-1{Enter}');
    await waitFor(() => expect(api.loadOrders).toHaveBeenCalledTimes(1));
    expect(api.loadOrders.mock.calls[0]!.slice(0, 2)).toEqual([3, { ...FIELDS, code: 'TH26112300001-1' }]);
    expect(await screen.findByText('TH26112300001 已装柜：7 / 7 件')).toBeTruthy();
    expect(screen.getByTestId('load-scan-counter').textContent).toBe('7 / 7');
    expect(onLoaded).toHaveBeenCalledTimes(1);

    // the same label again; a waybill of an order loaded before this session
    await userEvent.keyboard('TH26112300001-1{Enter}');
    expect(await screen.findByText('TH26112300001-1 已扫描')).toBeTruthy();
    await userEvent.keyboard('TH26112300002{Enter}');
    expect(await screen.findByText('TH26112300002 已扫描')).toBeTruthy();
    expect(api.loadOrders).toHaveBeenCalledTimes(1);
  });

  it('says so for an unknown code and for an order loaded meanwhile by another scanner', async () => {
    render(<LoadScanPanel loadId={3} fields={FIELDS} orders={[row(1, 3, 2)]} onLoaded={vi.fn()} onStop={vi.fn()} />);
    const box = screen.getByPlaceholderText('扫描运单号或件标签装柜');
    await waitFor(() => expect(document.activeElement).toBe(box));
    api.loadOrders
      .mockRejectedValueOnce(new ApiError('not found', { kind: 'error', code: 404, status: 404, handled: true }))
      .mockRejectedValueOnce(
        new ApiError('dup', { kind: 'error', code: 409, status: 409, errorCode: 'DUPLICATE', handled: true }),
      );
    await userEvent.keyboard('XX123{Enter}');
    expect(await screen.findByText('未找到 XX123 对应的订单')).toBeTruthy();
    await userEvent.keyboard('TH26112300001{Enter}');
    expect(await screen.findByText('TH26112300001 已扫描')).toBeTruthy();
    expect(screen.getByTestId('load-scan-counter').textContent).toBe('0 / 2');
  });
});
