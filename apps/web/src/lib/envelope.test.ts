import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyFeedback } from '../test/feedback-spy';
import { getCaptcha, login } from './auth-api';
import { ApiError, fetchEnvelope, resetSessionAlert } from './envelope';
import { changeLanguage } from './i18n';
import { setNavigator } from './navigation';
import { getToken } from './session';

/**
 * The login page's calls go through `fetch` (envelope.ts) instead of the request client, so the login page does not
 * download axios; they must follow the same rules (spec §8) as request.test.ts checks for the client.
 */
let fb: ReturnType<typeof spyFeedback>;
const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn();
const answer = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fb = spyFeedback();
  setNavigator(navigate);
  resetSessionAlert();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fb.restore();
  setNavigator(undefined);
});

describe('login page calls with fetch', () => {
  it('signs in: POST JSON under /prod-api with the interface language, no bearer, token stored', async () => {
    await changeLanguage('th');
    answer(200, { code: 200, msg: 'ok', data: { access_token: 'tok-9', expires_in: 30 } });
    await expect(login({ username: 'admin', password: 'x' })).resolves.toMatchObject({ access_token: 'tok-9' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/prod-api/auth/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'x' });
    const headers = init?.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('th');
    expect(headers['Content-Type']).toMatch(/application\/json/);
    expect(headers.Authorization).toBeUndefined();
    expect(getToken()).toBe('tok-9');
    await changeLanguage('zh-cn');
  });

  it('a refused sign-in (HTTP 401, body 500) shows the server message and is not an expired session', async () => {
    answer(401, { code: 500, msg: '用户不存在/密码错误', errorCode: 'LOGIN_FAILED' });
    const error = (await login({ username: 'a', password: 'b' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'error', status: 401, errorCode: 'LOGIN_FAILED', handled: true });
    expect(fb.message.error).toHaveBeenCalledWith('用户不存在/密码错误');
    expect(fb.modal.warning).not.toHaveBeenCalled();
  });

  it('the captcha answer comes back as sent, and its failures stay silent', async () => {
    answer(200, { code: 200, msg: 'ok', captchaEnabled: true, uuid: 'u1', img: 'PHN2Zz4=' });
    await expect(getCaptcha()).resolves.toMatchObject({ uuid: 'u1', captchaEnabled: true });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(getCaptcha()).rejects.toMatchObject({ kind: 'network', handled: false });
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it('no answer: network failure and timeout are told like the request client tells them', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchEnvelope('/x')).rejects.toMatchObject({ kind: 'network', handled: true });
    expect(fb.message.error).toHaveBeenLastCalledWith('无法连接服务器，请检查网络');
    fetchMock.mockRejectedValueOnce(new DOMException('timed out', 'TimeoutError'));
    await expect(fetchEnvelope('/x')).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('an answer that is not an envelope: HTTP status message', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(fetchEnvelope('/x')).rejects.toMatchObject({ kind: 'http', status: 502, handled: true });
    expect(fb.message.error).toHaveBeenCalledWith(expect.stringContaining('502'));
  });
});
