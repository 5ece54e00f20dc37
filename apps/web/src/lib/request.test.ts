import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyFeedback } from '../test/feedback-spy';
import { blobErrorMessage, download, fileNameFromDisposition } from './download';
import { changeLanguage } from './i18n';
import { setNavigator } from './navigation';
import { ApiError, http, request, resetSessionAlert, serializeParams } from './request';
import { authStore, onSessionCleared, setToken } from './session';

/** The request client's handling of body codes and HTTP statuses (spec §8). */
let answer: { status: number; data: unknown; headers?: Record<string, string> };
let seen: InternalAxiosRequestConfig | undefined;
const adapter: AxiosAdapter = async (config) => {
  seen = config;
  const response = { data: answer.data, status: answer.status, statusText: '', headers: answer.headers ?? {}, config };
  if (answer.status >= 400) {
    const { AxiosError } = await import('axios');
    throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, undefined, response);
  }
  return response;
};

let fb: ReturnType<typeof spyFeedback>;
const navigate = vi.fn();

beforeEach(() => {
  http.defaults.adapter = adapter;
  fb = spyFeedback();
  setNavigator(navigate);
  navigate.mockReset();
  resetSessionAlert();
});
afterEach(() => {
  fb.restore();
  setNavigator(undefined);
});

describe('request client', () => {
  it('sends the bearer token and the interface language', async () => {
    setToken('tok-1', 30);
    await changeLanguage('th');
    answer = { status: 200, data: { code: 200, msg: 'ok', data: 1 } };
    await request.get('/x');
    expect(seen?.headers.Authorization).toBe('Bearer tok-1');
    expect(seen?.headers['Accept-Language']).toBe('th');
    expect(seen?.baseURL).toBe('/prod-api');
    expect(seen?.timeout).toBe(6_000_000);
    await changeLanguage('zh-cn');
  });

  it('leaves out an expired token', async () => {
    setToken('old', 1);
    sessionStorage.setItem('THEONE-token-expires', String(Date.now() - 1000));
    answer = { status: 200, data: { code: 200, msg: 'ok' } };
    await request.get('/x');
    expect(seen?.headers.Authorization).toBeUndefined();
  });

  it('returns the envelope on code 200', async () => {
    answer = { status: 200, data: { code: 200, msg: 'ok', rows: [1], total: 1 } };
    await expect(request.get('/list')).resolves.toEqual({ code: 200, msg: 'ok', rows: [1], total: 1 });
  });

  it.each([401, 400])(
    'body code %i clears the session, resets routes, alerts Tips and goes to /login',
    async (code) => {
      setToken('tok', 30);
      const reset = vi.fn();
      const stop = onSessionCleared(reset);
      answer = { status: 200, data: { code, msg: 'expired' } };
      const error = await request.get('/x').catch((e: unknown) => e);
      stop();
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('session');
      expect(sessionStorage.getItem('THEONE-token')).toBeNull();
      expect(authStore.get().token).toBeUndefined();
      expect(reset).toHaveBeenCalled();
      expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
      expect(fb.modal.warning).toHaveBeenCalledWith(
        expect.objectContaining({ title: '提示', content: '登录状态已过期，请重新登录' }),
      );
    },
  );

  it('says why a session ended when the server does (forced out, past its absolute lifetime)', async () => {
    setToken('tok', 30);
    const msg = '管理员已结束您的登录，请重新登录';
    answer = { status: 401, data: { code: 401, msg, errorCode: 'SESSION_EXPIRED' } };
    const error = (await request.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('session');
    expect(error.message).toBe(msg);
    expect(fb.modal.warning).toHaveBeenCalledWith(expect.objectContaining({ title: '提示', content: msg }));
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login/), { replace: true });
  });

  it('shows one alert when several calls expire together', async () => {
    answer = { status: 401, data: { code: 401, msg: 'expired' } };
    await Promise.allSettled([request.get('/a'), request.get('/b')]);
    expect(fb.modal.warning).toHaveBeenCalledTimes(1);
  });

  it.each([
    [500, 500],
    [403, 403],
  ])('body code %i shows the server message as an error', async (code, status) => {
    answer = { status, data: { code, msg: '服务器说的话' } };
    const error = (await request.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(fb.message.error).toHaveBeenCalledWith('服务器说的话');
    expect(error.handled).toBe(true);
    expect(error.kind).toBe(code === 403 ? 'forbidden' : 'error');
  });

  it('code 601 is a warning', async () => {
    answer = { status: 200, data: { code: 601, msg: '注意' } };
    await expect(request.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(fb.message.warning).toHaveBeenCalledWith('注意');
  });

  it('a login failure (HTTP 401, body 500) is a message, not an expired session', async () => {
    setToken('tok', 30);
    answer = { status: 401, data: { code: 500, msg: '用户不存在/密码错误', errorCode: 'LOGIN_FAILED' } };
    await expect(request.post('/auth/login', {})).rejects.toMatchObject({ kind: 'error', status: 401 });
    expect(fb.message.error).toHaveBeenCalledWith('用户不存在/密码错误');
    expect(fb.modal.warning).not.toHaveBeenCalled();
  });

  it('HTTP 409 keeps its status and errorCode for the action helper', async () => {
    answer = { status: 409, data: { code: 500, msg: '数据已被他人修改', errorCode: 'CHANGED_RELOAD' } };
    const error = (await request.post('/x', {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.errorCode).toBe('CHANGED_RELOAD');
    expect(error.data).toBeUndefined();
    expect(error.handled).toBe(false);
    expect(fb.message.error).not.toHaveBeenCalled();
  });

  it("keeps the error answer's data (an import's per-row errors)", async () => {
    const errors = [{ row: 3, column: 'mark', message: 'Mark not found' }];
    answer = { status: 400, data: { code: 500, msg: '2 rows have errors', errorCode: 'VALIDATION', data: { errors } } };
    const error = (await request.post('/x', {}, { silent: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.errorCode).toBe('VALIDATION');
    expect(error.data).toEqual({ errors });
  });

  it('serialises GET parameters RuoYi-style', () => {
    expect(serializeParams({ pageNum: 1, status: '', params: { beginTime: '2026-01-01 00:00:00' }, ids: [1, 2] })).toBe(
      'pageNum=1&params%5BbeginTime%5D=2026-01-01%2000%3A00%3A00&ids=1%2C2',
    );
  });
});

describe('download helper', () => {
  it('reads RFC 6266 file names', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.xlsx")).toBe('订单.xlsx');
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });

  it('words a JSON error received instead of a file', () => {
    expect(blobErrorMessage({ code: 500, msg: '导出失败' })).toBe('导出失败');
    expect(blobErrorMessage({ code: 403 })).not.toBe('');
  });

  it('posts a form body, shows the error of a JSON blob and saves nothing', async () => {
    answer = {
      status: 200,
      data: new Blob([JSON.stringify({ code: 500, msg: '没有可导出的数据' })], { type: 'application/json' }),
    };
    const saved = await download('/bus/inware/export', { status: '1' }, 'orders.xlsx');
    expect(saved).toBe(false);
    expect(seen?.method).toBe('post');
    expect(seen?.data).toBe('status=1');
    expect(seen?.responseType).toBe('blob');
    expect(seen?.timeout).toBe(2_000_000);
    expect(fb.message.error).toHaveBeenCalledWith('没有可导出的数据');
  });

  it('saves a file', async () => {
    const createObjectURL = vi.fn(() => 'blob:1');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    answer = {
      status: 200,
      data: new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    };
    await expect(download('/bus/inware/export', {}, 'orders.xlsx')).resolves.toBe(true);
    expect(createObjectURL).toHaveBeenCalled();
    expect(click).toHaveBeenCalled();
  });

  it('says the download failed on a transport error', async () => {
    http.defaults.adapter = async () => {
      throw new Error('socket hang up');
    };
    await expect(download('/x', {}, 'a.xlsx')).resolves.toBe(false);
    expect(fb.message.error).toHaveBeenCalled();
  });
});
