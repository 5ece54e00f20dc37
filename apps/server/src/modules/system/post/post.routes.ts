import { type TPostQuery, ZPostCreate, ZPostEdit, ZPostQuery, zIdsParam, zIdText } from '@theone/contracts';
import { and, asc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/database';
import type { AppDeps } from '../../../platform/deps';
import { duplicate, inUse, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok, table } from '../../../platform/http/envelope';
import { dateRange, likeContains, orderOf } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import { localizedName, nameContains, POST_NAME } from '../shared/localized';
import { orClash, refuseTaken, rowOr404 } from '../shared/rows';
import { BUSINESS_TYPE, operlog, pageWithTotal, saveAtVersion } from '../shared/system';
import { sysUser, sysUserPost } from '../user/user.table';
import { sysPost } from './post.table';

const TITLE = 'menu_post_list';
const postIdParam = z.object({ postId: zIdText }).strict();
const postIdsParam = z.object({ postIds: zIdsParam.shape.ids }).strict();

const POST_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'postId', header: 'system_post_id', type: 'integer', width: 10 },
  { key: 'postCode', header: 'system_post_code' },
  { key: 'postName', header: 'system_post_name' },
  { key: 'postSort', header: 'system_sort', type: 'integer', width: 10 },
  { key: 'status', header: 'system_status', type: 'dict', dict: 'sys_normal_disable', width: 10 },
  { key: 'createTime', header: 'system_created_at', type: 'datetime' },
  { key: 'remark', header: 'system_remark', width: 30 },
];

function postWhere(q: Partial<TPostQuery>): SQL | undefined {
  return and(
    q.postCode ? ilike(sysPost.postCode, likeContains(q.postCode)) : undefined,
    nameContains(POST_NAME, q.postName),
    q.status ? eq(sysPost.status, q.status) : undefined,
    dateRange(sysPost.createTime, q),
  );
}

async function checkPostUnique(db: DbOrTx, postCode: string, postName: string, exceptId?: number) {
  const code = sql`lower(${sysPost.postCode}) = lower(${postCode})`;
  await refuseTaken(db, sysPost.postId, exceptId, code, 'err_post_code_exists', postCode);
  await refuseTaken(db, sysPost.postId, exceptId, eq(sysPost.postName, postName), 'err_post_name_exists', postName);
}

/** /system/post (issue 4 item 5; screens §4.10). */
export const postRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/system/post/list',
    spec({ permission: 'system:post:list' }, 'Posts (paged)', { querystring: ZPostQuery }),
    async (req) => {
      const q = req.query;
      const { rows, total } = await pageWithTotal(db, q, {
        select: () => db.select().from(sysPost).$dynamic(),
        from: sysPost,
        where: postWhere(q),
        order: orderOf(q, { createTime: sysPost.createTime, postSort: sysPost.postSort, postId: sysPost.postId }, [
          asc(sysPost.postSort),
          asc(sysPost.postId),
        ]),
      });
      return table(req, rows, total);
    },
  );

  // Options of the user form's post select (any of the user screen's form permissions), named in the reader's language.
  app.get(
    '/system/post/optionselect',
    spec(
      { permission: ['system:post:list', 'system:user:add', 'system:user:edit', 'system:user:query'] },
      'All posts as options',
    ),
    async (req) =>
      ok(
        req,
        await db
          .select({ ...getTableColumns(sysPost), postName: localizedName(POST_NAME, req.lang) })
          .from(sysPost)
          .orderBy(asc(sysPost.postSort), asc(sysPost.postId)),
      ),
  );

  app.get(
    '/system/post/:postId',
    spec({ permission: ['system:post:query', 'system:post:edit'] }, 'One post', { params: postIdParam }),
    async (req) => ok(req, await rowOr404(db, sysPost, sysPost.postId, req.params.postId)),
  );

  app.post(
    '/system/post',
    spec({ permission: 'system:post:add', operlog: operlog(TITLE, BUSINESS_TYPE.INSERT) }, 'Create a post', {
      body: ZPostCreate,
    }),
    async (req) => {
      const b = req.body;
      await checkPostUnique(db, b.postCode, b.postName);
      const [row] = await orClash(
        db
          .insert(sysPost)
          .values({ ...b, createBy: req.auth.userName })
          .returning({ postId: sysPost.postId }),
        () => duplicate('err_post_code_exists', { value: b.postCode }),
      );
      return ok(req, { postId: row!.postId });
    },
  );

  app.put(
    '/system/post',
    spec(
      { permission: 'system:post:edit', operlog: operlog(TITLE, BUSINESS_TYPE.UPDATE) },
      'Edit a post (optimistic version)',
      { body: ZPostEdit },
    ),
    async (req) => {
      const { postId, version, ...b } = req.body;
      await rowOr404(db, sysPost, sysPost.postId, postId);
      await checkPostUnique(db, b.postCode, b.postName, postId);
      await orClash(saveAtVersion(db, req, sysPost, eq(sysPost.postId, postId), version, b), () =>
        duplicate('err_post_code_exists', { value: b.postCode }),
      );
      return ok(req);
    },
  );

  app.delete(
    '/system/post/:postIds',
    spec(
      { permission: 'system:post:remove', operlog: operlog(TITLE, BUSINESS_TYPE.DELETE) },
      'Delete posts (refused while assigned)',
      { params: postIdsParam },
    ),
    async (req) => {
      const ids = [...new Set(req.params.postIds)];
      await db.transaction(async (tx) => {
        const rows = await tx
          .select({ postId: sysPost.postId, postName: localizedName(POST_NAME, req.lang) })
          .from(sysPost)
          .where(inArray(sysPost.postId, ids))
          .for('update');
        if (rows.length !== ids.length) throw notFound();
        const [used] = await tx
          .select({ postId: sysUserPost.postId })
          .from(sysUserPost)
          .innerJoin(sysUser, and(eq(sysUser.userId, sysUserPost.userId), eq(sysUser.delFlag, '0')))
          .where(inArray(sysUserPost.postId, ids))
          .limit(1);
        if (used)
          throw inUse('err_post_assigned', { name: rows.find((r) => r.postId === used.postId)?.postName ?? '' });
        await tx.delete(sysUserPost).where(inArray(sysUserPost.postId, ids));
        await tx.delete(sysPost).where(inArray(sysPost.postId, ids));
      });
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: '/system/post/export',
    permission: 'system:post:export',
    operlog: operlog(TITLE, BUSINESS_TYPE.EXPORT),
    summary: 'Export posts (.xlsx)',
    query: ZPostQuery,
    fileName: 'system_post_export',
    columns: POST_EXPORT,
    select: (req) =>
      db
        .select({ ...getTableColumns(sysPost), postName: localizedName(POST_NAME, req.lang) })
        .from(sysPost)
        .$dynamic(),
    key: sysPost.postId,
    keyOf: (r) => r.postId,
    where: (_req, q) => postWhere(q),
  });
};
