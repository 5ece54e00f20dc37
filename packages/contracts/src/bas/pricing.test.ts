import { describe, expect, it } from 'vitest';
import type { TMoneyInput } from '../common/money';
import { CAL_PRICE_TYPE, CAL_PRICE_TYPE_LABEL_KEY, CAL_PRICE_TYPES, TRANSPORT_MODES } from './constants';
import {
  cargoLineVolume,
  computeAgentFreight,
  computeFreight,
  computeOrderFees,
  insurancePremium,
  PricingError,
  priceOrderFreight,
  sumCargoLines,
  type TCargoDimensions,
  type TFreightBasis,
  type TFreightInput,
  type TFreightResult,
  toRmb,
} from './pricing';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof PricingError ? error.code : `not a PricingError: ${String(error)}`;
  }
  return undefined;
};

describe('constants', () => {
  it('has a label key for every pricing method and eight transport modes', () => {
    expect(CAL_PRICE_TYPES).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(Object.keys(CAL_PRICE_TYPE_LABEL_KEY)).toEqual(CAL_PRICE_TYPES);
    expect(TRANSPORT_MODES).toEqual(['EK', 'SEA', 'AIR', 'RAIL', 'FCL', 'BULK', 'TRANSIT', 'DIRECT']);
  });
});

describe('cargo lines', () => {
  it.each<[string, TCargoDimensions, string]>([
    ['one carton', { length: 50, width: 40, height: 30, piece: 1 }, '0.060'],
    ['ten cartons', { length: 50, width: 40, height: 30, piece: 10 }, '0.600'],
    ['pallets', { length: 120, width: 80, height: 150, piece: 3 }, '4.320'],
    ['decimal cm', { length: '10.5', width: '10.5', height: '10.5', piece: 1 }, '0.001'],
    ['exactly .0005 m³ rounds up', { length: 10, width: 10, height: 5, piece: 1 }, '0.001'],
    ['just under .0005 m³ rounds down', { length: 10, width: 10, height: '4.9', piece: 1 }, '0.000'],
    ['rounded once, after × pieces', { length: '33.3', width: '33.3', height: '33.3', piece: 7 }, '0.258'],
    ['zero pieces', { length: 50, width: 40, height: 30, piece: 0 }, '0.000'],
    ['a zero dimension', { length: 0, width: 40, height: 30, piece: 5 }, '0.000'],
  ])('%s: %o -> %s m³', (_label, line, expected) => {
    expect(cargoLineVolume(line)).toBe(expected);
  });

  it.each<[string, TCargoDimensions, string]>([
    ['negative length', { length: -1, width: 40, height: 30, piece: 1 }, 'err_volume'],
    ['half a carton', { length: 1, width: 1, height: 1, piece: '1.5' }, 'err_piece'],
    ['negative pieces', { length: 1, width: 1, height: 1, piece: -2 }, 'err_piece'],
  ])('%s is refused with %s', (_label, line, code) => {
    expect(codeOf(() => cargoLineVolume(line))).toBe(code);
  });

  it.each([
    ['no lines', [], { piece: 0, weight: '0.00', volume: '0.000' }],
    [
      'dimensions win, typed volume used otherwise, blanks are zero',
      [
        { piece: 2, weight: '10.5', length: 50, width: 40, height: 30 },
        { piece: 1, weight: 3.25, volume: '0.1235' },
        { piece: 3, weight: null, volume: null },
        { piece: '4', weight: '', length: '', width: 10, height: 10, volume: '0.5' },
      ],
      { piece: 10, weight: '13.75', volume: '0.744' },
    ],
    [
      'totals add the rounded line volumes, as shown on screen',
      [
        { piece: 1, length: 10, width: 10, height: 5 },
        { piece: 1, length: 10, width: 10, height: 5 },
      ],
      { piece: 2, weight: '0.00', volume: '0.002' },
    ],
  ])('sumCargoLines: %s', (_label, lines, expected) => {
    expect(sumCargoLines(lines)).toEqual(expected);
  });
});

