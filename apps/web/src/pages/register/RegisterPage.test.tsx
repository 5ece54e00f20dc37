import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });

import { MemoryRouter } from 'react-router';
import { http } from '../../lib/request';
import { authStore, clearSession, setToken } from '../../lib/session';
import { spyFeedback } from '../../test/feedback-spy';
import RegisterPage from './RegisterPage';

/**
 * The change-password form (issue 11 item 4): the meter and the messages come from the server's own rule
 * (contracts password-policy), with the signed-in account as context, so the form says what the server would.
 */
let fb: ReturnType<typeof spyFeedback>;
let calls: InternalAxiosRequestConfig[];
const realFetch = globalThis.fetch;

beforeEach(() => {
  fb = spyFeedback();
  calls = [];
  // the captcha call of the page (signed out only shows it)
  globalThis.fetch = vi.fn(
    async () => new Response(JSON.stringify({ code: 200, msg: 'ok', captchaEnabled: false }), { status: 200 }),
  ) as typeof fetch;
  http.defaults.adapter = (async (config) => {
    calls.push(config);
    return { data: { code: 200, msg: 'ok' }, status: 200, statusText: 'OK', headers: {}, config };
  }) as AxiosAdapter;
  setToken('tok', 30);
  authStore.set({ user: { userId: 7, userName: 'somchai', nickName: 'Somchai Wattana' } });
});
afterEach(() => {
  globalThis.fetch = realFetch;
  fb.restore();
  clearSession();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/register']}>
      <RegisterPage />
    </MemoryRouter>,
  );
}

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });
const meter = () => screen.queryByTestId('password-strength');

describe('RegisterPage (signed in): the new-password rule', () => {
  it('refuses a common password with the reason and a weak meter, and sends nothing', async () => {
    renderPage();
    type('旧密码', 'demo123');
    type('新密码', 'Password123!');
    await waitFor(() => expect(meter()?.getAttribute('data-strength')).toBe('weak'));
    type('确认密码', 'Password123!');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('这是常见密码（或与常见密码相近），很容易被猜中，请换一个')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses the signed-in user name and the display name', async () => {
    renderPage();
    type('新密码', 'xx-Somchai-2026');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('密码不能包含用户名')).toBeTruthy();
    type('新密码', 'Wattana#1990');
    expect(await screen.findByText('密码不能以用户名或姓名为基础')).toBeTruthy();
  });

  it('says the length rule under 10 characters (no character classes asked)', async () => {
    renderPage();
    type('新密码', 'kx8#Lm2qP');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('密码长度须为 10 到 64 个字符')).toBeTruthy();
  });

  it('accepts a long phrase without digits or capitals, shows it strong and sends the change', async () => {
    renderPage();
    type('旧密码', 'demo123');
    type('新密码', 'gantry crane quay lorry');
    await waitFor(() => expect(meter()?.getAttribute('data-strength')).toBe('strong'));
    type('确认密码', 'gantry crane quay lorry');
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/auth/register'));
    expect(JSON.parse(String(calls[0]!.data))).toEqual({
      oldPassword: 'demo123',
      newPassword: 'gantry crane quay lorry',
    });
  });

  it('lets an old password of up to 64 characters be typed whole', () => {
    renderPage();
    expect(field('旧密码').maxLength).toBe(64);
  });
});
