import { describe, expect, it } from 'vitest';
import { PricingError } from '../bas/pricing';
import { lineSize, lineVolume, orderCargoTotals } from './order-cargo';
import { chargeableFigures, priceOrderFees, type TOrderPricingInput } from './order-pricing';

const price = { volumePrice: '680.00', weightPrice: '4.50', volWgtRate: '300', wgtVolRate: '300' };
const base: TOrderPricingInput = {
  calPriceType: '3',
  minAmount: null,
  isSubMark: false,
  price,
  weight: '250.00',
  volume: '1.235',
  freightManual: false,
  fees: {},
  currency: 'RMB',
};

describe('chargeableFigures', () => {
  it('uses declared figures before receipt and measured ones after', () => {
    const o = { cargoWeight: '100', cargoVolume: '1.2', arrivedWeight: '120.5', arrivedVolume: '1.25' };
    expect(chargeableFigures({ ...o, status: 1 })).toEqual({ weight: '100.00', volume: '1.200', measured: false });
    expect(chargeableFigures({ ...o, status: 2 })).toEqual({ weight: '120.50', volume: '1.250', measured: true });
    expect(chargeableFigures({ ...o, arrivedWeight: null, status: 2 })).toMatchObject({ measured: false });
    expect(chargeableFigures({ status: 0 })).toEqual({ weight: '0.00', volume: '0.000', measured: false });
  });
});

describe('priceOrderFees', () => {
  it.each([
    ['1', '839.80'], // 1.235 × 680
    ['2', '1125.00'], // 250 × 4.5
    ['3', '1125.00'], // larger
    ['4', '839.80'], // 250 kg < 1.235 × 300 -> by volume
    ['5', '839.80'], // max(1.235, 250/300=0.833) × 680
    ['6', '1125.00'],
  ])('prices calPriceType %s', (calPriceType, freight) => {
    const r = priceOrderFees({ ...base, calPriceType });
    expect(r.feeFreightAr).toBe(freight);
    expect(r.feeArAmount).toBe(freight);
    expect(r.rmbAmount).toBe(freight);
    expect(r.currencyRate).toBe('1.000000');
    expect(r.noPrice).toBe(false);
  });

  it('applies the minimum charge, the insurance premium and the typed fees', () => {
    const r = priceOrderFees({
      ...base,
      calPriceType: '1',
      volume: '0.100',
      minAmount: '300',
      declaredValue: '10000',
      insurance: { insuranceRate: '0.3', minPremium: '20' },
      fees: { feePickAr: '50', feeWoodenAr: '80.5', thFeeAr: '' },
    });
    expect(r.feeFreightAr).toBe('300.00');
    expect(r.freight?.minimumApplied).toBe(true);
    expect(r.feeInsuranceAr).toBe('30.00');
    expect(r.fees.feePickAr).toBe('50.00');
    expect(r.fees.thFeeAr).toBe('0.00');
    expect(r.feeArAmount).toBe('460.50');
  });

  it('prices a sub-mark at the agent price too', () => {
    const r = priceOrderFees({
      ...base,
      isSubMark: true,
      price: { ...price, volumePriceAgent: '600', weightPriceAgent: '4.00' },
      fees: { feePickAr: '10' },
    });
    expect(r.feeFreightAr).toBe('1125.00');
    expect(r.feeAgentAp).toBe('1000.00');
    expect(r.agentArAmount).toBe('1010.00');
  });

  it('keeps a typed freight and converts THB at the saved rate', () => {
    const r = priceOrderFees({
      ...base,
      freightManual: true,
      feeFreightAr: '1000',
      currency: 'THB',
      currencyRate: '0.2062',
    });
    expect(r.feeFreightAr).toBe('1000.00');
    expect(r.freight).toBeNull();
    expect(r.rmbAmount).toBe('206.20');
    expect(r.currencyRate).toBe('0.206200');
  });

  it('flags a missing price and refuses a foreign currency without a rate', () => {
    expect(priceOrderFees({ ...base, price: null })).toMatchObject({ feeFreightAr: '0.00', noPrice: true });
    expect(() => priceOrderFees({ ...base, currency: 'THB' })).toThrow(PricingError);
    expect(() => priceOrderFees({ ...base, calPriceType: '4', price: { volumePrice: '1', weightPrice: '1' } })).toThrow(
      PricingError,
    );
  });
});

describe('orderCargoTotals', () => {
  const lines = [
    { piece: 2, cargoLength: '50', cargoWidth: '40', cargoHight: '30', weight: '24.5' },
    { piece: 1, cargoLength: '120', cargoWidth: '80', cargoHight: '100', weight: '60' },
    { piece: 3, volume: '0.05' },
  ];
  it('sums the lines: pieces, weights, volumes from dimensions', () => {
    expect(lineVolume(lines[0]!)).toBe('0.120');
    expect(lineSize(lines[0]!)).toBe('50×40×30');
    expect(lineSize(lines[2]!)).toBe('');
    expect(orderCargoTotals({ lines })).toEqual({ cargoPiece: 6, cargoWeight: '84.50', cargoVolume: '1.130' });
  });
  it('lets the typed volume win with the measured-volume switch, and the typed weight when no line has one', () => {
    expect(orderCargoTotals({ lines, volumeManual: '1', cargoVolume: '1.2' }).cargoVolume).toBe('1.200');
    expect(orderCargoTotals({ lines: [{ piece: 1, volume: '0.5' }], cargoWeight: '12' })).toEqual({
      cargoPiece: 1,
      cargoWeight: '12.00',
      cargoVolume: '0.500',
    });
    expect(orderCargoTotals({ lines: [], cargoPiece: 4, cargoWeight: '3', cargoVolume: '' })).toEqual({
      cargoPiece: 4,
      cargoWeight: '3.00',
      cargoVolume: '0.000',
    });
  });
});