describe('computeFreight', () => {
  const price = { volumePrice: '850.00', weightPrice: '3.50', volWgtRate: '300', wgtVolRate: '250' };
  const T = CAL_PRICE_TYPE;
  const run = (
    calPriceType: string,
    volume: TMoneyInput,
    weight: TMoneyInput,
    minAmount: TMoneyInput | null = null,
    p: TFreightInput['price'] = price,
  ) => computeFreight({ calPriceType, volume, weight, price: p, minAmount });

  // label, computation, then freight, basis, chargeable quantity, unit price, amount before minimum, minimum applied
  it.each<[string, () => TFreightResult, string, TFreightBasis, string, string, string, boolean]>([
    ['1 by volume', () => run(T.BY_VOLUME, '1.235', 200), '1049.75', 'volume', '1.235', '850.00', '1049.75', false],
    [
      '1 by volume, volume rounded half up to 3 decimals first',
      () => run(T.BY_VOLUME, '1.2345', 200),
      '1049.75',
      'volume',
      '1.235',
      '850.00',
      '1049.75',
      false,
    ],
    [
      '1 by volume, half up at .005',
      () => run(T.BY_VOLUME, '0.001', 0, null, { volumePrice: '5.00' }),
      '0.01',
      'volume',
      '0.001',
      '5.00',
      '0.01',
      false,
    ],
    ['2 by weight', () => run(T.BY_WEIGHT, '1.235', 200), '700.00', 'weight', '200.00', '3.50', '700.00', false],
    [
      '2 by weight, tiny weight 0.01 kg (0.035 half up)',
      () => run(T.BY_WEIGHT, 0, '0.01'),
      '0.04',
      'weight',
      '0.01',
      '3.50',
      '0.04',
      false,
    ],
    [
      '3 automatic takes weight when larger',
      () => run(T.AUTOMATIC, '1.235', 400),
      '1400.00',
      'weight',
      '400.00',
      '3.50',
      '1400.00',
      false,
    ],
    [
      '3 automatic takes volume when larger',
      () => run(T.AUTOMATIC, '1.235', 200),
      '1049.75',
      'volume',
      '1.235',
      '850.00',
      '1049.75',
      false,
    ],
    [
      '3 automatic, a tie reports volume',
      () => run(T.AUTOMATIC, 1, 200, null, { volumePrice: 850, weightPrice: '4.25' }),
      '850.00',
      'volume',
      '1.000',
      '850.00',
      '850.00',
      false,
    ],
    ['3 automatic, zero volume', () => run(T.AUTOMATIC, 0, 10), '35.00', 'weight', '10.00', '3.50', '35.00', false],
    [
      '4 ratio: density equal to volWgtRate stays by volume',
      () => run(T.BY_VOLUMETRIC_RATIO, 1, 300),
      '850.00',
      'volume',
      '1.000',
      '850.00',
      '850.00',
      false,
    ],
    [
      '4 ratio: density above volWgtRate goes by weight (1050.035 half up)',
      () => run(T.BY_VOLUMETRIC_RATIO, 1, '300.01'),
      '1050.04',
      'weight',
      '300.01',
      '3.50',
      '1050.04',
      false,
    ],
    [
      '4 ratio: light cargo with a tiny weight goes by volume',
      () => run(T.BY_VOLUMETRIC_RATIO, '0.5', '0.01'),
      '425.00',
      'volume',
      '0.500',
      '850.00',
      '425.00',
      false,
    ],
    [
      '4 ratio: zero volume goes by weight',
      () => run(T.BY_VOLUMETRIC_RATIO, 0, 5),
      '17.50',
      'weight',
      '5.00',
      '3.50',
      '17.50',
      false,
    ],
    [
      '5 overweight: weight / wgtVolRate above volume is charged as volume',
      () => run(T.BY_OVERWEIGHT_RATIO, 1, 300),
      '1020.00',
      'volume',
      '1.200',
      '850.00',
      '1020.00',
      false,
    ],
    [
      '5 overweight: light cargo keeps its volume',
      () => run(T.BY_OVERWEIGHT_RATIO, 2, 300),
      '1700.00',
      'volume',
      '2.000',
      '850.00',
      '1700.00',
      false,
    ],
    [
      '5 overweight: the quotient is rounded to 3 decimals (100 / 300 = 0.333)',
      () => run(T.BY_OVERWEIGHT_RATIO, '0.1', 100, null, { ...price, wgtVolRate: 300 }),
      '283.05',
      'volume',
      '0.333',
      '850.00',
      '283.05',
      false,
    ],
    [
      '5 overweight: zero volume',
      () => run(T.BY_OVERWEIGHT_RATIO, 0, 500),
      '1700.00',
      'volume',
      '2.000',
      '850.00',
      '1700.00',
      false,
    ],
    [
      '6 minimum charge: automatic below the minimum is raised to it',
      () => run(T.MINIMUM_CHARGE, '0.1', 10, '300'),
      '300.00',
      'volume',
      '0.100',
      '850.00',
      '85.00',
      true,
    ],
    [
      '6 minimum charge: above the minimum is the automatic amount',
      () => run(T.MINIMUM_CHARGE, '1.235', 400, '300'),
      '1400.00',
      'weight',
      '400.00',
      '3.50',
      '1400.00',
      false,
    ],
    [
      '6 minimum charge without a minimum is automatic',
      () => run(T.MINIMUM_CHARGE, '0.1', 10),
      '85.00',
      'volume',
      '0.100',
      '850.00',
      '85.00',
      false,
    ],
    [
      'the minimum is the floor of every method (1 by volume)',
      () => run(T.BY_VOLUME, '0.1', 10, '100'),
      '100.00',
      'volume',
      '0.100',
      '850.00',
      '85.00',
      true,
    ],
    [
      'the minimum is the floor of every method (2 by weight, tiny weight)',
      () => run(T.BY_WEIGHT, 0, '0.01', '50.5'),
      '50.50',
      'weight',
      '0.01',
      '3.50',
      '0.04',
      true,
    ],
    [
      'a minimum of 0 is no minimum',
      () => run(T.BY_VOLUME, '0.1', 10, '0'),
      '85.00',
      'volume',
      '0.100',
      '850.00',
      '85.00',
      false,
    ],
    [
      'no cargo figures yet: no freight and no minimum',
      () => run(T.MINIMUM_CHARGE, 0, 0, '300'),
      '0.00',
      'volume',
      '0.000',
      '850.00',
      '0.00',
      false,
    ],
  ])('%s', (_label, compute, freight, basis, quantity, unitPrice, amount, minimumApplied) => {
    expect(compute()).toMatchObject({ freight, basis, quantity, unitPrice, amount, minimumApplied });
  });

  it('explains automatic with both candidates and ratio methods with their ratio', () => {
    expect(run(T.AUTOMATIC, '1.235', 200)).toMatchObject({
      calPriceType: '3',
      candidates: { volume: '1049.75', weight: '700.00' },
      ratio: null,
      minAmount: null,
    });
    expect(run(T.BY_VOLUMETRIC_RATIO, 1, 10)).toMatchObject({ candidates: {}, ratio: '300.000000' });
    expect(run(T.MINIMUM_CHARGE, '0.1', 10, 300).minAmount).toBe('300.00');
  });

  it.each<[string, () => unknown, string]>([
    [
      'ratio method without volWgtRate',
      () => run(T.BY_VOLUMETRIC_RATIO, 1, 1, null, { ...price, volWgtRate: null }),
      'err_price_ratio_missing',
    ],
    [
      'overweight method with wgtVolRate 0',
      () => run(T.BY_OVERWEIGHT_RATIO, 1, 1, null, { ...price, wgtVolRate: '0' }),
      'err_price_ratio_missing',
    ],
    ['unknown method', () => run('7', 1, 1), 'err_cal_price_type'],
    ['empty method', () => run('', 1, 1), 'err_cal_price_type'],
    ['by volume without a volume price', () => run(T.BY_VOLUME, 1, 1, null, { weightPrice: 1 }), 'err_price_missing'],
    [
      'automatic without a weight price',
      () => run(T.AUTOMATIC, 1, 1, null, { volumePrice: 1, weightPrice: '' }),
      'err_price_missing',
    ],
    ['negative volume', () => run(T.BY_VOLUME, -1, 1), 'err_volume'],
    ['negative weight', () => run(T.BY_WEIGHT, 1, '-0.01'), 'err_weight'],
  ])('%s is refused with %s', (_label, compute, code) => {
    expect(codeOf(compute)).toBe(code);
  });
});

