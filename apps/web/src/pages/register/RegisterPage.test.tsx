import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });

import { MemoryRouter } from 'react-router';
import { authStore, clearSession, setToken } from '../../lib/session';
import { spyFeedback } from '../../test/feedback-spy';
import { answerRequests } from '../../test/render';
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
  answerRequests((config) => {
    calls.push(config);
    return { code: 200, msg: 'ok' };
  });
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
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));

/** Types the old password and `password` twice, checks the meter says `strength`, and submits. */
async function changeTo(password: string, strength: string) {
  type('旧密码', 'demo123');
  type('新密码', password);
  await waitFor(() => expect(meter()?.getAttribute('data-strength')).toBe(strength));
  type('确认密码', password);
  submit();
}

describe('RegisterPage (signed in): the new-password rule', () => {
  it('refuses a common password with the reason and a weak meter, and sends nothing', async () => {
    renderPage();
    await changeTo('Password123!', 'weak');
    expect(await screen.findByText('这是常见密码（或与常见密码相近），很容易被猜中，请换一个')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('refuses the signed-in user name and the display name', async () => {
    renderPage();
    type('新密码', 'xx-Somchai-2026');
    submit();
    expect(await screen.findByText('密码不能包含用户名')).toBeTruthy();
    type('新密码', 'Wattana#1990');
    expect(await screen.findByText('密码不能以用户名或姓名为基础')).toBeTruthy();
  });

  it('says the length rule under 10 characters (no character classes asked)', async () => {
    renderPage();
    type('新密码', 'kx8#Lm2qP');
    submit();
    expect(await screen.findByText('密码长度须为 10 到 64 个字符')).toBeTruthy();
  });

  it('accepts a long phrase without digits or capitals, shows it strong and sends the change', async () => {
    renderPage();
    await changeTo('gantry crane quay lorry', 'strong');
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
