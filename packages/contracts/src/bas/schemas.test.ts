import { describe, expect, it } from 'vitest';
import { itReturns } from '../common/table.test-utils';
import { isCalendarDay, rangesOverlap } from './common.schemas';
import { normaliseDefaultAddress, ZMarkAddBody, zMarkCode } from './mark.schemas';
import {
  adjustPrice,
  defaultVolWgtRate,
  type TPriceAdjustMethod,
  ZPriceAddBody,
  ZPriceBatchBody,
} from './price.schemas';
import { ZCurrateAddBody, ZInsuranceAddBody, ZVehicleAddBody } from './resource.schemas';

describe('adjustPrice (batch price adjustment, screens §3.10)', () => {
  it.each<[string, TPriceAdjustMethod, string, string]>([
    ['650.00', 'increasePct', '5', '682.50'],
    ['4.30', 'increasePct', '5', '4.52'],
    ['4.50', 'increasePct', '5', '4.73'],
    ['0.01', 'increasePct', '50', '0.02'],
    ['100.00', 'decreasePct', '12.5', '87.50'],
    ['100.00', 'decreasePct', '100', '0.00'],
    ['680.00', 'add', '20', '700.00'],
    ['0.10', 'add', '0.20', '0.30'],
    ['4.50', 'subtract', '5', '-0.50'],
    ['3.335', 'add', '0', '3.34'],
  ])('%s %s %s -> %s', (amount, method, value, expected) => {
    expect(adjustPrice(amount, method, value)).toBe(expected);
  });
});

describe('dates and ranges', () => {
  itReturns('isCalendarDay(%s) = %s', isCalendarDay, [
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
  ]);

  it('periods touching on one day overlap; consecutive ones do not; open ends run forever', () => {
    const a = { validFromDate: '2026-01-01', validToDate: '2026-06-30' };
    expect(rangesOverlap(a, { validFromDate: '2026-06-30', validToDate: '2026-12-31' })).toBe(true);
    expect(rangesOverlap(a, { validFromDate: '2026-07-01', validToDate: '2026-12-31' })).toBe(false);
    expect(rangesOverlap(a, { validFromDate: '2020-01-01', validToDate: null })).toBe(true);
  });
});

describe('mark schemas', () => {
  it('mark codes are upper-cased, 2-20 letters or digits', () => {
    expect(zMarkCode.parse(' th001 ')).toBe('TH001');
    expect(zMarkCode.safeParse('A').success).toBe(false);
    expect(zMarkCode.safeParse('AB-1').success).toBe(false);
    expect(zMarkCode.safeParse('泰国').success).toBe(false);
  });

  it('an agent needs its name and a mobile; a customer needs its name and is never of the agent type', () => {
    expect(ZMarkAddBody.safeParse({ mark: 'AG1', isAgent: '1', sales: 1 }).success).toBe(false);
    expect(
      ZMarkAddBody.safeParse({ mark: 'AG1', isAgent: '1', sales: 1, agentName: 'A', phone: '0812345678' }).success,
    ).toBe(true);
    expect(ZMarkAddBody.safeParse({ mark: 'C1', sales: 1 }).success).toBe(false);
    expect(ZMarkAddBody.safeParse({ mark: 'C1', sales: 1, nameZh: '客户', clientType: '3' }).success).toBe(false);
    const parsed = ZMarkAddBody.parse({ mark: 'c1', sales: 1, nameZh: '客户', credtLimit: '', minAmount: '50' });
    expect(parsed).toMatchObject({
      mark: 'C1',
      credtLimit: undefined,
      minAmount: '50.00',
      balanceType: '5',
      calPriceType: '3',
    });
  });

  it('exactly one default address: the first flagged, else the first row', () => {
    const rows = [{ isDefault: '0' as const }, { isDefault: '1' as const }, { isDefault: '1' as const }];
    expect(normaliseDefaultAddress(rows).map((r) => r.isDefault)).toEqual(['0', '1', '0']);
    expect(
      normaliseDefaultAddress([{ isDefault: '0' as const }, { isDefault: '0' as const }]).map((r) => r.isDefault),
    ).toEqual(['1', '0']);
    expect(normaliseDefaultAddress([])).toEqual([]);
  });
});

