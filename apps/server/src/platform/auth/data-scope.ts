import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from './auth-context';

/**
 * Data scope (RuoYi): the rows a user may see, built from the session only.
 * 1 all, 2 custom departments (sys_role_dept), 3 own department, 4 own department and below, 5 self.
 * The roles' scopes are OR-ed; any role with scope 1 (or the admin) sees everything.
 *
 * `self` is the condition for scope 5: by default `userColumn = me`; business data passes its own
 * (DOMAIN §7: orders of marks whose sales or service person is the user).
 */
export interface DataScopeColumns {
  dept?: AnyPgColumn | SQL;
  /**
   * Instead of `dept`: a bigint[] of the departments a row belongs to (denormalised on the row, e.g. a load's
   * parties); scopes 2-4 then test it against the departments they grant with `&&` / `= ANY`, in the row itself.
   */
  depts?: SQL;
  user?: AnyPgColumn | SQL;
  self?: SQL;
}

/** A department condition: the row's department in `set` (a subquery of dept ids) or equal to `id`. */
function deptIn(columns: DataScopeColumns, set: SQL): SQL | undefined {
  if (columns.depts) return sql`${columns.depts} && ARRAY(${set})::bigint[]`;
  return columns.dept ? sql`${columns.dept} IN (${set})` : undefined;
}
function deptIs(columns: DataScopeColumns, id: number): SQL | undefined {
  if (columns.depts) return sql`${id}::bigint = ANY(${columns.depts})`;
  return columns.dept ? sql`${columns.dept} = ${id}` : undefined;
}

/**
 * Whether the user sees every row (the admin, or a role of scope 1): dataScopeFilter is then undefined. A cheap test
 * for code that only needs to know whether a filter applies (building one renders a tree of SQL fragments).
 */
export const seesAllData = (auth: AuthContext): boolean => auth.isAdmin || auth.roles.some((r) => r.dataScope === '1');

export function dataScopeFilter(auth: AuthContext, columns: DataScopeColumns): SQL | undefined {
  if (seesAllData(auth)) return undefined;
  const conditions: SQL[] = [];
  const seen = new Set<string>();
  for (const role of auth.roles) {
    if (seen.has(role.dataScope) && role.dataScope !== '2') continue;
    seen.add(role.dataScope);
    let condition: SQL | undefined;
    switch (role.dataScope) {
      case '2':
        condition = deptIn(columns, sql`SELECT rd.dept_id FROM sys_role_dept rd WHERE rd.role_id = ${role.roleId}`);
        break;
      case '3':
        if (auth.deptId !== null) condition = deptIs(columns, auth.deptId);
        break;
      case '4':
        if (auth.deptId !== null)
          condition = deptIn(
            columns,
            sql`SELECT d.dept_id FROM sys_dept d WHERE d.dept_id = ${auth.deptId} OR ${String(auth.deptId)} = ANY(string_to_array(d.ancestors, ','))`,
          );
        break;
      case '5':
        if (columns.self) condition = columns.self;
        else if (columns.user) condition = sql`${columns.user} = ${auth.userId}`;
        break;
    }
    if (condition) conditions.push(condition);
  }
  // No role grants anything (or no column to apply it to): the user sees nothing.
  if (conditions.length === 0) return sql`false`;
  return sql`(${sql.join(conditions, sql` OR `)})`;
}
