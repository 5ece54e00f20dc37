import { zPieces } from '@theone/contracts/bus/inware.schemas';
import { ORDER_FEE_INPUT_FIELDS } from '@theone/contracts/bus/order-pricing';
import { tryMoney } from '@theone/contracts/common/money';
import type { TOrder } from '../api';

/** The order form's values and how they map to and from the order (screens bus-container.md §3). */
export type TCargoLine = {
  id?: number | null;
  receivingNo?: string;
  totalCount?: number | null;
  piece?: number | null;
  cargoLength?: string | null;
  cargoWidth?: string | null;
  cargoHight?: string | null;
  weight?: string | null;
  volume?: string | null;
};

export interface TOrderFormValues {
  transportId?: string;
  markId?: number | null;
  businessNo?: string;
  clientNo?: string;
  busType?: string | null;
  leftAddrId?: number | null;
  destAddrId?: number | null;
  arrivedHouseId?: number | null;
  /** The server's value while untouched (saved back as it came), business text once edited (lib/business-time). */
  orderTime?: string | null;
  preArriveTime?: string | null;
  consignee?: string;
  consigneeTel?: string;
  consigneeAddr?: string;
  shipper?: string;
  shipperTel?: string;
  expressCorp?: string;
  expressNo?: string;
  cargoName?: string;
  cargoType?: string;
  cargoPiece?: number | null;
  cargoWeight?: string | null;
  cargoVolume?: string | null;
  volumeManual?: boolean;
  declaredValue?: string | null;
  insuranceId?: number | null;
  woodenFrame?: boolean;
  cargoRemark?: string;
  remark?: string;
  cargoLines?: TCargoLine[];
  freightManual?: boolean;
  feeFreightAr?: string | null;
  currency?: string | null;
  [fee: string]: unknown;
}

/** The fields that choose the price row: changing one re-fetches the price preview. */
export const PRICE_KEYS = ['markId', 'busType', 'leftAddrId', 'destAddrId', 'cargoType'] as const;
/** Transit days when the route's mode has none (bus/inware/init transitDays). */
export const DEFAULT_TRANSIT_DAYS = 7;
export const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
/** The text fields `names` of `values`, an empty text for each one not filled in (the server's '' for none). */
export const textsOf = <const K extends string>(values: NoInfer<{ [P in K]?: string | null }>, names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, values[name] ?? ''])) as Record<K, string>;
export const given = (v: unknown) => v !== undefined && v !== null && v !== '';
/** A line weight that counts (a decimal other than zero; text still being typed does not). */
export const weighs = (v: unknown) => {
  const d = given(v) ? tryMoney(String(v)) : null;
  return d !== null && !d.isZero();
};
/** Line pieces: at least one. */
export const zLinePieces = zPieces.refine((n) => n >= 1, 'err_piece');

export function toForm(o: TOrder): TOrderFormValues {
  const values: TOrderFormValues = {
    ...o,
    orderTime: o.orderTime ?? null,
    preArriveTime: o.preArriveTime ?? null,
    volumeManual: o.volumeManual === '1',
    woodenFrame: o.woodenFrame === '1',
    freightManual: o.freightManual === '1',
    cargoWeight: o.cargoWeight,
    cargoVolume: o.cargoVolume,
    cargoLines: (o.cargoLines ?? []).filter((l) => !l.receivingNo),
  };
  return values;
}

/** The body the server takes (strict: only its fields). */
export function toBody(v: TOrderFormValues, feeRole: boolean) {
  const lines = (v.cargoLines ?? [])
    .filter((l) => l.piece)
    .map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      piece: l.piece,
      totalCount: l.totalCount ?? null,
      cargoLength: str(l.cargoLength),
      cargoWidth: str(l.cargoWidth),
      cargoHight: str(l.cargoHight),
      weight: str(l.weight),
      volume: given(l.cargoLength) && given(l.cargoWidth) && given(l.cargoHight) ? null : str(l.volume),
    }));
  const body: Record<string, unknown> = {
    markId: v.markId ?? null,
    busType: v.busType ?? null,
    leftAddrId: v.leftAddrId ?? null,
    destAddrId: v.destAddrId ?? null,
    arrivedHouseId: v.arrivedHouseId ?? null,
    orderTime: v.orderTime || null,
    preArriveTime: v.preArriveTime || null,
    consignee: v.consignee ?? '',
    consigneeTel: v.consigneeTel ?? '',
    consigneeAddr: v.consigneeAddr ?? '',
    shipper: v.shipper ?? '',
    shipperTel: v.shipperTel ?? '',
    businessNo: v.businessNo ?? '',
    clientNo: v.clientNo ?? '',
    expressCorp: v.expressCorp ?? '',
    expressNo: v.expressNo ?? '',
    cargoName: v.cargoName ?? '',
    cargoType: v.cargoType ?? '1',
    cargoPiece: v.cargoPiece ?? 0,
    cargoWeight: str(v.cargoWeight),
    cargoVolume: str(v.cargoVolume),
    volumeManual: v.volumeManual ? '1' : '0',
    declaredValue: str(v.declaredValue),
    insuranceId: v.insuranceId ?? null,
    woodenFrame: v.woodenFrame ? '1' : '0',
    cargoRemark: v.cargoRemark ?? '',
    remark: v.remark ?? '',
    cargoLines: lines,
  };
  if (feeRole) {
    body.freightManual = v.freightManual ? '1' : '0';
    body.feeFreightAr = v.freightManual ? str(v.feeFreightAr) : null;
    for (const f of ORDER_FEE_INPUT_FIELDS) body[f] = str(v[f]);
    body.currency = v.currency ?? null;
  }
  return body;
}
