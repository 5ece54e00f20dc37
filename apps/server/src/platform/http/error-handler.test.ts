import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { registerErrorHandler } from './error-handler';

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
});
