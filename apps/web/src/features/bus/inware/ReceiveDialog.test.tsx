import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { withTestSession } from '../shared/test-session';
import type { TOrder } from './api';
import { ReceiveDialog } from './ReceiveDialog';

/**
 * The Receive dialog by keyboard (issue 10 item 6): the focus starts on the first empty required field, Enter in a
 * field submits when the form is valid and not otherwise, the scanned express numbers are ticked.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({
  fetchNewNo: vi.fn(),
  receiveOrder: vi.fn(),
}));
vi.mock('./api', () => ({
  fetchNewNo: api.fetchNewNo,
  receiveOrder: api.receiveOrder,
  useInit: () => ({
    data: { defaults: { arrivedHouseId: 5 }, warehouses: [{ id: 5, name: '广州仓', whType: '1' }] },
  }),
}));

const order = {
  id: 7,
  transportId: 'TH25030100001',
  status: 1,
  version: 3,
  mark: 'TH001',
  cargoName: '家具',
  cargoPiece: 2,
  cargoWeight: '40.00',
  cargoVolume: '0.500',
  expressNo: 'SF1001,SF1002,YT3003',
  arrivedHouseId: null,
  trayNo: '',
} as unknown as TOrder;

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const numberInput = (id: string) =>
  document.querySelector<HTMLInputElement>(`input[data-testid="${id}"], [data-testid="${id}"] input`)!;
const checkbox = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

withTestSession({ permissions: ['bus:inOrder:submit'], roles: ['dispatcher'], isFeeRole: false }, () => {
  api.fetchNewNo.mockReset().mockResolvedValue({ receivingNo: 'WR25030100009' });
  api.receiveOrder.mockReset().mockResolvedValue({ feesBefore: {}, feesAfter: {} });
});

function open(props: { scanned?: string[]; onClose?: () => void; onDone?: () => void } = {}) {
  const onClose = props.onClose ?? vi.fn();
  const onDone = props.onDone ?? vi.fn();
  const view = render(wrap(<ReceiveDialog order={order} scanned={props.scanned} onClose={onClose} onDone={onDone} />));
  return { ...view, onClose, onDone };
}

describe('<ReceiveDialog> by keyboard', () => {
  it('puts the focus on the first empty required field: the weight, once the receipt number is offered', async () => {
    open();
    await waitFor(() => expect(screen.getByTestId('receive-no')).toHaveProperty('value', 'WR25030100009'));
    await waitFor(() => expect(document.activeElement).toBe(numberInput('receive-weight')));
    expect(numberInput('receive-piece').value).toBe('2');
  });

  it('puts the focus on the receipt number when none could be offered', async () => {
    api.fetchNewNo.mockRejectedValue(new Error('offline'));
    open();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('receive-no')));
  });

  it('submits on Enter in a field when the form is valid', async () => {
    const { onClose, onDone } = open();
    await waitFor(() => expect(document.activeElement).toBe(numberInput('receive-weight')));
    await userEvent.keyboard('42.5{Enter}');
    await waitFor(() => expect(api.receiveOrder).toHaveBeenCalledTimes(1));
    expect(api.receiveOrder.mock.calls[0]![0]).toMatchObject({
      id: 7,
      version: 3,
      receivingNo: 'WR25030100009',
      arrivedHouseId: 5,
      arrivedPiece: 2,
      arrivedWeight: '42.5',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('does not submit on Enter while a required field is empty, and moves the focus to it', async () => {
    open();
    const weight = numberInput('receive-weight');
    await waitFor(() => expect(document.activeElement).toBe(weight));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('实收重量(kg) 不能为空')).toBeTruthy();
    expect(api.receiveOrder).not.toHaveBeenCalled();
    // the pieces emptied: Enter in the weight goes to the pieces
    await userEvent.type(weight, '30');
    await userEvent.clear(numberInput('receive-piece'));
    await userEvent.click(weight);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(numberInput('receive-piece')));
    expect(api.receiveOrder).not.toHaveBeenCalled();
  });

  it('ticks the scanned express number (any case), and the ones scanned while it is open', async () => {
    const { rerender } = open({ scanned: ['sf1002'] });
    await waitFor(() => expect(checkbox('SF1002').checked).toBe(true));
    expect(checkbox('SF1001').checked).toBe(false);
    expect(checkbox('YT3003').checked).toBe(false);
    rerender(wrap(<ReceiveDialog order={order} scanned={['sf1002', 'YT3003']} onClose={vi.fn()} onDone={vi.fn()} />));
    await waitFor(() => expect(checkbox('YT3003').checked).toBe(true));
    expect(checkbox('SF1002').checked).toBe(true);
    expect(checkbox('SF1001').checked).toBe(false);
  });
});
