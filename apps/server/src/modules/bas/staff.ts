import { STAFF_KINDS, type TStaffKind } from '@theone/contracts';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import { staffCandidate } from '../system/api';

/*
 * Sales and customer-service staff (contracts STAFF_KINDS; issue 10 item 9): a user holds the job when they hold its
 * post or its role (system api `holdsStaffKind`: one rule for the pickers, `GET /bas/staff/select?kind=`, and for
 * saving a mark).
 */

const NOT_STAFF_KEY: Record<TStaffKind, string> = { sales: 'bas_err_not_sales', service: 'bas_err_not_service' };

/**
 * The user a mark names as its sales or service person: an existing user holding that job, else a 400 on the field
 * ('{{name}} is not a salesperson'), unless the mark already names them. Answers the user's department (a mark belongs
 * to its sales person's).
 */
export async function checkStaff(
  tx: DbOrTx,
  userId: number,
  kind: TStaffKind,
  /** the mark already names this person: they stay even without the job (an edit of other fields) */
  alreadyNamed = false,
): Promise<{ deptId: number | null }> {
  const field = STAFF_KINDS[kind].field;
  const row = await staffCandidate(tx, userId, kind);
  if (!row) throw badRequest('err_invalid_value', { field }, field);
  if (!row.holds && !alreadyNamed) throw badRequest(NOT_STAFF_KEY[kind], { name: row.nickName }, field);
  return { deptId: row.deptId };
}
