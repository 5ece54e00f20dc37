import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });

import { authStore, clearSession } from '../../../lib/session';
import { answerConfirm, spyFeedback } from '../../../test/feedback-spy';
import { answerRequests, renderRouted } from '../../../test/render';
import type { TOnlineSession } from './api';
import OnlinePage from './OnlinePage';

/** The online-users screen (issue 11 item 4): rows, the caller's own session, force logout one or several. */
const session = (userName: string, tokenChar: string, current = false): TOnlineSession => ({
  tokenId: tokenChar.repeat(64),
  userId: userName.length,
  userName,
  nickName: `${userName} nick`,
  deptName: 'Customer service',
  ipaddr: '10.0.0.7',
  loginLocation: '',
  browser: 'Chrome',
  os: 'Windows',
  loginTime: '2026-11-23T01:00:00.000Z',
  lastAccessTime: '2026-11-23T01:30:00.000Z',
  expireTime: '2026-11-23T13:00:00.000Z',
  endTime: '2026-11-23T13:00:00.000Z',
  current,
});
const ROWS = [session('admin', 'a', true), session('service', 'b'), session('sales', 'c')];

let fb: ReturnType<typeof spyFeedback>;
let calls: InternalAxiosRequestConfig[];

beforeEach(() => {
  fb = spyFeedback();
  calls = [];
  answerRequests((config) => {
    calls.push(config);
    return config.method === 'get'
      ? { code: 200, msg: 'ok', rows: ROWS, total: ROWS.length }
      : { code: 200, msg: 'ok' };
  });
});
afterEach(() => {
  fb.restore();
  clearSession();
});

function renderPage(permissions: string[]) {
  authStore.set({ permissions, roles: ['admin'], isFeeRole: false });
  renderRouted('/system/online', <OnlinePage />);
}

const rowOf = async (userName: string) => (await screen.findByText(userName)).closest('tr') as HTMLElement;

describe('OnlinePage', () => {
  it('lists the sessions, marks the caller own one and offers it no force logout', async () => {
    renderPage(['monitor:online:list', 'monitor:online:forceLogout']);
    const own = await rowOf('admin');
    expect(within(own).getByText('当前会话')).toBeTruthy();
    expect(within(own).queryByText('强退')).toBeNull();
    expect((within(own).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    const other = await rowOf('service');
    expect(within(other).getByText('强退')).toBeTruthy();
    expect(within(other).getByText('10.0.0.7')).toBeTruthy();
    const list = calls.find((c) => c.url === '/monitor/online/list');
    expect(list?.params).toMatchObject({ orderByColumn: 'loginTime', isAsc: 'desc' });
  });

  it('forces one session out after asking, naming the user', async () => {
    renderPage(['monitor:online:list', 'monitor:online:forceLogout']);
    answerConfirm(fb.modal, true);
    fireEvent.click(within(await rowOf('service')).getByText('强退'));
    await waitFor(() => expect(calls.some((c) => c.method === 'delete')).toBe(true));
    expect(fb.modal.confirm.mock.calls[0]![0].content).toBe('确认强退选中的 1 个会话（service）？');
    expect(calls.find((c) => c.method === 'delete')?.url).toBe(`/monitor/online/${'b'.repeat(64)}`);
    await waitFor(() => expect(fb.message.success).toHaveBeenCalledWith('已强退，对方下一次操作时将回到登录页'));
  });

  it('forces several sessions out from the toolbar in one call', async () => {
    renderPage(['monitor:online:list', 'monitor:online:forceLogout']);
    answerConfirm(fb.modal, true);
    fireEvent.click(within(await rowOf('service')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('sales')).getByRole('checkbox'));
    const toolbarButton = screen.getAllByRole('button', { name: /强退/ }).find((b) => !b.closest('tr'));
    fireEvent.click(toolbarButton!);
    await waitFor(() => expect(calls.some((c) => c.method === 'delete')).toBe(true));
    expect(calls.find((c) => c.method === 'delete')?.url).toBe(`/monitor/online/${'b'.repeat(64)},${'c'.repeat(64)}`);
  });

  it('shows no force logout without monitor:online:forceLogout', async () => {
    renderPage(['monitor:online:list']);
    const other = await rowOf('service');
    expect(within(other).queryByText('强退')).toBeNull();
    expect(screen.queryAllByRole('button', { name: /强退/ })).toEqual([]);
  });
});
