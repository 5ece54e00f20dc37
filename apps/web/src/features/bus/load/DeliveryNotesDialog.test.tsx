import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLoadNoteRow, TLoadNotesPreview } from '@theone/contracts/bus/load-notes.schemas';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyFeedback } from '../../../test/feedback-spy';
import { DeliveryNotesDialog } from './DeliveryNotesDialog';

/**
 * 'Print delivery notes' of a container: the preview's orders are listed with the amount to collect and the run;
 * the unsigned ones are ticked; Print sends the ticked ids and the language (Thai by default) and closes.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ previewLoadNotes: vi.fn(), openLoadPdf: vi.fn() }));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  previewLoadNotes: api.previewLoadNotes,
  openLoadPdf: api.openLoadPdf,
}));

// the order status tags read the dictionary: answered here (no request to a server that is not there)
vi.mock('../../../lib/dict', async (importOriginal) =>
  (await import('../shared/test-dict')).dictAnswering(await importOriginal(), [
    ['6', '已到仓'],
    ['7', '派送中'],
    ['8', '已签收'],
  ]),
);

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const row = (orderId: number, over: Partial<TLoadNoteRow> = {}): TLoadNoteRow => ({
  orderId,
  transportId: `EK2611230000${orderId}`,
  mark: 'TH002',
  status: 6,
  consignee: 'Khun Somchai',
  consigneeTel: '0812345678',
  consigneeAddr: '88 Lat Phrao, Bangkok',
  pieces: 3,
  collectAmount: null,
  sendNo: '',
  signed: false,
  ...over,
});
const preview = (rows: TLoadNoteRow[]): TLoadNotesPreview => ({
  loadId: 7,
  loadNo: 'LD2611230007',
  containerNo: 'CSQU3054383',
  truckNo: null,
  status: 4,
  rows,
  unsigned: rows.filter((r) => !r.signed).length,
});

let toasts: ReturnType<typeof spyFeedback>;
beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  // toasts to spies: a test must not end while antd's message code is still being fetched for one
  toasts = spyFeedback();
});
afterEach(() => toasts.restore());

describe('DeliveryNotesDialog', () => {
  it('ticks the unsigned orders, shows the amount to collect and prints the ticked ones in Thai', async () => {
    api.previewLoadNotes.mockResolvedValue(
      preview([
        row(1, { collectAmount: '1212.50' }),
        row(2, { sendNo: 'SD2611240001', status: 7 }),
        row(3, { signed: true, status: 8 }),
      ]),
    );
    api.openLoadPdf.mockResolvedValue(true);
    const onClose = vi.fn();
    render(wrap(<DeliveryNotesDialog load={{ id: 7, label: 'CSQU3054383' }} onClose={onClose} />));
    const table = await screen.findByTestId('load-notes-table');
    await waitFor(() => expect(within(table).getByText('1212.50')).toBeTruthy());
    expect(within(table).getByText('SD2611240001')).toBeTruthy();
    expect(api.previewLoadNotes).toHaveBeenCalledWith(7);
    const print = screen.getByTestId('load-notes-print');
    await waitFor(() => expect(print.textContent).toMatch(/2/));
    await userEvent.click(print);
    await waitFor(() =>
      expect(api.openLoadPdf).toHaveBeenCalledWith('/bus/load/printSend', { loadId: 7, orderIds: [1, 2], lang: 'th' }),
    );
    expect(onClose).toHaveBeenCalled();
    expect(toasts.message.error).not.toHaveBeenCalled();
  });

  it('prints in the chosen language only what stays ticked; nothing ticked: Print is disabled', async () => {
    api.previewLoadNotes.mockResolvedValue(preview([row(1), row(2)]));
    api.openLoadPdf.mockResolvedValue(false);
    const onClose = vi.fn();
    render(wrap(<DeliveryNotesDialog load={{ id: 7, label: 'CSQU3054383' }} onClose={onClose} />));
    const table = await screen.findByTestId('load-notes-table');
    await waitFor(() => expect(within(table).getAllByRole('checkbox')).toHaveLength(3));
    const [all, first] = within(table).getAllByRole('checkbox');
    await userEvent.click(first!);
    await userEvent.click(screen.getByText('English'));
    await userEvent.click(screen.getByTestId('load-notes-print'));
    await waitFor(() =>
      expect(api.openLoadPdf).toHaveBeenCalledWith('/bus/load/printSend', { loadId: 7, orderIds: [2], lang: 'en' }),
    );
    expect(onClose).not.toHaveBeenCalled();
    // untick everything: nothing to print
    await userEvent.click(all!);
    await userEvent.click(all!);
    await waitFor(() => expect((screen.getByTestId('load-notes-print') as HTMLButtonElement).disabled).toBe(true));
  });
});
