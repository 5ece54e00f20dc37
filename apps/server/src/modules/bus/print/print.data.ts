import type { TLanguage } from '@theone/contracts';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { Db, DbOrTx } from '../../../platform/db/database';
import { notFound } from '../../../platform/errors';
import { loadDictLabels } from '../../../platform/excel/excel';
import { markPrintRefs, placeNames, type TNamedRef, warehouseNames } from '../../bas/api/print-refs';
import { markIdInScope } from '../../bas/mark-scope';
import { busCargo } from '../cargo/cargo.table';
import { busOrder } from '../inware/inware.table';

/**
 * The rows the print calls draw: the orders of the path's ids with their mark, route and warehouse names in the
 * document's language and the dictionary labels, in the order the ids were given.
 *
 * Data scope as for every order read (DOMAIN §7, the orders module's rule): an order is visible when its mark is
 * in the caller's mark scope; cargo without a mark is visible to every order user (that is how its owner is
 * found). Any id that does not exist or is outside the scope makes the whole print a 404 (all or nothing,
 * screens Q2): a batch never prints a partial set silently.
 */

export function printScope(auth: AuthContext): SQL | undefined {
  return markIdInScope(auth, busOrder.markId, { includeNull: true });
}

const columns = {
  id: busOrder.id,
  transportId: busOrder.transportId,
  status: busOrder.status,
  markId: busOrder.markId,
  busType: busOrder.busType,
  consignee: busOrder.consignee,
  consigneeTel: busOrder.consigneeTel,
  consigneeAddr: busOrder.consigneeAddr,
  shipper: busOrder.shipper,
  shipperTel: busOrder.shipperTel,
  businessNo: busOrder.businessNo,
  clientNo: busOrder.clientNo,
  expressCorp: busOrder.expressCorp,
  expressNo: busOrder.expressNo,
  receivingNo: busOrder.receivingNo,
  cargoName: busOrder.cargoName,
  cargoType: busOrder.cargoType,
  cargoPiece: busOrder.cargoPiece,
  cargoWeight: busOrder.cargoWeight,
  cargoVolume: busOrder.cargoVolume,
  cargoRemark: busOrder.cargoRemark,
  orderTime: busOrder.orderTime,
  arrivedTime: busOrder.arrivedTime,
  arrivedPiece: busOrder.arrivedPiece,
  arrivedWeight: busOrder.arrivedWeight,
  arrivedVolume: busOrder.arrivedVolume,
  trayNo: busOrder.trayNo,
  printTimes: busOrder.printTimes,
  calPriceType: busOrder.calPriceType,
  minAmount: busOrder.minAmount,
  volumePrice: busOrder.volumePrice,
  weightPrice: busOrder.weightPrice,
  volWgtRate: busOrder.volWgtRate,
  wgtVolRate: busOrder.wgtVolRate,
  freightManual: busOrder.freightManual,
  feeFreightAr: busOrder.feeFreightAr,
  feePickAr: busOrder.feePickAr,
  feeSendAr: busOrder.feeSendAr,
  feePackAr: busOrder.feePackAr,
  feeUnloadAr: busOrder.feeUnloadAr,
  feeInsuranceAr: busOrder.feeInsuranceAr,
  feeWoodenAr: busOrder.feeWoodenAr,
  feeChacheAr: busOrder.feeChacheAr,
  deliveryAr: busOrder.deliveryAr,
  feeReplaceAr: busOrder.feeReplaceAr,
  feeOtherAr: busOrder.feeOtherAr,
  chinaFeeAr: busOrder.chinaFeeAr,
  thFeeAr: busOrder.thFeeAr,
  feeArAmount: busOrder.feeArAmount,
  currency: busOrder.currency,
  currencyRate: busOrder.currencyRate,
  rmbAmount: busOrder.rmbAmount,
  leftAddrId: busOrder.leftAddrId,
  destAddrId: busOrder.destAddrId,
  arrivedHouseId: busOrder.arrivedHouseId,
};

const pick = (lang: TLanguage, n: TNamedRef | undefined) =>
  (lang === 'en' ? n?.nameEn : lang === 'th' ? n?.nameTh : n?.name) || n?.name || '';
const present = (values: readonly (number | null)[]) => values.filter((v): v is number => v !== null);

export type TPrintCargoLine = typeof busCargo.$inferSelect;

