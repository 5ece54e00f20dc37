import {
  chargeableFigures,
  ORDER_FEE_INPUT_FIELDS,
  priceOrderFees,
  type TOrderPricing,
} from '@theone/contracts/bus/order-pricing';
import { tryMoney } from '@theone/contracts/common/money';
import type { FormInstance } from 'antd';
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';
import { businessText } from '../../../../lib/business-time';
import { previewPrice, type TInit, type TOrder, type TPricePreview } from '../api';
import { PRICE_KEYS, str, type TOrderFormValues } from './form-values';

/**
 * The order form's live pricing: the price row from 'fetch price' (the server's preview, refreshed when a
 * pricing key changes) and the fees computed as you type with the pricing functions the server runs on save:
 * `chargeableFigures` picks the weight and volume (measured once received, else declared) and `priceOrderFees`
 * the fees. The server's figures win; this is the preview.
 */

/** The saved order's fields the chargeable figures read (the form holds the declared ones). */
type TMeasuredOrder = Pick<TOrder, 'status' | 'arrivedWeight' | 'arrivedVolume'>;

/** Figures still being typed ('-', '.', '-0.001'): priced as typed so the fee box keeps showing their error. */
const typedOrCharged = (typed: string | null, charged: string) => {
  const d = typed === null ? null : tryMoney(typed);
  return typed !== null && (d === null || d.isNegative()) ? typed : charged;
};

/**
 * The weight and volume the form's freight is charged on: contracts' `chargeableFigures` of the saved order's
 * status and measured figures with the declared figures as typed on the form (the rule the server applies).
 */
export function formChargeableFigures(values: TOrderFormValues, order: TMeasuredOrder | undefined) {
  const cargoWeight = str(values.cargoWeight);
  const cargoVolume = str(values.cargoVolume);
  const figures = chargeableFigures({
    status: order?.status ?? 0,
    cargoWeight,
    cargoVolume,
    arrivedWeight: order?.arrivedWeight ?? null,
    arrivedVolume: order?.arrivedVolume ?? null,
  });
  if (figures.measured) return figures;
  return {
    ...figures,
    weight: typedOrCharged(cargoWeight, figures.weight),
    volume: typedOrCharged(cargoVolume, figures.volume),
  };
}

export type TFormFees = TOrderPricing | { error: string };

/** The fees of the form's values (the live preview); a pricing failure is its translation key. */
export function formOrderFees(
  values: TOrderFormValues,
  order: TMeasuredOrder | undefined,
  price: TPricePreview | null,
  insurances: TInit['insurances'] | undefined,
): TFormFees {
  const p = price?.found ? (price.price ?? null) : null;
  try {
    const figures = formChargeableFigures(values, order);
    const ins = insurances?.find((i) => i.id === values.insuranceId);
    return priceOrderFees({
      calPriceType: price?.calPriceType ?? null,
      minAmount: p?.minAmount ?? null,
      isSubMark: price?.isSubMark === '1',
      price: p,
      weight: figures.weight,
      volume: figures.volume,
      freightManual: Boolean(values.freightManual),
      feeFreightAr: str(values.feeFreightAr),
      fees: Object.fromEntries(ORDER_FEE_INPUT_FIELDS.map((f) => [f, str(values[f])])),
      declaredValue: str(values.declaredValue),
      insurance: ins?.insuranceRate ? { insuranceRate: ins.insuranceRate, minPremium: ins.minPremium } : null,
      currency: (p?.currency ?? values.currency ?? 'RMB') as string,
      currencyRate: price?.currencyRate ?? null,
    });
  } catch (error) {
    return { error: (error as { code?: string }).code ?? 'err_invalid_value' };
  }
}

export interface TLivePricingInput {
  form: FormInstance<TOrderFormValues>;
  values: TOrderFormValues | undefined;
  order: TOrder | undefined;
  insurances: TInit['insurances'] | undefined;
  isFeeRole: boolean;
  /** set once the form holds its opening values: no preview before */
  loaded: RefObject<boolean>;
}

/** The price preview and the live fees of the order form (fees only for the fee role). */
export function useLivePricing({ form, values, order, insurances, isFeeRole, loaded }: TLivePricingInput) {
  const [price, setPrice] = useState<TPricePreview | null>(null);
  const priceKey = values ? PRICE_KEYS.map((k) => values[k] ?? '').join('|') : '';
  const loadPrice = useCallback(async () => {
    const v = form.getFieldsValue(true) as TOrderFormValues;
    if (!v.markId || !v.busType || !v.leftAddrId || !v.destAddrId) {
      setPrice(null);
      return;
    }
    try {
      setPrice(
        await previewPrice(
          {
            markId: v.markId,
            busType: v.busType,
            leftAddrId: v.leftAddrId,
            destAddrId: v.destAddrId,
            cargoType: v.cargoType ?? '1',
            orderTime: businessText(v.orderTime) ?? undefined,
            status: order?.status ?? 0,
          },
          { silent: true },
        ),
      );
    } catch {
      setPrice(null);
    }
  }, [form, order?.status]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-price when the pricing keys change
  useEffect(() => {
    if (!loaded.current) return;
    const timer = setTimeout(() => void loadPrice(), 250);
    return () => clearTimeout(timer);
  }, [priceKey]);

  const fees: TFormFees | null = useMemo(
    () => (isFeeRole && values ? formOrderFees(values, order, price, insurances) : null),
    [isFeeRole, values, price, order, insurances],
  );
  const priced = fees && !('error' in fees) ? fees : null;
  const clearPrice = useCallback(() => setPrice(null), []);
  return { price, loadPrice, clearPrice, fees, priced };
}

export type TLivePricing = ReturnType<typeof useLivePricing>;
