import { ZDeptCreate, ZDeptEdit, ZDeptQuery } from '@theone/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../../platform/db/database';
import type { AppDeps } from '../../../platform/deps';
import { badRequest, forbidden } from '../../../platform/errors';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { sysRoleDept } from '../role/role.table';
import { Grants } from '../shared/grants';
import { DEPT_NAME, nameContains } from '../shared/localized';
import { refuseTaken, refuseWhileUsed } from '../shared/rows';
import {
  BUSINESS_TYPE,
  deptScope,
  deptsInScope,
  dropCountsOnChange,
  idParam,
  nextVersion,
  operlog,
  saveAtVersion,
} from '../shared/system';
import { sysUser } from '../user/user.table';
import { sysDept } from './dept.table';

const TITLE = 'menu_dept';

const DEPT_COLUMNS = {
  deptId: sysDept.deptId,
  parentId: sysDept.parentId,
  ancestors: sysDept.ancestors,
  deptName: sysDept.deptName,
  deptNameEn: sysDept.deptNameEn,
  deptNameTh: sysDept.deptNameTh,
  orderNum: sysDept.orderNum,
  leader: sysDept.leader,
  phone: sysDept.phone,
  email: sysDept.email,
  status: sysDept.status,
  createBy: sysDept.createBy,
  createTime: sysDept.createTime,
  version: sysDept.version,
};

/** A department and everything below it. */
const subtree = (deptId: number) =>
  sql`(${sysDept.deptId} = ${deptId} OR ${String(deptId)} = ANY(string_to_array(${sysDept.ancestors}, ',')))`;

async function checkDeptUnique(db: DbOrTx, parentId: number, deptName: string, exceptId?: number) {
  const name = and(eq(sysDept.delFlag, '0'), eq(sysDept.parentId, parentId), eq(sysDept.deptName, deptName))!;
  await refuseTaken(db, sysDept.deptId, exceptId, name, 'err_dept_name_exists', deptName);
}

/**
 * /system/dept (issue 4 item 4; screens §4.6): departments inside the caller's data scope (others are 404);
 * `ancestors` keeps 'department and below' one indexed comparison away. Rows carry the name in the three
 * languages (ADR 0007); the name filter matches any of them.
 */
