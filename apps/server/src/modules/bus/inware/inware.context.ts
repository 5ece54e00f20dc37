import {
  DEFAULT_COUNTRY_CODE,
  hasAnyPermission,
  orderFieldLabelKey,
  type TGetNoBody,
  type TLanguage,
} from '@theone/contracts';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { badRequest, forbidden } from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { newReceivingNo, newTransportId } from '../../../platform/sequences';
import { markInScope } from '../../bas/api/mark-refs';
import { geogRefs, insuranceExists, warehouseExists } from '../../bas/api/place-refs';
import { markInfo, type TMarkInfo, type TPricingCache } from './inware.pricing';

/**
 * What the inware actions share: the call context, the button keys each action accepts, and the check of an
 * order's references (mark in scope, places, warehouse, insurance) through bas's read API.
 */
export interface TOrderCtx {
  db: DbOrTx;
  auth: AuthContext;
  lang: TLanguage;
  timezone: string;
}

/** Button keys (bus-container.md §5) each action accepts. */
export const ACTION_PERMS = {
  save: ['bus:orderAdd:add'],
  confirmOnAdd: ['bus:orderAdd:sure'],
  registerNoMark: ['bus:noMarkOrder:add'],
  edit: ['bus:unOrder:edit', 'bus:order:edit', 'bus:noMarkOrder:edit', 'bus:arrivedAddOrder:edit'],
  confirm: ['bus:unOrder:sure', 'bus:orderAdd:sure'],
  backToStaged: ['bus:unOrder:unsure', 'bus:order:stepBack'],
  cancelReceipt: ['bus:inOrder:cancel', 'bus:order:stepBack'],
  delete: ['bus:unOrder:delete'],
  submitToWarehouse: ['bus:inOrder:submit'],
  remeasure: ['bus:inOrder:measure'],
  assignMark: ['bus:noMarkOrder:assign', 'bus:orderListEdit:batch', 'bus:orderListEdit:edit'],
  modify: ['bus:orderListEdit:batch'],
  modifyOne: ['bus:orderListEdit:edit'],
  exception: ['bus:exception:add', 'bus:exception:handle'],
  handleException: ['bus:exception:handle'],
  price: ['bus:orderAdd:price', 'bus:unOrder:price', 'bus:order:price'],
  supplementFees: ['bus:feeRecord:save'],
  deleteLine: ['bus:unOrder:edit', 'bus:order:edit', 'bus:orderAdd:add'],
} as const;

export function needAny(auth: AuthContext, perms: readonly string[]) {
  if (!hasAnyPermission(auth.permissions, perms)) throw forbidden('err_forbidden');
}

export function needImport(auth: AuthContext) {
  needAny(auth, ['bus:orderAdd:import', 'bus:unOrder:import']);
}

export function needFeeRole(auth: AuthContext) {
  if (!auth.feeRole) throw forbidden('err_fee_role_required');
}

export function missingLabels(fields: string[], lang: TLanguage) {
  return fields.map((f) => t(orderFieldLabelKey(f), lang)).join(', ');
}

/** A versions array aligned with ids, for the order core (undefined entries are not compared). */
export const versionsOf = (rows: readonly { version?: number }[]) => rows.map((r) => r.version);

// ---------------------------------------------------------------------------------------------------------
// References

export interface TRefs {
  mark: TMarkInfo | null;
  countryCode: string;
}

const invalid = (field: string) => badRequest('err_invalid_value', { field }, field);

/** The mark (existing, enabled, in the caller's scope), origin/destination geography, warehouse and insurance. */
export async function checkRefs(
  db: DbOrTx,
  auth: AuthContext,
  v: {
    markId?: number | null;
    leftAddrId?: number | null;
    destAddrId?: number | null;
    arrivedHouseId?: number | null;
    insuranceId?: number | null;
  },
  cache?: TPricingCache,
): Promise<TRefs> {
  let mark: TMarkInfo | null = null;
  if (v.markId) {
    mark = await markInfo(db, v.markId, cache);
    if (mark?.status !== '0') throw invalid('markId');
    if (!(await markInScope(db, auth, v.markId))) throw invalid('markId');
  }
  let countryCode = DEFAULT_COUNTRY_CODE;
  const geogIds = [v.leftAddrId, v.destAddrId].filter((x): x is number => !!x);
  if (geogIds.length) {
    const rows = await geogRefs(db, geogIds);
    if (v.leftAddrId && !rows.some((g) => g.id === v.leftAddrId && g.orgId === 1)) throw invalid('leftAddrId');
    if (v.destAddrId) {
      const dest = rows.find((g) => g.id === v.destAddrId && g.orgId === 2);
      if (!dest) throw invalid('destAddrId');
      const code = dest.level === '1' ? dest.code : (dest.parentCode ?? DEFAULT_COUNTRY_CODE);
      if (/^[A-Z]{2}$/.test(code)) countryCode = code;
    }
  }
  if (v.arrivedHouseId && !(await warehouseExists(db, v.arrivedHouseId))) throw invalid('arrivedHouseId');
  if (v.insuranceId && !(await insuranceExists(db, v.insuranceId))) throw invalid('insuranceId');
  return { mark, countryCode };
}

// ---------------------------------------------------------------------------------------------------------
// Numbers (the sequences live in the platform)

export async function getNo(
  ctx: TOrderCtx,
  body: TGetNoBody,
): Promise<{ no: string; transportId?: string; receivingNo?: string }> {
  if (body.type === 'receivingNo') {
    const no = await newReceivingNo(ctx.db, ctx.timezone);
    return { no, receivingNo: no };
  }
  const { countryCode } = await checkRefs(ctx.db, ctx.auth, { destAddrId: body.destAddrId });
  const no = await newTransportId(ctx.db, countryCode, ctx.timezone);
  return { no, transportId: no };
}
