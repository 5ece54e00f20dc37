import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { describeIssue, fieldLabel, registerErrorHandler } from './error-handler';

describe('error handler', () => {
  const app = Fastify({ logger: false });
  app.decorateRequest('lang', 'en');
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('relation "secret_table" does not exist at /src/x.ts:1');
  });
  app.get('/conflict', async () => {
    throw new AppError('CHANGED_RELOAD', 'msg_changed_reload');
  });

  it('answers 5xx without SQL, paths or stack', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: expect.any(String), errorCode: 'INTERNAL' });
    expect(res.body).not.toMatch(/secret_table|\.ts|at /);
  });

  it('maps AppError codes to HTTP status and body code', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(500);
    expect(res.json().errorCode).toBe('CHANGED_RELOAD');
    expect(res.json().msg).toBe('Changed by someone else, please reload');
  });

  it('unknown API paths are a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errorCode).toBe('NOT_FOUND');
  });

  it('names the field in number messages and {{field}} templates (issue 10 item 4)', () => {
    expect(fieldLabel('credtLimit', 'en')).toBe('Credit limit');
    expect(fieldLabel('cargoLines.1.weight', 'en')).toBe('Weight (kg) #2');
    expect(fieldLabel('noSuchField', 'en')).toBeUndefined();
    const negative = { keyword: 'custom', instancePath: '/credtLimit', message: 'err_money_negative' };
    expect(describeIssue(negative, 'en')).toEqual({
      field: 'credtLimit',
      msg: 'Credit limit: The amount cannot be negative',
    });
    expect(
      describeIssue({ ...negative, instancePath: '/cargoLines/0/weight', message: 'err_weight_negative' }, 'th'),
    ).toEqual({ field: 'cargoLines.0.weight', msg: 'น้ำหนัก (กก.) #1: น้ำหนักต้องไม่ติดลบ' });
    const small = { keyword: 'too_small', instancePath: '/orderNum', params: { origin: 'number', minimum: 0 } };
    expect(describeIssue(small, 'zh-cn').msg).toBe('显示顺序 不能小于 0');
    // other messages keep their own words
    expect(
      describeIssue({ keyword: 'custom', instancePath: '/expressNo', message: 'err_express_separator' }, 'en'),
    ).toMatchObject({ field: 'expressNo' });
  });
});
