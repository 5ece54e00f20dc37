import { and, eq } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { basMark } from '../bas.table';
import { markIdInScope } from '../mark-scope';

/**
 * bas's public reads of marks for other modules (orders, settlement): what they may know of a mark without
 * reading bas_mark themselves.
 */

/** Whether the mark is in the caller's mark scope (true when the caller sees every mark). */
export async function markInScope(db: DbOrTx, auth: AuthContext, markId: number): Promise<boolean> {
  const scope = markIdInScope(auth, basMark.id);
  if (!scope) return true;
  const [visible] = await db
    .select({ id: basMark.id })
    .from(basMark)
    .where(and(eq(basMark.id, markId), scope));
  return Boolean(visible);
}

/** The party whose credit limit applies to a mark (the mark, or its agent for a sub-mark), with that limit. */
export async function creditParty(
  db: DbOrTx,
  markId: number,
): Promise<{ partyMarkId: number; credtLimit: string | null } | null> {
  const [m] = await db
    .select({ id: basMark.id, topMarkId: basMark.topMarkId })
    .from(basMark)
    .where(eq(basMark.id, markId));
  if (!m) return null;
  const party = m.topMarkId ?? m.id;
  const [p] = await db.select({ credtLimit: basMark.credtLimit }).from(basMark).where(eq(basMark.id, party));
  return { partyMarkId: party, credtLimit: p?.credtLimit ?? null };
}
