import type { TLanguage } from '@theone/contracts';
import { cmp, toMoneyString } from '@theone/contracts/common/money';
import { sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { t } from '../../../platform/i18n';
import { creditParty } from '../../bas/api/mark-refs';

/**
 * Credit limit (DOMAIN §6): the open balance of a customer or agent against its limit. Lives with the future
 * settlement code (bills and write-offs replace the open-balance query with the bills' outstanding amounts).
 */
export interface TCreditStatus {
  /** the party whose limit applies: the mark, or its agent for a sub-mark */
  partyMarkId: number;
  credtLimit: string | null;
  /** receivables of the party's confirmed orders not yet fully written off, in RMB */
  openBalance: string;
  exceeded: boolean;
}

/**
 * The open balance of a customer or agent: RMB amounts of its orders from S1 on that are not fully written off
 * (a sub-mark's orders count for its agent at the agent price). Partial write-offs are not deducted until the
 * write-off module exists.
 */
export async function creditStatus(db: DbOrTx, markId: number): Promise<TCreditStatus | null> {
  const p = await creditParty(db, markId);
  if (!p) return null;
  const party = p.partyMarkId;
  const r = await db.execute<{ open: string }>(sql`
    SELECT COALESCE(SUM(ROUND(COALESCE(agent_ar_amount, fee_ar_amount) * currency_rate, 2)), 0)::numeric(16,2)::text AS open
    FROM bus_order
    WHERE (mark_id = ${party} OR top_mark_id = ${party}) AND status >= 1 AND ar_write_status <> 2`);
  const openBalance = toMoneyString(r.rows[0]?.open ?? '0');
  const credtLimit = p.credtLimit;
  return {
    partyMarkId: party,
    credtLimit,
    openBalance,
    exceeded: credtLimit !== null && cmp(openBalance, credtLimit) > 0,
  };
}

/** The M-credit warning for a response (amounts only for the fee role). */
export function creditWarning(status: TCreditStatus | null, auth: AuthContext, lang: TLanguage) {
  if (!status?.exceeded) return undefined;
  const params = { x: status.openBalance, y: status.credtLimit };
  return {
    messageKey: auth.feeRole ? 'msg_credit_exceeded' : 'msg_credit_exceeded_plain',
    message: t(auth.feeRole ? 'msg_credit_exceeded' : 'msg_credit_exceeded_plain', lang, params),
    openBalance: status.openBalance,
    credtLimit: status.credtLimit,
  };
}
