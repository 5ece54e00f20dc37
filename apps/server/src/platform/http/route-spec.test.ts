import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathTag, registerRouteTags, spec } from './route-spec';

describe('spec', () => {
  it('puts the access rule in config and the summary beside the schemas', () => {
    const body = z.object({ id: z.number() });
    expect(spec({ permission: 'bus:load:edit' }, 'Edit', { body })).toEqual({
      config: { permission: 'bus:load:edit' },
      schema: { body, summary: 'Edit' },
    });
    expect(spec({ public: true }, 'Health')).toEqual({ config: { public: true }, schema: { summary: 'Health' } });
  });
});

describe('route tags', () => {
  it.each([
    ['/prod-api/bus/send/list', 'bus'],
    ['/prod-api/system/user/:userId', 'system'],
    ['/prod-api/:id', undefined],
    ['/bas/mark/list', 'bas'],
  ])('%s is tagged %s', (url, tag) => expect(pathTag(url, '/prod-api')).toBe(tag));

  it('tags a route by its path unless it names its own tag', async () => {
    const app = Fastify();
    registerRouteTags(app, '/prod-api');
    const seen: Record<string, unknown> = {};
    app.addHook('onRoute', (r) => {
      seen[r.url] = r.schema?.tags;
    });
    const handler = async () => 'ok';
    app.get('/prod-api/bas/mark/list', { schema: { summary: 'Marks' } }, handler);
    app.get('/prod-api/code', { schema: { summary: 'Captcha', tags: ['auth'] } }, handler);
    app.get('/outside', { schema: { summary: 'Not the API' } }, handler);
    await app.ready();
    expect(seen).toEqual({ '/prod-api/bas/mark/list': ['bas'], '/prod-api/code': ['auth'], '/outside': undefined });
    await app.close();
  });
});
