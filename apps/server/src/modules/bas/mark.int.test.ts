import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/suite';
import { sysOperLog } from '../../platform/db/log.table';
import { basMark } from './bas.table';
import { customerBody, markId, userId, whileInUse } from './bas.test-utils';

const s = useSuite({
  users: ['admin', 'sales', 'sales2', 'service', 'dispatcher'],
  setup: async ({ t }) => {
    const [salesId, sales2Id, serviceId] = await Promise.all(['sales', 'sales2', 'service'].map((u) => userId(t, u)));
    return { salesId: salesId!, sales2Id: sales2Id!, serviceId: serviceId! };
  },
});

const codes = (res: { json(): { rows: { mark: string }[] } }) =>
  res
    .json()
    .rows.map((r) => r.mark)
    .sort();

/** Saves agent mark `id` as the admin, its name, phone and version as they are, with `changes`. */
async function editAgent(id: number, changes: Record<string, unknown>) {
  const agent = (await s.admin.get(`/bas/mark/${id}`)).json().data;
  return s.admin.post('/bas/mark/edit', {
    id,
    version: agent.version,
    isAgent: '1',
    agentName: agent.agentName,
    phone: agent.phone,
    sales: s.salesId,
    ...changes,
  });
}

const customer = (mark: string, extra: Record<string, unknown> = {}) => customerBody(mark, s.salesId, extra);

describe('[BAS] mark list and data scope', () => {
  it('admin lists customers and agents separately; agents show their sub-marks', async () => {
    const customers = await s.admin.get('/bas/mark/list?isAgent=0&pageSize=50');
    expect(customers.statusCode).toBe(200);
    expect(codes(customers)).toEqual(expect.arrayContaining(['BK001', 'BK002', 'CM888', 'TH001', 'TH002', 'YW101']));
    expect(codes(customers)).not.toContain('AGBKK');
    const agents = (await s.admin.get('/bas/mark/list?isAgent=1')).json();
    const agbkk = agents.rows.find((r: { mark: string }) => r.mark === 'AGBKK');
    expect(agbkk).toMatchObject({
      underMarkNum: 2,
      underMark: 'BK001,BK002',
      clientType: '3',
      agentName: '曼谷速达代理',
    });
    expect(agbkk.salesName).toBe('王丽');
    expect(agbkk.credtLimit).toBe('200000.00');
    const bk001 = customers.json().rows.find((r: { mark: string }) => r.mark === 'BK001');
    expect(bk001).toMatchObject({ topMark: 'AGBKK', defaultContact: 'Khun Nattaya' });
  });

  it('a sales user with the self scope sees only the marks they sell or serve; sales2 the others', async () => {
    const mine = codes(await s.sales.get('/bas/mark/list?isAgent=0&pageSize=50'));
    expect(mine).toEqual(['BK001', 'BK002', 'TH001', 'TH002']);
    const theirs = codes(await s.sales2.get('/bas/mark/list?isAgent=0&pageSize=50'));
    expect(theirs).toEqual(['CM888', 'YW101']);
    expect(codes(await s.sales2.get('/bas/mark/list?isAgent=1'))).toEqual(['AGYW']);
  });

  it('a mark outside the scope is a 404 for reads, edits and deletes', async () => {
    const cm888 = await markId(s.t, 'CM888');
    expect((await s.sales.get(`/bas/mark/${cm888}`)).statusCode).toBe(404);
    expect((await s.sales.post(`/bas/mark/delete/${cm888}`)).statusCode).toBe(403); // sales has no remove key
    const res = await s.sales.post('/bas/mark/edit', { ...customer('CM888'), id: cm888, version: 0 });
    expect(res.statusCode).toBe(404);
    expect((await s.sales.get(`/bas/corporationAddr/list/${cm888}`)).statusCode).toBe(404);
  });

  it('customer service sees the marks they serve, without credit limit and minimum charge (no fee role)', async () => {
    const res = await s.service.get('/bas/mark/list?isAgent=0&pageSize=50');
    expect(codes(res)).toEqual(['BK001', 'CM888', 'TH001']);
    for (const row of res.json().rows) {
      expect(row).not.toHaveProperty('credtLimit');
      expect(row).not.toHaveProperty('minAmount');
    }
    const one = (await s.service.get(`/bas/mark/${await markId(s.t, 'TH001')}`)).json().data;
    expect(one.mark).toBe('TH001');
    expect(one).not.toHaveProperty('credtLimit');
    expect(one.addresses).toHaveLength(2);
  });

  it('filters: several codes, name, parent agent, sales, payment term; sort by credit limit', async () => {
    expect(codes(await s.admin.get('/bas/mark/list?mark=TH001,CM888'))).toEqual(['CM888', 'TH001']);
    expect(codes(await s.admin.get('/bas/mark/list?mark=th0'))).toEqual(['TH001', 'TH002']);
    expect(codes(await s.admin.get('/bas/mark/list?topMark=AGBKK'))).toEqual(['BK001', 'BK002']);
    expect(codes(await s.admin.get(`/bas/mark/list?isAgent=0&sales=${s.sales2Id}`))).toEqual(['CM888', 'YW101']);
    expect(codes(await s.admin.get('/bas/mark/list?isAgent=0&balanceType=1'))).toEqual(['CM888']);
    const sorted = (await s.admin.get('/bas/mark/list?isAgent=1&orderByColumn=credtLimit&isAsc=asc'))
      .json()
      .rows.map((r: { mark: string }) => r.mark);
    expect(sorted).toEqual(['AGYW', 'AGBKK']);
  });

  it('refuses an unknown filter or sort column (400), and users without the screen key (403)', async () => {
    expect((await s.admin.get('/bas/mark/list?params[dataScope]=1')).statusCode).toBe(400);
    expect((await s.admin.get('/bas/mark/list?orderByColumn=password')).statusCode).toBe(400);
    expect((await s.dispatcher.get('/bas/mark/list')).statusCode).toBe(403);
  });

  it('an agent page lists its sub-marks for agent readers', async () => {
    const res = await s.sales.get('/bas/mark/list?topMark=AGBKK');
    expect(codes(res)).toEqual(['BK001', 'BK002']);
  });
});

