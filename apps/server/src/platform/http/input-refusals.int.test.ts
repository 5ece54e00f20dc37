import { describe, expect, it } from 'vitest';
import { customerBody, userId } from '../../modules/bas/bas.test-utils';
import { orderBody } from '../../modules/bus/inware/inware.test-utils';
import { useRefusalSuite } from './refusals.test-utils';

/**
 * Issue 11 item 5, input the API must refuse cleanly: impossible dates and times (they reached PostgreSQL and came
 * back as 500s), amounts sent as JSON numbers, invalid paging parameters ('cannot be empty' for `pageNum=abc`), and
 * body-less POST actions (RuoYi-style clients post `getNo` without a body, some with a JSON content type).
 * Each refusal is a 400 naming the field in the caller's language, and nothing is stored.
 */
const en = { 'accept-language': 'en' };
const th = { 'accept-language': 'th' };

const s = useRefusalSuite();

describe('[INPUT] impossible dates and times are a 400 naming the field, never a 500', () => {
  it.each([
    ['2026-02-30 10:00:00'],
    ['2026-02-29 10:00:00'],
    ['2026-13-01 10:00:00'],
    ['2026-00-10 10:00:00'],
    ['2026-01-01 24:00:00'],
    ['2026-01-01 23:60:00'],
    ['2026-01-01 23:59:60'],
    ['2026-02-30'],
    ['2026-02-30T10:00:00Z'],
    ['2026-01-01T10:00:00+25:00'],
  ])('order time %s', async (orderTime) => {
    await s.refused('bus_order', () => s.admin.post('/bus/inware/add', orderBody(s.ids, { orderTime }), en), {
      field: 'orderTime',
      msg: 'Order time has an invalid format',
    });
  });

  it('an expected arrival in Thai, and a leap day that exists is accepted', async () => {
    await s.refused(
      'bus_order',
      () => s.admin.post('/bus/inware/add', orderBody(s.ids, { preArriveTime: '2026-04-31 08:00:00' }), th),
      { field: 'preArriveTime', msg: 'วันถึงโดยประมาณ รูปแบบไม่ถูกต้อง' },
    );
    const res = await s.admin.post('/bus/inware/add', orderBody(s.ids, { preArriveTime: '2028-02-29 23:59:59' }), en);
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each([
    ['/system/user/list?params[beginTime]=2026-02-30', 'params[beginTime]', /^Time \(from\) has an invalid/],
    ['/system/user/list?params[endTime]=2026-13-01', 'params[endTime]', /^Time \(to\) has an invalid/],
    [
      '/bus/inware/list?params[beginOrderTime]=2026-02-30%2000:00:00',
      'params[beginOrderTime]',
      /^Order time \(from\) has an invalid/,
    ],
    [
      '/bus/inware/list?params[endArrivedTime]=2026-01-31%2024:00:00',
      'params[endArrivedTime]',
      /^Received at \(to\) has an invalid/,
    ],
    ['/bas/price/list?validOn=2026-02-30', 'validOn', /has an invalid format$/],
  ])('query %s', async (url, field, msg) => {
    const res = await s.admin.get(url.replace(/\[/g, '%5B').replace(/\]/g, '%5D'), en);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION', field });
    expect(res.json().msg).toMatch(msg);
  });

  it('a valid range still filters', async () => {
    const res = await s.admin.get(
      `/system/user/list?${encodeURI(`params[beginTime]=2020-02-29&params[endTime]=${s.today}`).replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBeGreaterThan(0);
  });
});

describe('[INPUT] amounts, weights and rates sent as JSON numbers are refused', () => {
  it('order: a weight as a number', async () => {
    await s.refused('bus_order', () => s.admin.post('/bus/inware/add', orderBody(s.ids, { cargoWeight: 250 }), en), {
      field: 'cargoWeight',
      msg: 'Weight (kg): Send the figure as text in quotes ("12.50"), not as a number',
    });
    await s.refused(
      'bus_order',
      () => s.admin.post('/bus/inware/add', orderBody(s.ids, { cargoLines: [{ piece: 1, weight: 0.1 + 0.2 }] }), th),
      { field: 'cargoLines.0.weight', msg: /^น้ำหนัก \(กก\.\) #1: / },
    );
  });

  it('customer: a credit limit as a number', async () => {
    const body = customerBody('NUM01', await userId(s.t, 'sales'), { credtLimit: 1000 });
    await s.refused('bas_mark', () => s.admin.post('/bas/mark/add', body, en), {
      field: 'credtLimit',
      msg: 'Credit limit: Send the figure as text in quotes ("12.50"), not as a number',
    });
    expect((await s.admin.post('/bas/mark/add', { ...body, credtLimit: '1000' }, en)).statusCode).toBe(200);
  });

  it('price: a unit price as a number, in Chinese', async () => {
    const body = s.airPrice(800);
    await s.refused('bas_price', () => s.admin.post('/bas/price/add', body), {
      field: 'volumePrice',
      msg: /^体积单价：/,
    });
  });
});

describe('[INPUT] paging parameters', () => {
  it.each([
    ['pageNum=abc', 'pageNum', 'Page number has an invalid value'],
    ['pageSize=abc', 'pageSize', 'Page size has an invalid value'],
    ['pageNum=1.5', 'pageNum', 'Page number has an invalid value'],
    ['pageSize=0', 'pageSize', 'Page size must be at least 1'],
    ['pageSize=100000', 'pageSize', 'Page size must be at most 500'],
  ])('%s -> 400 naming %s', async (query, field, msg) => {
    const res = await s.admin.get(`/system/user/list?${query}`, en);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'VALIDATION', field, msg });
  });

  it('in Chinese, and on a business list', async () => {
    const res = await s.admin.get('/bus/inware/list?pageNum=abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'pageNum', msg: '页码 的值无效' });
  });

  it('a wrong type in a body is not "required"', async () => {
    const res = await s.admin.post('/system/post', { postCode: 'TYPE', postName: 7, postSort: 1, status: '0' }, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).not.toMatch(/required/);
  });
});

describe('[INPUT] a POST action without a body is an empty object where every field is optional', () => {
  const empty = [
    ['no body, no content type', {}],
    ['an empty JSON body', { 'content-type': 'application/json' }],
    ['an empty JSON body with a charset', { 'content-type': 'application/json;charset=utf-8' }],
    ['an empty form body', { 'content-type': 'application/x-www-form-urlencoded' }],
  ] as const;

  it.each(empty)('getNo: %s', async (_name, headers) => {
    const res = await s.admin.request({ method: 'POST', url: '/bus/inware/getNo', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.no).toMatch(/^TH\d{11}$/);
  });

  it.each(empty)('an export: %s', async (_name, headers) => {
    const res = await s.admin.request({ method: 'POST', url: '/system/post/export', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('every POST or PUT route with an object body answers a body-less request as it answers {} (OpenAPI document)', async () => {
    const doc = (await s.t.app.inject({ method: 'GET', url: '/prod-api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: unknown }> } }>>;
    };
    const routes: Array<[method: 'POST' | 'PUT', path: string]> = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content?.['application/json']?.schema as { type?: string } | undefined;
        if ((method === 'post' || method === 'put') && schema?.type === 'object' && !path.includes('{'))
          routes.push([method.toUpperCase() as 'POST' | 'PUT', path]);
      }
    }
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toEqual(expect.arrayContaining([['POST', '/prod-api/bus/inware/getNo']]));
    const refusedBodies: string[] = [];
    for (const [method, url] of routes) {
      const res = await s.admin.request({ method, url, headers: { 'content-type': 'application/json' } });
      if ((res.statusCode === 400 && res.json().field === 'body') || res.statusCode === 415)
        refusedBodies.push(`${method} ${url}: ${res.body}`);
    }
    expect(refusedBodies).toEqual([]);
  });

  it('a body with required fields still says which one is missing, and a broken JSON body is malformed', async () => {
    const postJson = (url: string, payload?: string) =>
      s.admin.request({ method: 'POST', url, headers: { 'content-type': 'application/json', ...en }, payload });
    const res = await postJson('/bas/mark/add');
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('VALIDATION');
    const broken = await postJson('/bus/inware/getNo', '{"type":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toMatch(/JSON/);
    const proto = await postJson('/bus/inware/getNo', '{"__proto__":{"x":1}}');
    expect(proto.statusCode).toBe(400);
  });
});