describe('agent price for sub-marks', () => {
  const price = {
    volumePrice: '850.00',
    weightPrice: '3.50',
    volumePriceAgent: '700.00',
    weightPriceAgent: '3.00',
    volWgtRate: 300,
    wgtVolRate: 250,
  };

  it.each<[string, Parameters<typeof computeAgentFreight>[0], string, string]>([
    ['agent prices are used', { calPriceType: '3', volume: '1.235', weight: 200, price }, '864.50', 'volume'],
    ['agent weight price', { calPriceType: '2', volume: '1.235', weight: 200, price }, '600.00', 'weight'],
    [
      'an empty agent price falls back to the customer price',
      { calPriceType: '1', volume: '1.235', weight: 200, price: { ...price, volumePriceAgent: null } },
      '1049.75',
      'volume',
    ],
    [
      'the minimum still applies',
      { calPriceType: '6', volume: '0.1', weight: 1, price, minAmount: 100 },
      '100.00',
      'volume',
    ],
  ])('%s', (_label, input, freight, basis) => {
    expect(computeAgentFreight(input)).toMatchObject({ freight, basis });
  });

  it.each([
    [true, '1049.75', '864.50'],
    [false, '1049.75', null],
  ])('priceOrderFreight(isSubMark %s) -> feeFreightAr %s, feeAgentAp %s', (isSubMark, feeFreightAr, feeAgentAp) => {
    const result = priceOrderFreight({ calPriceType: '1', volume: '1.235', weight: 200, price, isSubMark });
    expect(result.feeFreightAr).toBe(feeFreightAr);
    expect(result.feeAgentAp).toBe(feeAgentAp);
    expect(result.customer.unitPrice).toBe('850.00');
    expect(result.agent?.unitPrice ?? null).toBe(isSubMark ? '700.00' : null);
  });
});