describe('[BAS] add, edit and delete customers', () => {
  it('adds a customer with two addresses; the code is upper-cased, one address is the default', async () => {
    const res = await s.sales.post('/bas/mark/add', {
      ...customer('nw001'),
      service: s.serviceId,
      credtLimit: '3000',
      minAmount: '50',
      shippingChannels: ['EK', 'SEA'],
      addresses: [
        { corporation: 'New One Co.', contact: 'Khun A', tel: '0812345678', addr: 'Bangkok 1' },
        { corporation: '', contact: '张三', tel: '13800138000', addr: '广州市白云区' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const got = (await s.sales.get(`/bas/mark/${id}`)).json().data;
    expect(got).toMatchObject({
      mark: 'NW001',
      credtLimit: '3000.00',
      minAmount: '50.00',
      sales: s.salesId,
      salesName: '王丽',
      isAgent: '0',
    });
    expect(got.shippingChannels).toEqual(['EK', 'SEA']);
    expect(got.addresses.map((a: { isDefault: string }) => a.isDefault)).toEqual(['1', '0']);
    expect(got.addresses[0].contact).toBe('Khun A');
    // the new customer belongs to sales: sales2 cannot see it
    expect((await s.sales2.get(`/bas/mark/${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate code with msg_mark_exists (409)', async () => {
    const res = await s.sales.post('/bas/mark/add', customer('TH001'), { 'accept-language': 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'DUPLICATE', msg: 'This mark already exists' });
  });

  it.each([
    ['a one-letter code', { mark: 'A' }, 'mark'],
    ['a code with a dash', { mark: 'AB-1' }, 'mark'],
    ['an unknown payment term', { balanceType: '9' }, 'balanceType'],
    ['a negative credit limit', { credtLimit: '-1' }, 'credtLimit'],
    ['an address with a bad phone', { addresses: [{ contact: 'x', tel: '123', addr: 'y' }] }, 'addresses.0.tel'],
    ['an unknown field', { hacker: true }, 'hacker'],
    ['a customer with the agent client type', { clientType: '3' }, 'clientType'],
  ])('refuses %s (400)', async (_label, patch, field) => {
    const res = await s.sales.post('/bas/mark/add', { ...customer('ZZ900'), ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('a sub-mark takes its agent settlement fields', async () => {
    const agent = await markId(s.t, 'AGBKK');
    const res = await s.sales.post('/bas/mark/add', {
      ...customer('BK003'),
      topMarkId: agent,
      balanceType: '1',
      calPriceType: '1',
      credtLimit: '1',
    });
    expect(res.statusCode).toBe(200);
    const got = (await s.admin.get(`/bas/mark/${res.json().data.id}`)).json().data;
    expect(got).toMatchObject({
      topMark: 'AGBKK',
      balanceType: '5',
      calPriceType: '3',
      credtLimit: '200000.00',
      minAmount: '100.00',
    });
  });

  it('refuses a parent that is not an agent', async () => {
    const res = await s.sales.post('/bas/mark/add', { ...customer('BK004'), topMarkId: await markId(s.t, 'TH001') });
    expect(res.statusCode).toBe(400);
  });

  it('edits with the version; a stale version is 409 msg_changed_reload', async () => {
    const id = await markId(s.t, 'TH002');
    const current = (await s.sales.get(`/bas/mark/${id}`)).json().data;
    const body = {
      ...customer('TH002'),
      id,
      version: current.version,
      nameZh: '曼谷小商品行（新）',
      addresses: current.addresses.map((a: Record<string, unknown>) => ({
        id: a.id,
        corporation: a.corporation,
        contact: a.contact,
        tel: a.tel,
        addr: a.addr,
        isDefault: a.isDefault,
      })),
    };
    expect((await s.sales.post('/bas/mark/edit', body)).statusCode).toBe(200);
    const after = (await s.sales.get(`/bas/mark/${id}`)).json().data;
    expect(after.nameZh).toBe('曼谷小商品行（新）');
    expect(after.version).toBe(current.version + 1);
    expect(after.addresses).toHaveLength(1);
    const stale = await s.sales.post('/bas/mark/edit', body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CHANGED_RELOAD');
  });

  it('an edit by a user without the fee role keeps the credit limit and minimum charge', async () => {
    const id = await markId(s.t, 'TH001');
    const current = (await s.service.get(`/bas/mark/${id}`)).json().data;
    const res = await s.service.post('/bas/mark/edit', {
      ...customer('TH001'),
      nameZh: current.nameZh,
      clientType: '2',
      balanceType: '5',
      id,
      version: current.version,
      service: s.serviceId,
    });
    expect(res.statusCode).toBe(200);
    const after = (await s.admin.get(`/bas/mark/${id}`)).json().data;
    expect(after).toMatchObject({ credtLimit: '50000.00', minAmount: '80.00' });
    expect(after.addresses).toHaveLength(2);
  });

  it('edit keeps the code read-only', async () => {
    const id = await markId(s.t, 'TH002');
    const current = (await s.sales.get(`/bas/mark/${id}`)).json().data;
    const res = await s.sales.post('/bas/mark/edit', { ...customer('XX999'), id, version: current.version });
    expect(res.statusCode).toBe(200);
    expect((await s.sales.get(`/bas/mark/${id}`)).json().data.mark).toBe('TH002');
  });

  it('delete: a mark with prices or sub-marks is in use (409); a free one is deleted; sales has no delete key', async () => {
    const admin409 = await s.admin.post(`/bas/mark/delete/${await markId(s.t, 'TH001')}`, undefined, {
      'accept-language': 'en',
    });
    expect(admin409.statusCode).toBe(409);
    expect(admin409.json()).toMatchObject({
      errorCode: 'IN_USE',
      msg: 'In use and cannot be deleted; disable it instead',
    });
    expect((await s.admin.post(`/bas/mark/delete/${await markId(s.t, 'AGYW')}`)).statusCode).toBe(409);
    const free = await markId(s.t, 'NW001');
    expect((await s.sales.post(`/bas/mark/delete/${free}`)).statusCode).toBe(403);
    expect((await s.admin.post(`/bas/mark/delete/${free}`)).statusCode).toBe(200);
    expect((await s.admin.get(`/bas/mark/${free}`)).statusCode).toBe(404);
  });

  it('delete asks the usage checks other modules register (orders)', async () => {
    const id = (await s.admin.post('/bas/mark/add', customer('US001'))).json().data.id;
    await whileInUse('mark', id, async () => {
      expect((await s.admin.post(`/bas/mark/delete/${id}`)).statusCode).toBe(409);
    });
    expect((await s.admin.post(`/bas/mark/delete/${id}`)).statusCode).toBe(200);
  });

  it('writes an operation-log row for a change', async () => {
    await s.t.flushOperlog();
    const rows = await s.t.db.select().from(sysOperLog).where(eq(sysOperLog.operUrl, '/prod-api/bas/mark/add'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.title).toBe('menu_custom_mark');
  });
});

describe('[BAS] agents and their sub-marks', () => {
  it('sales cannot add an agent (no bas:agentMark:add); admin can, with sub-marks picked from free customers', async () => {
    const body = {
      mark: 'AGNEW',
      isAgent: '1',
      agentName: '新代理',
      phone: '0899999999',
      company: 'New Agent Co.',
      sales: s.salesId,
      balanceType: '5',
      calPriceType: '1',
      credtLimit: '8000',
      agentUserName: 'agnew01',
      agentPassword: 'Agent#2026',
    };
    expect((await s.sales.post('/bas/mark/add', body)).statusCode).toBe(403);
    const free = (await s.admin.get('/bas/mark/select?noTopMark=1&keyword=TH00'))
      .json()
      .data.map((r: { mark: string }) => r.mark);
    expect(free).toEqual(['TH001', 'TH002']);
    const res = await s.admin.post('/bas/mark/add', { ...body, underMarkIds: [await markId(s.t, 'TH002')] });
    expect(res.statusCode).toBe(200);
    const agent = (await s.admin.get(`/bas/mark/${res.json().data.id}`)).json().data;
    expect(agent).toMatchObject({
      isAgent: '1',
      clientType: '3',
      nameZh: '新代理',
      underMarkNum: 1,
      underMark: 'TH002',
      agentUserName: 'agnew01',
    });
    expect(agent).not.toHaveProperty('agentPassword');
    const sub = (await s.admin.get(`/bas/mark/${await markId(s.t, 'TH002')}`)).json().data;
    expect(sub).toMatchObject({ topMark: 'AGNEW', calPriceType: '1', credtLimit: '8000.00' });
  });

  it('an agent needs a name and a mobile; a taken portal account is refused', async () => {
    const base = { mark: 'AGX', isAgent: '1', sales: s.salesId, balanceType: '5', calPriceType: '3' };
    expect((await s.admin.post('/bas/mark/add', { ...base, phone: '0812345678' })).json().field).toBe('agentName');
    expect((await s.admin.post('/bas/mark/add', { ...base, agentName: 'x', phone: '12345' })).statusCode).toBe(400);
    const dup = await s.admin.post('/bas/mark/add', {
      ...base,
      agentName: 'x',
      phone: '0812345678',
      agentUserName: 'agnew01',
    });
    expect(dup.statusCode).toBe(409);
  });

  it('editing an agent updates its sub-marks (removal clears topMark) and their settlement fields', async () => {
    const res = await editAgent(await markId(s.t, 'AGNEW'), { balanceType: '4', calPriceType: '2', underMarkIds: [] });
    expect(res.statusCode).toBe(200);
    const th002 = (await s.admin.get(`/bas/mark/${await markId(s.t, 'TH002')}`)).json().data;
    expect(th002.topMarkId).toBeNull();
  });

  it('refuses a sub-mark that already has another agent', async () => {
    const res = await editAgent(await markId(s.t, 'AGNEW'), { underMarkIds: [await markId(s.t, 'BK001')] });
    expect(res.statusCode).toBe(400);
  });

  it('a sub-mark with unbilled audited orders cannot leave its agent (subMarkRemove check)', async () => {
    const bk002 = await markId(s.t, 'BK002');
    await whileInUse('subMarkRemove', bk002, async () => {
      const res = await editAgent(await markId(s.t, 'AGBKK'), { underMarkIds: [await markId(s.t, 'BK001')] });
      expect(res.statusCode).toBe(409);
    });
  });
});

describe('[BAS] selects for other screens', () => {
  it('select: active marks in scope, by keyword', async () => {
    const res = await s.sales.get('/bas/mark/select?keyword=bk');
    expect(res.json().data.map((r: { mark: string }) => r.mark)).toEqual(['AGBKK', 'BK001', 'BK002', 'BK003']);
    const agents = (await s.sales2.get('/bas/mark/select?isAgent=1')).json().data.map((r: { mark: string }) => r.mark);
    expect(agents).toEqual(['AGYW']);
  });

  it('selectMarkInOrder gives pricing fields and the default contact; fee fields only with the fee role', async () => {
    const res = (await s.sales.get('/bas/mark/selectMarkInOrder?keyword=BK001')).json().data;
    expect(res[0]).toMatchObject({
      mark: 'BK001',
      topMark: 'AGBKK',
      calPriceType: '3',
      minAmount: '100.00',
      defaultContact: 'Khun Nattaya',
    });
    const asService = (await s.service.get('/bas/mark/selectMarkInOrder?keyword=BK001')).json().data;
    expect(asService[0]).not.toHaveProperty('minAmount');
  });

  it('selectMarkCont returns the contacts of a mark in scope', async () => {
    const res = await s.sales.get('/bas/mark/selectMarkCont?mark=th001');
    expect(res.json().data.addresses.map((a: { contact: string }) => a.contact)).toEqual([
      'Khun Prasert',
      'Khun Malee',
    ]);
    expect((await s.sales2.get('/bas/mark/selectMarkCont?mark=TH001')).statusCode).toBe(404);
    expect((await s.sales.get('/bas/mark/selectMarkCont')).statusCode).toBe(400);
  });
});

describe('[BAS] corporation addresses', () => {
  it('add, set default, edit and delete; exactly one default stays', async () => {
    const th001 = await markId(s.t, 'TH001');
    const add = await s.sales.post('/bas/corporationAddr/add', {
      markId: th001,
      contact: 'Khun New',
      tel: '021234567',
      addr: 'Silom',
      isDefault: '1',
    });
    expect(add.statusCode).toBe(200);
    let list = (await s.sales.get(`/bas/corporationAddr/list/${th001}`)).json().data;
    expect(
      list.filter((a: { isDefault: string }) => a.isDefault === '1').map((a: { contact: string }) => a.contact),
    ).toEqual(['Khun New']);
    const row = list.find((a: { contact: string }) => a.contact === 'Khun New');
    const edit = await s.sales.post('/bas/corporationAddr/edit', {
      id: row.id,
      version: row.version,
      contact: 'Khun Newer',
      tel: '021234567',
      addr: 'Silom 2',
      isDefault: '1',
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (
        await s.sales.post('/bas/corporationAddr/edit', {
          id: row.id,
          version: row.version,
          contact: 'x',
          tel: '021234567',
          addr: 'y',
        })
      ).statusCode,
    ).toBe(409);
    expect((await s.sales.post(`/bas/corporationAddr/delete/${row.id}`)).statusCode).toBe(200);
    list = (await s.sales.get(`/bas/corporationAddr/list/${th001}`)).json().data;
    expect(list).toHaveLength(2);
    expect(list.filter((a: { isDefault: string }) => a.isDefault === '1')).toHaveLength(1);
  });

  it('paged list by mark in scope; another sales user cannot add to it', async () => {
    const res = await s.sales.get('/bas/corporationAddr/list?mark=TH001');
    expect(res.json().total).toBe(2);
    expect((await s.sales2.get('/bas/corporationAddr/list?mark=TH001')).json().total).toBe(0);
    const address = { markId: await markId(s.t, 'TH001'), contact: 'x', tel: '0812345678', addr: 'y' };
    expect((await s.sales2.post('/bas/corporationAddr/add', address)).statusCode).toBe(404);
    expect((await s.sales.post('/bas/corporationAddr/add', { ...address, tel: 'abc' })).statusCode).toBe(400);
  });
});

describe('[BAS] mark export', () => {
  async function headerRow(buffer: Buffer): Promise<string[]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buffer as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getRow(1).values as unknown[];
    return values.filter((v) => typeof v === 'string') as string[];
  }

  it('exports customers (form-encoded body) with money columns for the fee role', async () => {
    const res = await s.admin.request({
      method: 'POST',
      url: '/bas/mark/export',
      payload: 'isAgent=0&mark=TH001',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const headers = await headerRow(res.rawPayload);
    expect(headers).toContain('Mark');
    expect(headers).toContain('Credit limit');
  });

  it('drops the fee columns for a user without the fee role', async () => {
    const res = await s.service.post('/bas/mark/export', { isAgent: '0' }, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    const headers = await headerRow(res.rawPayload);
    expect(headers).toContain('Mark');
    expect(headers).not.toContain('Credit limit');
    expect(headers).not.toContain('Minimum charge');
  });

  it('exports only the selected ids when given', async () => {
    const ids = [await markId(s.t, 'TH001'), await markId(s.t, 'BK001')].join(',');
    const res = await s.admin.post('/bas/mark/export', { isAgent: '0', ids });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(3);
    expect((await s.admin.post('/bas/mark/export', { ids: '1,x' })).statusCode).toBe(400);
  });

  it('an agent export needs bas:agentMark:export', async () => {
    expect((await s.service.post('/bas/mark/export', { isAgent: '1' })).statusCode).toBe(403);
  });
});

describe('[BAS] demo data', () => {
  it('is owned by the demo sales users', async () => {
    const rows = await s.t.db
      .select({ mark: basMark.mark, sales: basMark.sales })
      .from(basMark)
      .where(eq(basMark.mark, 'AGYW'));
    expect(rows[0]!.sales).toBe(s.sales2Id);
  });
});
