import { FEE_FIELDS, ORDER_LIST_VIEW_FIELDS, ZOrderDetail, ZOrderRow } from '@theone/contracts';
import { getTableColumns } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiAnswers, type TAnswerKind } from '../../../platform/http/openapi.test-utils';
import { useBusSuite } from '../bus.test-utils';
import { busOrder } from './inware.table';
import { addOrder, orderBody, receiveOrder } from './inware.test-utils';

/**
 * Issue 12 item 4: the order endpoints declare their answers (schema.response), the OpenAPI page shows them, and
 * declaring them changed no answer (every key sent before is declared; fee fields optional for the fee guard).
 */
const s = useBusSuite({ users: ['admin', 'sales', 'service', 'dispatcher'] });
const doc = openApiAnswers();
const answer = doc.answer;
let received: { id: number; transportId: string };

beforeAll(async () => {
  await doc.read(s.t);
  received = await addOrder(s.sales, orderBody(s.ids, { status: 1 }));
  await receiveOrder(s.dispatcher, s.ids, received.id, 'WR-OA-1', {
    arrivedPiece: 3,
    arrivedWeight: '251.5',
    arrivedVolume: '1.300',
  });
});

const ROUTES: [string, string, TAnswerKind][] = [
  ['get', '/bus/inware/list', 'table'],
  ['post', '/bus/inware/list', 'table'],
  ['post', '/bus/inware/selectByTransportIdPages/{transportId}', 'table'],
  ['get', '/bus/inware/{id}', 'data'],
  ['post', '/bus/inware/selectByTransportId/{transportId}', 'data'],
  ['post', '/bus/inware/select', 'data'],
  ['get', '/bus/busOrderLog/list', 'table'],
  ['post', '/bus/inware/init', 'data'],
  ['post', '/bus/inware/getNo', 'data'],
  ['post', '/bus/inware/asynAddress/{id}', 'data'],
  ['post', '/bus/inware/add', 'data'],
  ['post', '/bus/inware/edit', 'data'],
  ['post', '/bus/inware/status/{ids}', 'data'],
  ['post', '/bus/inware/delete/{ids}', 'empty'],
  ['post', '/bus/inware/reCal/{ids}', 'data'],
  ['post', '/bus/inware/arrived/update', 'data'],
  ['post', '/bus/inware/editFields', 'data'],
  ['post', '/bus/audit/orderUpdate', 'data'],
  ['post', '/bus/audit/orderUpdateFee', 'data'],
  ['post', '/bus/cargo/delete/{id}', 'data'],
  ['post', '/bus/inware/import', 'data'],
];

describe('[BUS] order response contracts', () => {
  it.each(ROUTES)('%s %s declares its answer and the error answer', (method, path, kind) =>
    doc.expectDeclared(method, path, kind),
  );

  it('the list row: fee fields optional text, figures as text, timestamps date-time, sums beside the rows', () => {
    const list = answer('get', '/bus/inware/list');
    expect(list.required).toContain('sums');
    const row = list.properties!.rows!.items!;
    for (const fee of ['feeFreightAr', 'feeArAmount', 'rmbAmount']) {
      expect(row.properties?.[fee]?.type).toBe('string');
      expect(row.required).not.toContain(fee);
    }
    expect(row.properties?.cargoWeight?.type).toBe('string');
    expect(row.properties?.orderTime).toMatchObject({ type: 'string', format: 'date-time' });
    expect(row.required).toEqual(
      expect.arrayContaining(['id', 'transportId', 'status', 'version', 'mark', 'leftAddrName']),
    );
    // the fields the view orderList leaves out are optional (ORDER_LIST_VIEW_FIELDS); the others keep being required
    for (const key of ['missing', 'consigneeAddr', 'feePickAr', 'createTime', 'arrivedHouseName'])
      expect(row.required).not.toContain(key);
    const required = ORDER_LIST_VIEW_FIELDS.filter((k) => !FEE_FIELDS.has(k));
    expect(row.required).toEqual(expect.arrayContaining(required));
    expect(list.properties?.sums?.required).not.toContain('feeArAmount');
  });

  it('the details: cargo lines, step times and the columns only the details read', () => {
    const detail = answer('get', '/bus/inware/{id}').properties!.data!;
    expect(detail.required).toEqual(
      expect.arrayContaining(['cargoLines', 'stepTimes', 'isSubMark', 'volumeManual', 'remark', 'updateTime']),
    );
    expect(detail.properties?.cargoLines?.items?.properties?.weight?.type).toBe('string');
    expect(detail.required).not.toContain('currencyRate');
  });

  it('every order column reaches the details, and the list row is a subset of them', () => {
    const { expressNos: _e, receivingNos: _r, ...columns } = getTableColumns(busOrder);
    const declared = Object.keys(ZOrderDetail.shape);
    expect(declared).toEqual(expect.arrayContaining(Object.keys(columns)));
    expect(declared).toEqual(expect.arrayContaining(Object.keys(ZOrderRow.shape)));
  });

  it('answers keep every key: the fee role sees every declared key; customer service the same without fee fields', async () => {
    const full = (await s.admin.get(`/bus/inware/${received.id}`)).json().data as Record<string, unknown>;
    expect(Object.keys(full).sort()).toEqual(Object.keys(ZOrderDetail.shape).sort());
    expect(full.orderTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(full.arrivedWeight).toBe('251.50');
    const plain = (await s.service.get(`/bus/inware/${received.id}`)).json().data as Record<string, unknown>;
    expect(Object.keys(plain).sort()).toEqual(
      Object.keys(full)
        .filter((k) => !FEE_FIELDS.has(k))
        .sort(),
    );

    const page = (await s.admin.get('/bus/inware/list?view=unOrder')).json();
    const listed = (await s.admin.get('/bus/inware/list?view=inOrder&tab=received')).json();
    expect(page.code).toBe(200);
    const row = listed.rows.find((r: { id: number }) => r.id === received.id) as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(Object.keys(ZOrderRow.shape).sort());
    expect(Object.keys(listed.sums)).toEqual(expect.arrayContaining(['cargoPiece', 'feeArAmount']));
    const plainList = (await s.service.get('/bus/inware/list?view=inOrder&tab=received')).json();
    expect(plainList.sums).not.toHaveProperty('feeArAmount');
    expect(plainList.rows[0]).not.toHaveProperty('feeFreightAr');
  });
});