describe('order fees', () => {
  const all = {
    feeFreightAr: '1049.75',
    feePickAr: '50',
    feeSendAr: '30',
    feePackAr: '20',
    feeUnloadAr: '10',
    feeInsuranceAr: '30',
    feeWoodenAr: '80',
    feeChacheAr: '15.5',
    deliveryAr: '25',
    feeReplaceAr: '100',
    feeOtherAr: '5.25',
    chinaFeeAr: '12',
    thFeeAr: '300',
  };

  it.each<[string, Parameters<typeof computeOrderFees>[0], string, string | null]>([
    ['every receivable fee is in the total', all, '1727.50', null],
    [
      'the agent amount swaps freight for feeAgentAp, which is not added',
      { ...all, feeAgentAp: '864.50' },
      '1727.50',
      '1542.25',
    ],
    ['no fees', {}, '0.00', null],
    [
      'blank fees count as zero',
      { feeFreightAr: null, feePickAr: '', feeSendAr: undefined, thFeeAr: '1' },
      '1.00',
      null,
    ],
    ['decimal, not float', { feePickAr: 0.1, feeSendAr: 0.2 }, '0.30', null],
    ['fees are taken to the cent first', { feePickAr: '0.005', feeSendAr: '0.005' }, '0.02', null],
    ['agent amount without freight', { feePickAr: '10', feeAgentAp: '5' }, '10.00', '15.00'],
  ])('%s', (_label, fees, feeArAmount, agentArAmount) => {
    expect(computeOrderFees(fees)).toEqual({ feeArAmount, agentArAmount });
  });

  it.each<[TMoneyInput | null, TMoneyInput, TMoneyInput | null | undefined, string]>([
    [10000, '0.30', 20, '30.00'],
    [5000, '0.30', 20, '20.00'],
    ['3335', '0.3', null, '10.01'], // 10.005 half up
    [10000, '0.3', undefined, '30.00'],
    [0, '0.3', 20, '0.00'],
    [null, '0.3', 20, '0.00'],
    ['', '0.3', 20, '0.00'],
  ])('insurancePremium(%j, %j %%, min %j) = %s', (declared, rate, minimum, expected) => {
    expect(insurancePremium(declared, rate, minimum)).toBe(expected);
  });
});

describe('toRmb', () => {
  it.each<[TMoneyInput, string, TMoneyInput | null, string, string]>([
    ['1000.00', 'THB', '0.2012', '201.20', '0.201200'],
    ['1049.75', 'THB', '0.201235', '211.25', '0.201235'],
    ['10.05', 'THB', '0.5', '5.03', '0.500000'], // 5.025 half up
    ['1000', 'THB', '0.20123456', '201.24', '0.201235'], // at the saved rate: 201.235 half up, not 201.23456
    ['1049.75', 'RMB', null, '1049.75', '1.000000'],
    ['1049.75', 'RMB', '0.2', '1049.75', '1.000000'],
  ])('toRmb(%j %s at %j) = %s (rate %s)', (amount, currency, rate, rmbAmount, currencyRate) => {
    expect(toRmb(amount, currency, rate)).toEqual({ rmbAmount, currencyRate });
  });

  it('a THB price becomes an RMB amount at the saved rate', () => {
    const freight = computeFreight({
      calPriceType: '1',
      volume: '1.235',
      weight: 200,
      price: { volumePrice: '4200.00' },
    }).freight;
    expect(freight).toBe('5187.00');
    expect(toRmb(freight, 'THB', '0.2')).toEqual({ rmbAmount: '1037.40', currencyRate: '0.200000' });
  });

  it.each([[null], [''], ['0'], ['-0.2']])('a THB amount with rate %j is refused', (rate) => {
    expect(codeOf(() => toRmb('100', 'THB', rate))).toBe('err_rate_missing');
  });
});
