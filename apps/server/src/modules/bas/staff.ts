import { STAFF_KINDS, type TStaffKind } from '@theone/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import { sysUser } from '../system/user/user.table';

/**
 * Sales and customer-service staff (contracts STAFF_KINDS; issue 10 item 9): a user holds the job when they hold its
 * post or its role, the post or role enabled (and the role not deleted). One rule for the pickers
 * (`GET /bas/staff/select?kind=`) and for saving a mark.
 */
export function holdsStaffKind(userId: AnyPgColumn | SQL, kind: TStaffKind): SQL {
  const { postCode, roleKey } = STAFF_KINDS[kind];
  return sql`(${userId} IN (SELECT up.user_id FROM sys_user_post up JOIN sys_post p ON p.post_id = up.post_id
      WHERE p.post_code = ${postCode} AND p.status = '0')
    OR ${userId} IN (SELECT ur.user_id FROM sys_user_role ur JOIN sys_role r ON r.role_id = ur.role_id
      WHERE r.role_key = ${roleKey} AND r.status = '0' AND r.del_flag = '0'))`;
}

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
  const [row] = await tx
    .select({
      deptId: sysUser.deptId,
      nickName: sysUser.nickName,
      holds: sql<boolean>`${holdsStaffKind(sysUser.userId, kind)}`,
    })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')));
  if (!row) throw badRequest('err_invalid_value', { field }, field);
  if (!row.holds && !alreadyNamed) throw badRequest(NOT_STAFF_KEY[kind], { name: row.nickName }, field);
  return { deptId: row.deptId };
}