export interface TPrintOrder {
  id: number;
  transportId: string;
  status: number;
  hasMark: boolean;
  mark: string;
  markName: string;
  topMark: string;
  /** the mark's 'print prices' flag */
  isPrintPrice: boolean;
  busType: string;
  busTypeLabel: string;
  cargoTypeLabel: string;
  expressCorpLabel: string;
  leftName: string;
  destName: string;
  /** the destination's Thai name (labels travel to Thailand) */
  destNameTh: string;
  houseName: string;
  /** the pieces on the labels: received pieces once received, else declared */
  pieces: number;
  row: Record<keyof typeof columns, unknown> & { orderTime: Date; arrivedTime: Date | null };
  cargo: TPrintCargoLine[];
}

/**
 * The orders to print, in the ids' order; 404 when any is missing or outside the caller's scope.
 * `withCargo` also loads the cargo lines (receipts).
 */
export async function loadPrintOrders(
  db: DbOrTx,
  auth: AuthContext,
  ids: number[],
  lang: TLanguage,
  options: { withCargo?: boolean } = {},
): Promise<TPrintOrder[]> {
  const unique = [...new Set(ids)];
  const where = and(inArray(busOrder.id, unique), printScope(auth));
  const [rows, dicts] = await Promise.all([
    db.select(columns).from(busOrder).where(where),
    loadDictLabels(db, ['bus_type', 'cargo_type', 'express_corp'], lang),
  ]);
  if (rows.length !== unique.length) throw notFound();
  const [marks, places, houses] = await Promise.all([
    markPrintRefs(db, present(rows.map((r) => r.markId))),
    placeNames(db, present(rows.flatMap((r) => [r.leftAddrId, r.destAddrId]))),
    warehouseNames(db, present(rows.map((r) => r.arrivedHouseId))),
  ]);
  const cargo = options.withCargo
    ? await db
        .select()
        .from(busCargo)
        .where(inArray(busCargo.orderId, unique))
        .orderBy(asc(busCargo.orderId), asc(busCargo.receivingNo), asc(busCargo.lineNo), asc(busCargo.id))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => {
    const r = byId.get(id)!;
    const label = (type: string, value: string) => (value ? (dicts.get(type)?.get(value) ?? value) : '');
    const received = r.status >= 2 && r.arrivedPiece !== null;
    const m = r.markId !== null ? marks.get(r.markId) : undefined;
    const dest = r.destAddrId !== null ? places.get(r.destAddrId) : undefined;
    return {
      id: r.id,
      transportId: r.transportId,
      status: r.status,
      hasMark: r.markId !== null,
      mark: m?.mark ?? '',
      markName: m?.nameZh ?? '',
      topMark: m?.topMark ?? '',
      isPrintPrice: m?.isPrintPrice === '1',
      busType: r.busType,
      busTypeLabel: label('bus_type', r.busType),
      cargoTypeLabel: label('cargo_type', r.cargoType),
      expressCorpLabel: label('express_corp', r.expressCorp),
      leftName: pick(lang, r.leftAddrId !== null ? places.get(r.leftAddrId) : undefined),
      destName: pick(lang, dest),
      destNameTh: dest?.nameTh ?? '',
      houseName: pick(lang, r.arrivedHouseId !== null ? houses.get(r.arrivedHouseId) : undefined),
      pieces: received ? (r.arrivedPiece ?? 0) : r.cargoPiece,
      row: r as TPrintOrder['row'],
      cargo: cargo.filter((c) => c.orderId === id),
    };
  });
}

/**
 * Adds one to printTimes of each order (label prints, screens §0 'printed N×'): one conditional statement on the
 * ids in the caller's scope. Not an edit: version and updateTime stay, so printing never makes a colleague's
 * open form 'changed by someone else'. Returns the new counts; 404 when an order vanished meanwhile.
 */
export async function countPrints(db: Db, auth: AuthContext, ids: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(busOrder)
      .set({ printTimes: sql`${busOrder.printTimes} + 1` })
      .where(and(inArray(busOrder.id, unique), printScope(auth)))
      .returning({ id: busOrder.id, printTimes: busOrder.printTimes });
    if (rows.length !== unique.length) throw notFound();
    return new Map(rows.map((r) => [r.id, r.printTimes]));
  });
}
