import { ORDER_VIEW_EXPORT_PERMISSION, ORDER_VIEW_PERMISSION, TRANSPORT_MODE } from '@theone/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps';
import type { BusinessType } from '../../../platform/operlog';
import type { TOrderCtx } from './inware.service';

/**
 * What the order route files share (inware-entry, inware-receipt, inware-query, inware-io .routes.ts): the
 * permission keys of each group of calls, the form's transit days and the per-request context of the services.
 */

export const VIEW_KEYS = Object.values(ORDER_VIEW_PERMISSION);
/** Keys that may read orders by id or waybill (details, scan boxes, later modules' screens). */
export const ORDER_READ_KEYS = [
  ...VIEW_KEYS,
  'order:info',
  'order:edit',
  'bus:orderAdd',
  'bus:loadplan',
  'bus:load',
  'bus:track',
  'bus:arrive',
  'bus:arriveOrder',
  'bus:sendOrder',
  'bus:send',
  'bus:sign',
  'bus:exception',
  'bus:audit',
];
export const ENTRY_KEYS = [
  'bus:orderAdd',
  'order:edit',
  'bus:unOrder',
  'bus:inOrder',
  'bus:noMarkOrder',
  'bus:arrivedAddOrder',
  'bus:orderListEdit',
];
export const EXPORT_KEYS = Object.values(ORDER_VIEW_EXPORT_PERMISSION);
export const IMPORT_KEYS = ['bus:orderAdd:import', 'bus:unOrder:import'];

/** Transit days of the preArriveTime default (screens orderAdd, chosen). */
export const TRANSIT_DAYS: Record<string, number> = {
  [TRANSPORT_MODE.LAND_EK]: 7,
  [TRANSPORT_MODE.SEA]: 15,
  [TRANSPORT_MODE.RAIL]: 10,
  [TRANSPORT_MODE.AIR]: 3,
};

export const zVersion = z.coerce.number().int().min(0).max(2_147_483_647);

/** The operation-log title of a route. */
export const title = (key: string, businessType: BusinessType) => ({ title: key, businessType });

/** The services' context of a request. */
export const orderCtx =
  ({ db, config }: AppDeps) =>
  (req: { auth: TOrderCtx['auth']; lang: TOrderCtx['lang'] }): TOrderCtx => ({
    db,
    auth: req.auth,
    lang: req.lang,
    timezone: config.timezone,
  });

/**
 * Compile-time check of a response contract: the keys a handler sends (`Sent`) are all declared (`Declared`), so
 * the serialiser drops none. `true` when they are; otherwise the type names the missing keys.
 */
export type TSentKeysDeclared<Sent, Declared> = [Exclude<keyof Sent, keyof Declared>] extends [never]
  ? true
  : { undeclared: Exclude<keyof Sent, keyof Declared> };
