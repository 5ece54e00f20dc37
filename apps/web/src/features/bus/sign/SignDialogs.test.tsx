import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../test/feedback-spy';
import type { TSendLine } from '../send/api';
import { ADMIN_SESSION, cancelThePrompt, resetAll, withTestSession } from '../shared/test-session';
import { FailDialog, SignDialog } from './SignDialogs';

/**
 * The sign dialogs of sign-list: the pieces (1..sent), phone and ID number (Thai or Chinese with its check digit)
 * are checked before anything is sent; P-sign / P-fail prompt; the photo is required.
 */
vi.setConfig({ testTimeout: 30_000 });

const api = vi.hoisted(() => ({ saveSign: vi.fn(), failSign: vi.fn() }));
vi.mock('../send/api', () => api);
vi.mock('../../../components/UploadField', () => ({
  fileIds: (files: { fileId: string }[] | null | undefined) => (files ?? []).map((f) => f.fileId),
  UploadField: ({ onChange }: { onChange?: (v: unknown) => void }) => (
    <button type="button" data-testid="fake-upload" onClick={() => onChange?.([{ fileId: 'f-1', name: 'p.png' }])}>
      upload
    </button>
  ),
}));
vi.mock('../../../lib/dict', async (importOriginal) =>
  (await import('../shared/test-dict')).dictAnswering(await importOriginal(), [
    ['1', '收货人不在'],
    ['6', '其他'],
  ]),
);

const order = {
  orderId: 7,
  version: 3,
  transportId: 'TH26112400007',
  consignee: 'Khun Prasert',
  consigneeTel: '0823456789',
  pieces: 3,
  arrivedPiece: 3,
} as unknown as TSendLine;

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const okButton = () => screen.getAllByRole('button', { name: /签\s?收|确\s?定/ }).at(-1)!;

const toasts = withTestSession({ ...ADMIN_SESSION, isFeeRole: true, timezone: 'Asia/Bangkok' }, () =>
  resetAll(api, { done: 1, orders: [] }),
);

describe('<SignDialog>', () => {
  it('refuses a wrong Thai check digit, too many pieces and no photo without calling the server', async () => {
    render(wrap(<SignDialog order={order} onClose={vi.fn()} onSaved={vi.fn()} />));
    await waitFor(() => expect((screen.getByTestId('sign-person') as HTMLInputElement).value).toBe('Khun Prasert'));
    await userEvent.type(screen.getByTestId('sign-idcard'), '1101700207444');
    const piece = screen.getByTestId('sign-piece');
    await userEvent.clear(piece);
    await userEvent.type(piece, '4');
    await userEvent.click(okButton());
    expect(await screen.findByText('请输入正确的身份证号码')).toBeTruthy();
    expect(await screen.findByText('签收件数必须在 1 到 3 之间')).toBeTruthy();
    expect(api.saveSign).not.toHaveBeenCalled();
  });

  it('asks P-sign, then signs with fewer pieces, the normalised ID and the photo', async () => {
    const onSaved = vi.fn();
    render(wrap(<SignDialog order={order} onClose={vi.fn()} onSaved={onSaved} />));
    await waitFor(() => expect((screen.getByTestId('sign-person') as HTMLInputElement).value).toBe('Khun Prasert'));
    await userEvent.type(screen.getByTestId('sign-idcard'), '1-1017-00207-44-7');
    const piece = screen.getByTestId('sign-piece');
    await userEvent.clear(piece);
    await userEvent.type(piece, '2');
    await userEvent.click(screen.getByTestId('fake-upload'));
    answerConfirm(toasts.modal, true);
    await userEvent.click(okButton());
    await waitFor(() => expect(api.saveSign).toHaveBeenCalledTimes(1));
    expect(toasts.modal.confirm).toHaveBeenCalledTimes(1);
    expect(api.saveSign.mock.calls[0]![0]).toMatchObject({
      orderId: 7,
      version: 3,
      signPerson: 'Khun Prasert',
      signPiece: 2,
      signTel: '0823456789',
      signIdcard: '1-1017-00207-44-7',
      signPicture: 'f-1',
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  });

  it('sends nothing when P-sign is answered Cancel', async () => {
    const onClose = vi.fn();
    render(wrap(<SignDialog order={order} onClose={onClose} onSaved={vi.fn()} />));
    await waitFor(() => expect((screen.getByTestId('sign-person') as HTMLInputElement).value).toBe('Khun Prasert'));
    await userEvent.click(screen.getByTestId('fake-upload'));
    await cancelThePrompt(toasts, okButton, api.saveSign, onClose);
  });
});

describe('<FailDialog>', () => {
  it('needs a reason, and a text for "other"; then asks P-fail and sends the versions', async () => {
    render(wrap(<FailDialog orders={[order]} onClose={vi.fn()} onSaved={vi.fn()} />));
    await userEvent.click(okButton());
    expect(await screen.findByText(/失败原因.*不能为空|不能为空/)).toBeTruthy();
    expect(api.failSign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('收货人不在'));
    answerConfirm(toasts.modal, true);
    await userEvent.click(okButton());
    await waitFor(() => expect(api.failSign).toHaveBeenCalledTimes(1));
    expect(api.failSign.mock.calls[0]![0]).toEqual({
      orderIds: [7],
      versions: [3],
      signFailReason: '1',
      signFailRemark: '',
    });
  });
});
