import { ZPostCreate, ZPostEdit, ZPostQuery } from '@theone/contracts';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps';
import { inUse } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { ok } from '../../../platform/http/envelope';
import { spec } from '../../../platform/http/route-spec';
import { localizedName, POST_NAME } from '../shared/localized';
import { registerSettingsScreen } from '../shared/settings-screen';
import { RECORD_EXPORT_COLUMNS } from '../shared/system';
import { sysUser, sysUserPost } from '../user/user.table';
import { sysPost } from './post.table';

const TITLE = 'menu_post_list';

const POST_EXPORT: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'postId', header: 'system_post_id', type: 'integer', width: 10 },
  { key: 'postCode', header: 'system_post_code' },
  { key: 'postName', header: 'system_post_name' },
  { key: 'postSort', header: 'system_sort', type: 'integer', width: 10 },
  ...RECORD_EXPORT_COLUMNS,
];

/** /system/post (issue 4 item 5; screens §4.10). */
export const postRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  registerSettingsScreen(app, db, {
    url: '/system/post',
    perm: 'system:post',
    readPermission: ['system:post:query', 'system:post:edit'],
    title: TITLE,
    names: { one: 'post', many: 'posts', remove: 'refused while assigned' },
    table: sysPost,
    key: 'postId',
    query: ZPostQuery,
    create: ZPostCreate,
    edit: ZPostEdit,
    filters: { name: 'postName', contains: ['postCode'], equal: ['status'] },
    orderable: { createTime: sysPost.createTime, postSort: sysPost.postSort, postId: sysPost.postId },
    order: [asc(sysPost.postSort), asc(sysPost.postId)],
    unique: [
      {
        err: 'err_post_code_exists',
        value: (b) => b.postCode,
        where: (b) => sql`lower(${sysPost.postCode}) = lower(${b.postCode})`,
      },
      { err: 'err_post_name_exists', value: (b) => b.postName, where: (b) => eq(sysPost.postName, b.postName) },
    ],
    async beforeDelete(tx, rows, req) {
      const ids = rows.map((r) => r.postId);
      const [used] = await tx
        .select({ postName: localizedName(POST_NAME, req.lang) })
        .from(sysUserPost)
        .innerJoin(sysUser, and(eq(sysUser.userId, sysUserPost.userId), eq(sysUser.delFlag, '0')))
        .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
        .where(inArray(sysUserPost.postId, ids))
        .limit(1);
      if (used) throw inUse('err_post_assigned', { name: used.postName });
      await tx.delete(sysUserPost).where(inArray(sysUserPost.postId, ids));
    },
    export: { columns: POST_EXPORT, localized: ['postName'] },
  });

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
};