export const deptRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  dropCountsOnChange(app);
  app.get(
    '/system/dept/list',
    spec({ permission: 'system:dept' }, 'Departments, flat (the client builds the tree)', { querystring: ZDeptQuery }),
    async (req) => {
      const q = req.query;
      const rows = await db
        .select(DEPT_COLUMNS)
        .from(sysDept)
        .where(
          and(
            eq(sysDept.delFlag, '0'),
            deptScope(req.auth),
            nameContains(DEPT_NAME, q.deptName),
            q.status ? eq(sysDept.status, q.status) : undefined,
          ),
        )
        .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
      return ok(req, rows);
    },
  );

  app.get(
    '/system/dept/list/exclude/:deptId',
    spec(
      { permission: ['system:dept:edit', 'system:dept:query'] },
      'Departments a department may move under (not itself or below)',
      { params: idParam('deptId') },
    ),
    async (req) => {
      const [dept] = await deptsInScope(db, req.auth, [req.params.deptId]);
      const rows = await db
        .select(DEPT_COLUMNS)
        .from(sysDept)
        .where(and(eq(sysDept.delFlag, '0'), deptScope(req.auth), sql`NOT ${subtree(dept!.deptId)}`))
        .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
      return ok(req, rows);
    },
  );

  app.get(
    '/system/dept/:deptId',
    spec({ permission: ['system:dept:query', 'system:dept:edit'] }, 'One department', { params: idParam('deptId') }),
    async (req) => {
      const [dept] = await deptsInScope(db, req.auth, [req.params.deptId]);
      const { delFlag: _d, seedKey: _s, ...rest } = dept!;
      return ok(req, rest);
    },
  );

  app.post(
    '/system/dept',
    spec({ permission: 'system:dept:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) }, 'Create a department', {
      body: ZDeptCreate,
    }),
    async (req) => {
      const b = req.body;
      const [parent] = await deptsInScope(db, req.auth, [b.parentId]);
      if (parent!.status !== '0') throw badRequest('err_dept_parent_disabled', undefined, 'parentId');
      await checkDeptUnique(db, b.parentId, b.deptName);
      const [row] = await db
        .insert(sysDept)
        .values({ ...b, ancestors: `${parent!.ancestors},${parent!.deptId}`, createBy: req.auth.userName })
        .returning({ deptId: sysDept.deptId });
      return ok(req, { deptId: row!.deptId });
    },
  );

  app.put(
    '/system/dept',
    spec(
      { permission: 'system:dept:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a department (optimistic version)',
      { body: ZDeptEdit },
    ),
    async (req) => {
      const { deptId, version, ...b } = req.body;
      const [dept] = await deptsInScope(db, req.auth, [deptId]);
      const isRoot = dept!.parentId === 0;
      let ancestors = dept!.ancestors;
      if (isRoot) {
        if (b.parentId !== 0) throw badRequest('err_dept_parent_invalid', undefined, 'parentId');
      } else {
        if (b.parentId === 0) throw badRequest('err_required', { field: 'parentId' }, 'parentId');
        const [parent] = await deptsInScope(db, req.auth, [b.parentId]);
        if (parent!.deptId === deptId || parent!.ancestors.split(',').includes(String(deptId)))
          throw badRequest('err_dept_parent_invalid', undefined, 'parentId');
        ancestors = `${parent!.ancestors},${parent!.deptId}`;
        // Moving a department gives its data to the new parent's 'department and below' roles.
        if (b.parentId !== dept!.parentId)
          await (await Grants.load(db, req.auth, req.lang)).assertDeptMove(deptId, b.parentId);
      }
      await checkDeptUnique(db, b.parentId, b.deptName, deptId);
      if (b.status === '1') {
        const [child] = await db
          .select({ id: sysDept.deptId })
          .from(sysDept)
          .where(
            and(
              eq(sysDept.delFlag, '0'),
              eq(sysDept.status, '0'),
              sql`${String(deptId)} = ANY(string_to_array(${sysDept.ancestors}, ','))`,
            ),
          )
          .limit(1);
        if (child) throw forbidden('err_dept_has_enabled_children');
      }
      await db.transaction(async (tx) => {
        const live = and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, '0'))!;
        await saveAtVersion(tx, req, sysDept, live, version, { ...b, ancestors });
        if (ancestors !== dept!.ancestors) {
          // Descendants carry the old path: '<old ancestors>,<id>,...' becomes '<new ancestors>,<id>,...'.
          const oldPrefix = `${dept!.ancestors},${deptId}`;
          const newPrefix = `${ancestors},${deptId}`;
          await tx.execute(sql`
            UPDATE sys_dept SET ancestors = ${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})
            WHERE ancestors = ${oldPrefix} OR ancestors LIKE ${`${oldPrefix},%`}`);
        }
        if (b.status === '0' && ancestors !== '0') {
          // An enabled department's ancestors are enabled too (RuoYi).
          const ids = ancestors
            .split(',')
            .map(Number)
            .filter((id) => id > 0);
          await tx.execute(sql`UPDATE sys_dept SET status = '0' WHERE dept_id IN ${ids} AND status <> '0'`);
        }
      });
      return ok(req);
    },
  );

  app.delete(
    '/system/dept/:deptId',
    spec(
      { permission: 'system:dept:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete a department (refused while it has sub-departments or users)',
      { params: idParam('deptId') },
    ),
    async (req) => {
      const [dept] = await deptsInScope(db, req.auth, [req.params.deptId]);
      if (dept!.parentId === 0) throw forbidden('err_dept_root');
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT dept_id FROM sys_dept WHERE dept_id = ${dept!.deptId} FOR UPDATE`);
        const children = and(eq(sysDept.parentId, dept!.deptId), eq(sysDept.delFlag, '0'));
        await refuseWhileUsed(tx, sysDept.deptId, children, 'err_dept_has_children');
        const users = and(eq(sysUser.deptId, dept!.deptId), eq(sysUser.delFlag, '0'));
        await refuseWhileUsed(tx, sysUser.userId, users, 'err_dept_has_users');
        await tx
          .update(sysDept)
          .set({ delFlag: '2', ...nextVersion(req, sysDept) })
          .where(eq(sysDept.deptId, dept!.deptId));
        await tx.delete(sysRoleDept).where(eq(sysRoleDept.deptId, dept!.deptId));
      });
      return ok(req);
    },
  );
};
