import { describe, expect, it } from 'vitest';
import {
  MISSING_DATA_KEYS,
  missingForConfirm,
  missingOrderData,
  statusActionFor,
  type TMissingDataKey,
  ZArrivedUpdateBody,
  ZCargoLine,
  ZEditFieldsBody,
  ZInwareAddBody,
  ZReGetPriceBody,
} from './inware.schemas';
import { hasSearchCondition, ZInwareListQuery } from './order-list.schemas';

const staged = { markId: 1, busType: 'EK', destAddrId: 9 };
const full = {
  ...staged,
  leftAddrId: 1,
  consignee: 'Khun Anan',
  consigneeTel: '0812345678',
  consigneeAddr: 'Bangkok',
  cargoName: 'Toys',
  cargoPiece: 3,
  cargoWeight: '10',
};

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${String(i.path.join('.'))}:${i.message}`) ?? [];

describe('order bodies', () => {
  it('a staged save needs mark, transport mode and destination only', () => {
    expect(ZInwareAddBody.safeParse(staged).success).toBe(true);
    expect(messages(ZInwareAddBody.safeParse({}))).toEqual([
      'markId:err_required',
      'busType:err_required',
      'destAddrId:err_required',
    ]);
  });

  it('confirming needs every starred field', () => {
    expect(ZInwareAddBody.safeParse({ ...full, status: 1 }).success).toBe(true);
    expect(messages(ZInwareAddBody.safeParse({ ...staged, status: 1 }))).toContain('consigneeTel:err_required');
    expect(missingForConfirm({ ...full, cargoPiece: 0, cargoWeight: '0' })).toEqual(['cargoPiece', 'cargoWeight']);
    expect(missingForConfirm({ ...full, cargoPiece: 0, cargoWeight: '0', cargoLines: [{}] })).toEqual([]);
  });

  it('registering no-mark cargo needs the receipt number (M9) and no mark', () => {
    const r = ZInwareAddBody.safeParse({
      status: 2,
      markId: 3,
      arrivedHouseId: 1,
      arrivedPiece: 1,
      arrivedWeight: '2',
    });
    expect(messages(r)).toEqual(['markId:err_no_mark_with_mark', 'receivingNo:msg_enter_receipt_no']);
    expect(
      ZInwareAddBody.safeParse({
        status: 2,
        receivingNo: 'WR1',
        arrivedHouseId: 1,
        arrivedPiece: 1,
        arrivedWeight: '2',
      }).success,
    ).toBe(true);
  });

  it('validates phones, express numbers and money as the form does', () => {
    expect(messages(ZInwareAddBody.safeParse({ ...staged, consigneeTel: '12345' }))).toEqual([
      'consigneeTel:err_phone',
    ]);
    expect(messages(ZInwareAddBody.safeParse({ ...staged, expressNo: 'SF123456，SF654321' }))).toEqual([
      'expressNo:msg_comma_separated',
    ]);
    expect(messages(ZInwareAddBody.safeParse({ ...staged, feePickAr: '1.234' }))).toEqual(['feePickAr:err_money']);
    expect(messages(ZInwareAddBody.safeParse({ ...staged, unknown: 1 }))[0]).toMatch(/^:/);
    expect(messages(ZInwareAddBody.safeParse({ ...staged, feePickAr: 12.5 }))).toEqual([
      'feePickAr:err_decimal_as_text',
    ]);
    const ok = ZInwareAddBody.parse({ ...staged, feePickAr: '12.5', cargoWeight: '3.1', cargoVolume: '0.5' });
    expect(ok).toMatchObject({
      feePickAr: '12.50',
      cargoWeight: '3.10',
      cargoVolume: '0.500',
      cargoType: '1',
      status: 0,
    });
  });

  it('cargo lines need whole positive pieces', () => {
    expect(ZCargoLine.safeParse({ piece: 0 }).success).toBe(false);
    expect(ZCargoLine.safeParse({ piece: 1.5 }).success).toBe(false);
    expect(ZCargoLine.parse({ piece: '2', cargoLength: '50', cargoWidth: '40', cargoHight: '30.5' })).toMatchObject({
      piece: 2,
      cargoLength: '50.00',
      cargoHight: '30.50',
      receivingNo: '',
    });
  });

  it('a receipt needs its number (M9) and either lines or totals', () => {
    expect(messages(ZArrivedUpdateBody.safeParse({ id: 1, arrivedHouseId: 1, receivingNo: '' }))).toContain(
      'receivingNo:msg_enter_receipt_no',
    );
    expect(messages(ZArrivedUpdateBody.safeParse({ id: 1, arrivedHouseId: 1, receivingNo: 'WR1' }))).toEqual([
      'arrivedPiece:err_required',
      'arrivedWeight:err_required',
    ]);
    expect(
      ZArrivedUpdateBody.safeParse({ id: 1, arrivedHouseId: 1, receivingNo: 'WR1', lines: [{ piece: 1, volume: '1' }] })
        .success,
    ).toBe(true);
  });

  it('field edits need at least one change; price fetch needs ids or the form', () => {
    expect(messages(ZEditFieldsBody.safeParse({ ids: [1], fields: {} }))).toEqual(['fields:err_no_change']);
    expect(ZEditFieldsBody.safeParse({ ids: [1], fields: { markId: 3 } }).success).toBe(true);
    expect(ZReGetPriceBody.safeParse({}).success).toBe(false);
    expect(ZReGetPriceBody.safeParse({ ids: [1], order: {} }).success).toBe(false);
    expect(ZReGetPriceBody.safeParse({ order: { busType: 'EK' } }).success).toBe(true);
  });
});

describe('status actions', () => {
  it.each([
    [1, 0, 'confirm'],
    [1, 2, 'cancelReceipt'],
    [0, 1, 'backToStaged'],
    [1, 1, null],
    [0, 0, null],
    [0, 2, null],
    [1, 3, null],
  ] as const)('status %s from %s is %s', (target, current, action) => {
    expect(statusActionFor(target, current)).toBe(action);
  });
});

describe('lists', () => {
  it('parses list filters and refuses unknown keys', () => {
    expect(ZInwareListQuery.parse({ view: 'inOrder', status: '0,1', pageSize: '50' })).toMatchObject({
      view: 'inOrder',
      status: '0,1',
      pageSize: 50,
    });
    expect(ZInwareListQuery.safeParse({ 'params[dataScope]': '1' }).success).toBe(false);
    expect(ZInwareListQuery.safeParse({ status: '0;1' }).success).toBe(false);
  });

  it('knows when a search has a condition (M8)', () => {
    expect(hasSearchCondition({ view: 'orderList', pageNum: 1 })).toBe(false);
    expect(hasSearchCondition({ 'params[beginTime]': '2025-01-01' })).toBe(true);
    expect(hasSearchCondition({ expressNo: 'SF1' })).toBe(true);
    expect(hasSearchCondition({ consignee: 'x' }, 'arrivedAddOrder')).toBe(false);
    expect(hasSearchCondition({ receivingNo: 'WR1' }, 'arrivedAddOrder')).toBe(true);
  });

  /** A received order with every datum its 'missing' tags look at. */
  const complete = {
    consignee: 'a',
    consigneeTel: '1',
    consigneeAddr: 'x',
    cargoName: 'y',
    busType: 'EK',
    priceId: 3,
  };

  it('lists the missing data of a received order', () => {
    expect(missingOrderData(complete)).toEqual([]);
    expect(missingOrderData({})).toEqual([...MISSING_DATA_KEYS]);
    expect(missingOrderData({ freightManual: '1' })).not.toContain('price');
  });

  it.each<[TMissingDataKey, Parameters<typeof missingOrderData>[0]]>([
    ['consignee', { consignee: ' ' }],
    ['consigneeTel', { consigneeTel: null }],
    ['consigneeAddr', { consigneeAddr: '' }],
    ['cargoName', { cargoName: '  ' }],
    ['busType', { busType: '' }],
    ['price', { priceId: null }],
  ])('tags %s alone when only it is missing', (key, gap) => {
    expect(missingOrderData({ ...complete, ...gap })).toEqual([key]);
  });
});
