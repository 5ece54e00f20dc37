import { chargeableFigures, priceOrderFees } from '@theone/contracts/bus/order-pricing';
import { describe, expect, it } from 'vitest';
import { formChargeableFigures, formOrderFees } from './live-pricing';
import { AUTOMATIC_PRICE } from './test-support';

/**
 * The form's live pricing charges the same weight and volume as the server (contracts' chargeableFigures): the
 * form used to call an order measured as soon as it had an arrived weight, and then priced a missing arrived
 * volume as 0 m³, where the server keeps the declared figures until both are measured.
 */
const declared = { cargoWeight: '100', cargoVolume: '1.2' };
const cases: {
  name: string;
  order: { status: number; arrivedWeight: string | null; arrivedVolume: string | null } | undefined;
}[] = [
  { name: 'a new order', order: undefined },
  { name: 'confirmed, not received', order: { status: 1, arrivedWeight: '120.5', arrivedVolume: '1.25' } },
  { name: 'received and measured', order: { status: 2, arrivedWeight: '120.5', arrivedVolume: '1.25' } },
  { name: 'received, weight measured, volume not', order: { status: 2, arrivedWeight: '120.5', arrivedVolume: null } },
  { name: 'received, volume measured, weight not', order: { status: 2, arrivedWeight: null, arrivedVolume: '1.25' } },
  { name: 'received, weight blank', order: { status: 3, arrivedWeight: '', arrivedVolume: '1.25' } },
  { name: 'received, nothing measured', order: { status: 2, arrivedWeight: null, arrivedVolume: null } },
];

const byVolume = AUTOMATIC_PRICE; // automatic: both figures count

describe('the order form charges what the server charges', () => {
  it.each(cases)('$name: the form’s chargeable figures are chargeableFigures’', ({ order }) => {
    const server = chargeableFigures({ status: 0, ...order, ...declared });
    expect(formChargeableFigures(declared, order)).toEqual(server);

    // and the freight shown is the server's freight on those figures
    const fees = formOrderFees(declared, order, byVolume, []);
    if ('error' in fees) throw new Error(fees.error);
    const onServer = priceOrderFees({
      calPriceType: '3',
      isSubMark: false,
      price: { volumePrice: '800.00', weightPrice: '5.00' },
      weight: server.weight,
      volume: server.volume,
      freightManual: false,
      fees: {},
      currency: 'RMB',
    });
    expect(fees.freight).toEqual(onServer.freight);
    expect(fees.feeFreightAr).toBe(onServer.feeFreightAr);
  });

  it('a weight measured without a volume keeps the declared figures (no longer 0 m³)', () => {
    const order = { status: 2, arrivedWeight: '120.50', arrivedVolume: null };
    expect(formChargeableFigures(declared, order)).toEqual({ weight: '100.00', volume: '1.200', measured: false });
    const fees = formOrderFees(declared, order, byVolume, []);
    expect(fees).toMatchObject({ feeFreightAr: '960.00', freight: { basis: 'volume', quantity: '1.200' } });
  });

  it('a declared figure still being typed shows the pricing error as before, not a freight on 0', () => {
    expect(formOrderFees({ cargoWeight: '-', cargoVolume: '1.2' }, undefined, byVolume, [])).toEqual({
      error: 'err_invalid_value',
    });
    expect(formOrderFees({ cargoWeight: '-0.001', cargoVolume: '1.2' }, undefined, byVolume, [])).toEqual({
      error: 'err_weight',
    });
    // measured figures win: what is typed in the declared boxes is not priced
    const measured = { status: 2, arrivedWeight: '120.50', arrivedVolume: '1.250' };
    expect(formOrderFees({ cargoWeight: '-', cargoVolume: '1.2' }, measured, byVolume, [])).toMatchObject({
      feeFreightAr: '1000.00',
    });
  });
});
