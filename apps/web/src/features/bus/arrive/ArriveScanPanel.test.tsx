import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/request';
import { ADMIN_SESSION, withTestSession } from '../shared/test-session';
import { ArriveScanPanel } from './ArriveScanPanel';

/**
 * The overseas warehouse's scan box: each code and Enter is one `arrive/sure {code}`; the first scan of an order
 * receives it, piece labels count its pieces (scanned / expected); a repeat says 'already scanned' (without a call
 * once known); an unknown code says M-notfound; the server's wrong-state refusal is shown; an arrive-pay order
 * shows the amount to collect in THB.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ sureArrive: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<object>()), sureArrive: api.sureArrive }));

const answer = (kind: 'receive' | 'count', scanned: number, collectAmount: string | null = null) => ({
  id: 5,
  status: 2,
  version: 3,
  loadId: 9,
  loadStatus: 4,
  done: kind === 'receive' ? 1 : 0,
  scan: {
    orderId: 11,
    transportId: 'TH26112300011',
    kind,
    scannedPieces: scanned,
    expectedPieces: 3,
    trayNo: '',
    consignee: 'Khun Anan',
    containerNo: 'CSQU3054383',
    collectAmount,
  },
});

withTestSession(ADMIN_SESSION, () => api.sureArrive.mockReset());

describe('<ArriveScanPanel>', () => {
  it('receives an order by its piece label, counts the next piece, refuses the same label without a call', async () => {
    const onScanned = vi.fn();
    render(<ArriveScanPanel onScanned={onScanned} />);
    const box = screen.getByPlaceholderText('扫描运单号或件标签');
    await waitFor(() => expect(document.activeElement).toBe(box));

    api.sureArrive.mockResolvedValueOnce(answer('receive', 1, '1212.50'));
    await userEvent.keyboard('th26112300011-2{Enter}');
    await waitFor(() => expect(api.sureArrive).toHaveBeenCalledTimes(1));
    expect(api.sureArrive.mock.calls[0]![0]).toEqual({ code: 'TH26112300011-2' });
    expect(await screen.findByTestId('arrive-scan-counter')).toHaveProperty('textContent', '1 / 3');
    expect(screen.getByTestId('arrive-scan-collect').textContent).toContain('1212.50');
    expect(onScanned).toHaveBeenCalledTimes(1);

    api.sureArrive.mockResolvedValueOnce(answer('count', 2, '1212.50'));
    await userEvent.keyboard('TH26112300011-1{Enter}');
    await waitFor(() => expect(screen.getByTestId('arrive-scan-counter').textContent).toBe('2 / 3'));

    await userEvent.keyboard('TH26112300011-2{Enter}');
    expect(await screen.findByText('TH26112300011-2 已扫描')).toBeTruthy();
    expect(api.sureArrive).toHaveBeenCalledTimes(2);
  });

  it('says M-notfound for an unknown code, M-dup for a repeat the server refused, and shows a wrong state', async () => {
    render(<ArriveScanPanel onScanned={vi.fn()} />);
    const box = screen.getByPlaceholderText('扫描运单号或件标签');
    await waitFor(() => expect(document.activeElement).toBe(box));
    api.sureArrive
      .mockRejectedValueOnce(new ApiError('not found', { kind: 'error', code: 404, status: 404, handled: true }))
      .mockRejectedValueOnce(
        new ApiError('TH26112300011 已扫描，库位 A-03', {
          kind: 'error',
          code: 409,
          status: 409,
          errorCode: 'DUPLICATE',
          handled: true,
        }),
      )
      .mockRejectedValueOnce(
        new ApiError('柜子未提柜', {
          kind: 'warning',
          code: 409,
          status: 409,
          errorCode: 'WRONG_STATE',
          handled: true,
        }),
      );
    await userEvent.keyboard('XX123{Enter}');
    expect(await screen.findByText('未找到 XX123 对应的订单')).toBeTruthy();
    await userEvent.keyboard('TH26112300011{Enter}');
    expect(await screen.findByText('TH26112300011 已扫描，库位 A-03')).toBeTruthy();
    await userEvent.keyboard('TH26112300012{Enter}');
    expect(await screen.findByText('柜子未提柜')).toBeTruthy();
    expect(screen.queryByTestId('arrive-scan-counter')).toBeNull();
  });
});
