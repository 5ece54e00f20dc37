import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerConfirm } from '../../../test/feedback-spy';
import { withTestSession } from '../shared/test-session';
import { LoadDialog, type LoadDialogTarget } from './LoadDialog';

/**
 * The Load dialog (A12): the container number's ISO 6346 check digit (valid, wrong digit, lower case and spaces),
 * a truck's Chinese or Thai plate, the P-load prompt, keyboard only (Enter submits, the first empty field has the
 * focus).
 */
vi.setConfig({ testTimeout: 30_000 });

const container: LoadDialogTarget = { id: 3, loadNo: 'LD2611230001', containerType: '40HQ', busType: 'SEA' };
const truck: LoadDialogTarget = { id: 4, loadNo: 'LD2611230002', containerType: 'TRUCK_9_6M', busType: 'EK' };

const toasts = withTestSession({
  permissions: ['bus:loadplan:load'],
  roles: ['dispatcher'],
  isFeeRole: false,
  user: { userId: 9, userName: 'ops1', nickName: '王装柜' } as never,
});

const field = (id: string) => screen.getByTestId(id) as HTMLInputElement;
/** What the Tips prompt asked (the spy answered OK). */
const prompted = () => toasts.modal.confirm.mock.calls.map((c) => (c[0] as { content: unknown }).content);

describe('<LoadDialog>', () => {
  it('focuses the container number, accepts lower case with spaces and sends it normalised after the prompt', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<LoadDialog load={container} count={12} onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(document.activeElement).toBe(field('load-container-no')));
    expect(screen.getByTestId('load-dialog-count').textContent).toContain('12');
    expect(field('load-person').value).toBe('王装柜');
    expect(screen.queryByTestId('load-truck-no')).toBeNull();
    await userEvent.keyboard('csqu 305438 3');
    await userEvent.click(field('load-seal-no'));
    answerConfirm(toasts.modal, true);
    await userEvent.keyboard('SL778899{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(prompted()).toEqual(['确认将 12 个订单装入 CSQU3054383？']);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      containerNo: 'CSQU3054383',
      sealNo: 'SL778899',
      loadPerson: '王装柜',
      truckNo: undefined,
    });
    expect(onSubmit.mock.calls[0]![0].loadTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses a wrong check digit and a malformed number, and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(<LoadDialog load={container} count={1} onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(document.activeElement).toBe(field('load-container-no')));
    await userEvent.keyboard('CSQU3054384');
    await userEvent.click(field('load-seal-no'));
    await userEvent.keyboard('S1{Enter}');
    expect(await screen.findByText('请输入正确的柜号（4位字母加7位数字）')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('load-container-no')));
    await userEvent.clear(field('load-container-no'));
    await userEvent.keyboard('CSQ3054383{Enter}');
    expect(await screen.findByText('请输入正确的柜号（4位字母加7位数字）')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(prompted()).toEqual([]);
  });

  it('asks a truck for its plate: Chinese and Thai plates pass, anything else is refused; no container number', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<LoadDialog load={truck} mode="scan" onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(document.activeElement).toBe(field('load-truck-no')));
    expect(screen.queryByTestId('load-container-no')).toBeNull();
    await userEvent.keyboard('ABC123');
    await userEvent.click(field('load-seal-no'));
    await userEvent.keyboard('S9{Enter}');
    expect(await screen.findByText('请输入正确的车牌号')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(field('load-truck-no'));
    await userEvent.type(field('load-truck-no'), '70-1234{Enter}');
    // scan mode: no prompt, straight to onSubmit
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(prompted()).toEqual([]);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ truckNo: '70-1234', sealNo: 'S9', containerNo: undefined });
    await userEvent.clear(field('load-truck-no'));
    await userEvent.type(field('load-truck-no'), '粤B12345{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ truckNo: '粤B12345' });
  });

  it('requires the seal number and keeps the dialog open when the call fails', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new Error('refused'));
    render(<LoadDialog load={{ ...container, busType: 'EK' }} count={2} onCancel={vi.fn()} onSubmit={onSubmit} />);
    await waitFor(() => expect(document.activeElement).toBe(field('load-container-no')));
    // land transport with a container: the truck's plate is asked too (optional)
    expect(screen.getByTestId('load-truck-no')).toBeTruthy();
    await userEvent.keyboard('MSKU1234565{Enter}');
    // the message names its field (it once showed '{{field}} 不能为空')
    expect(await screen.findByText('封条号 不能为空')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('load-seal-no')));
    answerConfirm(toasts.modal, true);
    await userEvent.keyboard('SEAL1{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('load-dialog')).toBeTruthy();
  });
  it('keeps what is typed and the focus when the page refetches its record while the dialog is open', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const props = { mode: 'scan' as const, onCancel: vi.fn(), onSubmit };
    const view = render(<LoadDialog load={container} {...props} />);
    await waitFor(() => expect(document.activeElement).toBe(field('load-container-no')));
    await userEvent.keyboard('CSQU3054383');
    await userEvent.tab();
    await userEvent.keyboard('SL1');
    // the same record refetched: a new object with the same id
    view.rerender(<LoadDialog load={{ ...container }} {...props} />);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(document.activeElement).toBe(field('load-seal-no'));
    await userEvent.keyboard('2{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ containerNo: 'CSQU3054383', sealNo: 'SL12' });
  });
});
