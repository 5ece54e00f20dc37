import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../../lib/request';
import { authStore, clearSession } from '../../../lib/session';
import { PrintButtons } from './PrintButtons';
import { printPath } from './print-api';

/** Print buttons: which render for whom, the call each makes, and the PDF opened in the tab opened on click. */
const as = (permissions: string[], isFeeRole = false) => authStore.set({ permissions, roles: ['x'], isFeeRole });

let tab: { closed: boolean; close: ReturnType<typeof vi.fn>; location: { href: string }; document: Document };

beforeEach(() => {
  tab = {
    closed: false,
    close: vi.fn(),
    location: { href: '' },
    document: document.implementation.createHTMLDocument(),
  };
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:pdf-1');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('printPath', () => {
  it('maps each kind to its call; receipts and fee sheets carry the language', () => {
    expect(printPath('label', [1, 2])).toBe('/bus/inware/printbar/1,2');
    expect(printPath('pieces', [3])).toBe('/bus/inware/printbar/cargo/3');
    expect(printPath('receipt', [4, 5], 'th')).toBe('/bus/inware/printware/4,5/th');
    expect(printPath('fee', [6], 'en')).toBe('/bus/inware/printfee/6/en');
    // a batch too long for the path: '0' there, the ids in the body
    const many = Array.from({ length: 60 }, (_, i) => 100_000 + i);
    expect(printPath('label', many)).toBe('/bus/inware/printbar/0');
    expect(printPath('receipt', many, 'en')).toBe('/bus/inware/printware/0/en');
  });

  it('sends a long batch in the body', async () => {
    as(['bus:order:print']);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: new Blob(['%PDF'], { type: 'application/pdf' }) });
    const many = Array.from({ length: 60 }, (_, i) => 100_000 + i);
    render(<PrintButtons ids={many} />);
    fireEvent.click(screen.getByTestId('print-label'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/bus/inware/printbar/0');
    expect(post.mock.calls[0]![1]).toEqual({ ids: many });
  });
});

describe('<PrintButtons>', () => {
  it('renders only the kinds the user may print; fee sheets need the fee role too', () => {
    as(['bus:inOrder:print']);
    const { rerender } = render(<PrintButtons ids={[1]} kinds={['label', 'pieces', 'receipt', 'fee']} />);
    expect(screen.getByTestId('print-label')).toBeTruthy();
    expect(screen.getByTestId('print-pieces')).toBeTruthy();
    expect(screen.getByTestId('print-receipt')).toBeTruthy();
    expect(screen.queryByTestId('print-fee')).toBeNull();
    as(['bus:order:printFee']);
    rerender(<PrintButtons ids={[1]} kinds={['label', 'fee']} />);
    expect(screen.queryByTestId('print-fee')).toBeNull();
    as(['bus:order:printFee'], true);
    rerender(<PrintButtons ids={[1]} kinds={['label', 'fee']} />);
    expect(screen.getByTestId('print-fee')).toBeTruthy();
    expect(screen.queryByTestId('print-label')).toBeNull();
  });

  it("uses the screen's own key when given one", () => {
    as(['bus:order:print']);
    render(<PrintButtons ids={[1]} perms={{ label: 'bus:unOrder:print' }} />);
    expect(screen.queryByTestId('print-label')).toBeNull();
  });

  it('opens a tab on click and points it at the PDF the server returned; reports the print', async () => {
    as(['*:*:*'], true);
    const post = vi
      .spyOn(http, 'post')
      .mockResolvedValue({ data: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) });
    const onPrinted = vi.fn();
    render(<PrintButtons ids={[7, 8]} printTimes={2} onPrinted={onPrinted} />);
    expect(screen.getByTestId('print-times').textContent).toBe('已打印 2 次');
    fireEvent.click(screen.getByTestId('print-label'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf-1'));
    expect(post).toHaveBeenCalledWith(
      '/bus/inware/printbar/7,8',
      undefined,
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(onPrinted).toHaveBeenCalledWith('label');
  });

  it('prints a receipt in the UI language (zh-cn) on click', async () => {
    as(['bus:inOrder:print']);
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: new Blob(['%PDF'], { type: 'application/pdf' }) });
    render(<PrintButtons ids={[9]} kinds={['receipt']} />);
    fireEvent.click(screen.getByTestId('print-receipt'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe('/bus/inware/printware/9/zh-cn');
  });

  it('closes the tab when the server refuses', async () => {
    as(['bus:inOrder:print']);
    vi.spyOn(http, 'post').mockRejectedValue(new Error('refused'));
    const onPrinted = vi.fn();
    render(<PrintButtons ids={[9]} kinds={['pieces']} onPrinted={onPrinted} />);
    fireEvent.click(screen.getByTestId('print-pieces'));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(onPrinted).not.toHaveBeenCalled();
  });

  it('asks to select rows first when there are none, without opening a tab', async () => {
    as(['bus:inOrder:print']);
    const post = vi.spyOn(http, 'post');
    render(<PrintButtons ids={[]} />);
    fireEvent.click(screen.getByTestId('print-label'));
    await new Promise((r) => setTimeout(r, 10));
    expect(window.open).not.toHaveBeenCalled();
    expect(post).not.toHaveBeenCalled();
  });
});