describe('price schemas', () => {
  const base = {
    busType: 'EK',
    leftAddrId: 1,
    destAddrId: 2,
    volumePrice: '680',
    weightPrice: '4.5',
    validFromDate: '2026-01-01',
    validToDate: '2026-12-31',
  };

  it('normalises money and fills the defaults', () => {
    expect(ZPriceAddBody.parse(base)).toMatchObject({
      volumePrice: '680.00',
      weightPrice: '4.50',
      cargoType: '1',
      currency: 'RMB',
      isWeight: '0',
    });
  });

  it('refuses a price sent as a JSON number', () => {
    const r = ZPriceAddBody.safeParse({ ...base, weightPrice: 4.5 });
    expect(r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)).toEqual(['weightPrice:err_decimal_as_text']);
  });

  it('refuses an end before the start with msg_date_order', () => {
    const r = ZPriceAddBody.safeParse({ ...base, validToDate: '2025-12-31' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('msg_date_order');
  });

  it('default ratios: 167 for air, 300 otherwise', () => {
    expect(defaultVolWgtRate('AIR')).toBe('167.000000');
    expect(defaultVolWgtRate('EK')).toBe('300.000000');
  });

  it('batch: percentages up to 100; a start date for new rows', () => {
    const b = { ids: [1], fields: ['volumePrice'], method: 'increasePct', value: '5' };
    expect(ZPriceBatchBody.parse(b)).toMatchObject({ preview: true, effective: 'inPlace', value: '5.00' });
    expect(ZPriceBatchBody.safeParse({ ...b, value: '100.01' }).success).toBe(false);
    expect(ZPriceBatchBody.safeParse({ ...b, effective: 'fromDate' }).success).toBe(false);
    expect(ZPriceBatchBody.safeParse({ ...b, ids: [] }).success).toBe(false);
  });
});

describe('resource schemas', () => {
  it('currency pair must differ; rate > 0 with 6 decimals', () => {
    expect(
      ZCurrateAddBody.safeParse({ srcCurrencyId: 1, destCurrencyId: 1, rate: '1', effectiveDate: '2026-01-01' }).error
        ?.issues[0]?.message,
    ).toBe('msg_currency_pair_same');
    expect(
      ZCurrateAddBody.safeParse({ srcCurrencyId: 1, destCurrencyId: 2, rate: '0', effectiveDate: '2026-01-01' })
        .success,
    ).toBe(false);
    expect(
      ZCurrateAddBody.parse({ srcCurrencyId: 1, destCurrencyId: 2, rate: '4.85', effectiveDate: '2026-01-01' }).rate,
    ).toBe('4.850000');
  });

  it('insurance rate: 0-100 %, at most 4 decimals', () => {
    const b = { insuranceName: 'x' };
    expect(ZInsuranceAddBody.parse({ ...b, insuranceRate: '0.3' }).insuranceRate).toBe('0.300000');
    expect(ZInsuranceAddBody.safeParse({ ...b, insuranceRate: '0.12345' }).success).toBe(false);
    expect(ZInsuranceAddBody.safeParse({ ...b, insuranceRate: '100.5' }).success).toBe(false);
  });

  it('vehicle plates: the Chinese rule for CN, free text for TH', () => {
    expect(ZVehicleAddBody.safeParse({ plateNo: '粤B12345', country: 'CN', vehicleType: '3' }).success).toBe(true);
    expect(ZVehicleAddBody.safeParse({ plateNo: 'ABC123', country: 'CN', vehicleType: '3' }).success).toBe(false);
    expect(ZVehicleAddBody.safeParse({ plateNo: '1กข 1234 ชลบุรี', country: 'TH', vehicleType: '3' }).success).toBe(true);
  });
});
