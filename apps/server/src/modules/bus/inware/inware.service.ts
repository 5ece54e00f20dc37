/**
 * The inware actions (DOMAIN §2 statuses 0-2, screens bus-container.md §1 A1-A9, A26-A29), one file per business
 * action; this file only gathers them for the routes and the import. Every status change goes through the order
 * core (`../order/order-core.ts`, ADR 0009); which field may change when is contracts' order-edit-rules.ts.
 *
 * - inware.context.ts  call context, button keys, reference checks, getNo
 * - inware.entry.ts    add (A1, A2, A8), orderEdit save
 * - inware.status.ts   confirm (A2), back to staged (A3), cancel receipt (A7), delete (A4)
 * - inware.receipt.ts  receive (A5), re-measure (A6)
 * - inware.modify.ts   assign mark (A9), problem items (A26), modification (A28)
 * - inware.cargo-lines.ts  delete a saved declared cargo line (S0/S1)
 * - inware.fees.ts     fee supplement (A29), fetch price / recalculate (A27), price preview
 */
export type { Tx } from '../../../platform/db/database';
export { newTransportId, reserveTransportIds } from '../../../platform/sequences';
export { warehouseCity } from '../../bas/api/place-refs';
export { loadOrder, loadOrders } from '../order/order-core';
export { creditStatus, creditWarning, type TCreditStatus } from '../settlement/credit';
export { deleteCargoLine } from './inware.cargo-lines';
export { ACTION_PERMS, checkRefs, getNo, needImport, type TOrderCtx, type TRefs } from './inware.context';
export { addOrder, buildNewOrder, editOrder } from './inware.entry';
export { ordersWhere, previewPrice, recalculate, refetchPrices, supplementFees } from './inware.fees';
export { modifyOrders } from './inware.modify';
export { receiveOrder } from './inware.receipt';
export { changeStatus, deleteOrders } from './inware.status';
