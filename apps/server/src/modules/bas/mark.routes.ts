import {
  type TMarkListQuery,
  ZMarkAddBody,
  ZMarkContQuery,
  ZMarkEditBody,
  ZMarkExportBody,
  ZMarkInOrderQuery,
  ZMarkListQuery,
  ZMarkSelectQuery,
  zIdParam,
} from '@theone/contracts';
import { MARK_ANSWERS } from '@theone/contracts/bas/mark.responses';
import { answersOf } from '@theone/contracts/common/responses';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allOf } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { type ExcelColumn, keysetBatches, sendExcel } from '../../platform/excel/excel';
import { ok, table } from '../../platform/http/envelope';
import { pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { basMark } from './bas.table';
import { corporationAddrRoutes } from './corporation-addr.routes';
import {
  addMark,
  addressesOf,
  countMarks,
  deleteMark,
  editMark,
  getMarkInScope,
  markListWhere,
  markOrder,
  markSelectWhere,
  selectMarks,
  type TMarkSelectRow,
} from './mark.service';
import { AGENT, CUSTOMER, can, EITHER, need } from './mark-access';
import { markScopeFilter } from './mark-scope';

const ANSWER = answersOf(MARK_ANSWERS);

/**
 * The list a caller may read: customers with a customer key, agents with an agent key. An agent's page lists
 * its sub-marks (`topMark=`), which agent readers may see too.
 */
function listScope(req: FastifyRequest, q: Partial<TMarkListQuery>): Partial<TMarkListQuery> {
  const customers = can(req, '0', '') || ((q.topMark || q.topMarkId) && can(req, '1', '', 'info'));
  const agents = can(req, '1', '');
  if (q.isAgent === '1' && !agents) throw forbidden();
  if (q.isAgent === '0' && !customers) throw forbidden();
  if (!q.isAgent && !(customers && agents)) return { ...q, isAgent: customers ? '0' : '1' };
  return q;
}

const MARK_EXPORT_COLUMNS: ExcelColumn<TMarkSelectRow>[] = [
  { key: 'mark', header: 'field_mark' },
  { key: 'nameZh', header: 'field_name_zh' },
  { key: 'isAgent', header: 'field_is_agent', type: 'dict', dict: 'bas_flag' },
  { key: 'clientType', header: 'field_client_type', type: 'dict', dict: 'client_type' },
  { key: 'topMark', header: 'field_top_mark' },
  { key: 'agentName', header: 'field_agent_name' },
  { key: 'company', header: 'field_company' },
  { key: 'realName', header: 'field_real_name' },
  { key: 'phone', header: 'field_phone' },
  { key: 'underMarkNum', header: 'field_under_mark_num', type: 'integer' },
  { key: 'underMark', header: 'field_under_mark' },
  { key: 'balanceType', header: 'field_balance_type', type: 'dict', dict: 'balance_type' },
  { key: 'calPriceType', header: 'field_cal_price_type', type: 'dict', dict: 'cal_price_type' },
  { key: 'shippingChannels', header: 'field_shipping_channels', value: (r) => r.shippingChannels.join(',') },
  { key: 'salesName', header: 'field_sales' },
  { key: 'serviceName', header: 'field_service' },
  { key: 'isPrintPrice', header: 'field_is_print_price', type: 'dict', dict: 'bas_flag' },
  { key: 'credtLimit', header: 'field_credt_limit', type: 'money' },
  { key: 'minAmount', header: 'field_min_amount', type: 'money' },
  { key: 'defaultContact', header: 'field_contact' },
  { key: 'defaultTel', header: 'field_tel' },
  { key: 'agentUserName', header: 'field_agent_user_name' },
  { key: 'lastLoginTime', header: 'field_last_login_time', type: 'datetime' },
  { key: 'status', header: 'field_status', type: 'dict', dict: 'sys_normal_disable' },
  { key: 'createTime', header: 'field_create_time', type: 'datetime' },
  { key: 'remark', header: 'field_remark' },
];

/**
 * /bas/mark (spec §7 'Base data'): customers and agents, with the rights of mark-access.ts; the addresses'
 * /bas/corporationAddr routes are registered here too (corporation-addr.routes.ts).
 */
export const markRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const title = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'menu_custom_mark',
    businessType,
  });

  app.get(
    '/bas/mark/list',
    spec({ permission: EITHER }, 'Marks (customers isAgent=0, agents isAgent=1)', {
      response: ANSWER.list,
      querystring: ZMarkListQuery,
    }),
    async (req) => {
      const q = listScope(req, req.query);
      const where = markListWhere(req.auth, q);
      const { limit, offset } = pageOf(req.query);
      const [rows, total] = await Promise.all([
        selectMarks(db, where, { order: markOrder(req.query), limit, offset }),
        countMarks(db, where),
      ]);
      return table(req, rows, total);
    },
  );

  app.post(
    '/bas/mark/export',
    spec(
      {
        permission: [`${CUSTOMER}:export`, `${AGENT}:export`],
        operlog: title(BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      'Export marks (.xlsx): filters, or the selected ids',
      { body: ZMarkExportBody },
    ),
    async (req, reply) => {
      const q = req.body;
      if (q.isAgent) need(req, q.isAgent, 'export');
      const scoped = q.isAgent
        ? q
        : can(req, '0', 'export') && can(req, '1', 'export')
          ? q
          : { ...q, isAgent: can(req, '0', 'export') ? ('0' as const) : ('1' as const) };
      const where = allOf([markListWhere(req.auth, scoped), q.ids ? inArray(basMark.id, q.ids) : undefined]);
      return sendExcel(req, reply, {
        db,
        fileName: scoped.isAgent === '1' ? 'menu_agent_mark' : 'menu_custom_mark',
        columns: MARK_EXPORT_COLUMNS,
        rows: keysetBatches(
          (after, limit) =>
            selectMarks(db, allOf([where, after ? sql`${basMark.id} > ${after}` : undefined]), {
              order: [asc(basMark.id)],
              limit,
            }),
          (r) => r.id,
        ),
      });
    },
  );

  app.get(
    '/bas/mark/select',
    spec({ authenticated: true }, 'Mark options for selects', {
      response: ANSWER.select,
      querystring: ZMarkSelectQuery,
    }),
    async (req) => {
      const rows = await db
        .select({
          id: basMark.id,
          mark: basMark.mark,
          nameZh: basMark.nameZh,
          isAgent: basMark.isAgent,
          topMarkId: basMark.topMarkId,
          clientType: basMark.clientType,
          status: basMark.status,
        })
        .from(basMark)
        .where(markSelectWhere(req.auth, req.query))
        .orderBy(asc(basMark.mark))
        .limit(req.query.limit);
      return ok(req, rows);
    },
  );

  app.get(
    '/bas/mark/selectMarkInOrder',
    spec({ authenticated: true }, 'Mark picker of the order form: active marks with pricing and default address', {
      response: ANSWER.inOrder,
      querystring: ZMarkInOrderQuery,
    }),
    async (req) => {
      const rows = await selectMarks(db, markSelectWhere(req.auth, { keyword: req.query.keyword }), {
        order: [asc(basMark.mark)],
        limit: req.query.limit,
      });
      return ok(
        req,
        rows.map((r) => ({
          id: r.id,
          mark: r.mark,
          nameZh: r.nameZh,
          isAgent: r.isAgent,
          clientType: r.clientType,
          topMarkId: r.topMarkId,
          topMark: r.topMark,
          balanceType: r.balanceType,
          calPriceType: r.calPriceType,
          isPrintPrice: r.isPrintPrice,
          credtLimit: r.credtLimit,
          minAmount: r.minAmount,
          shippingChannels: r.shippingChannels,
          sales: r.sales,
          salesName: r.salesName,
          service: r.service,
          serviceName: r.serviceName,
          defaultContact: r.defaultContact,
          defaultTel: r.defaultTel,
        })),
      );
    },
  );

  app.get(
    '/bas/mark/selectMarkCont',
    spec({ authenticated: true }, "A mark's contacts (addresses) for the consignee fields", {
      response: ANSWER.contacts,
      querystring: ZMarkContQuery,
    }),
    async (req) => {
      const { markId, mark } = req.query;
      const [row] = await db
        .select({ id: basMark.id, mark: basMark.mark, nameZh: basMark.nameZh })
        .from(basMark)
        .where(
          allOf([markId ? eq(basMark.id, markId) : eq(basMark.mark, mark!.toUpperCase()), markScopeFilter(req.auth)]),
        );
      if (!row) throw notFound();
      return ok(req, { ...row, addresses: await addressesOf(db, row.id) });
    },
  );

  app.get(
    '/bas/mark/:id',
    spec({ permission: EITHER }, 'One mark with its addresses', { response: ANSWER.detail, params: zIdParam }),
    async (req) => {
      const row = await getMarkInScope(db, req.auth, req.params.id);
      need(req, row.isAgent, '', 'info', 'edit');
      return ok(req, { ...row, addresses: await addressesOf(db, row.id) });
    },
  );

  app.post(
    '/bas/mark/add',
    spec(
      { permission: [`${CUSTOMER}:add`, `${AGENT}:add`], operlog: title(BUSINESS_TYPE.INSERT) },
      'Add a customer or an agent',
      { response: ANSWER.added, body: ZMarkAddBody },
    ),
    async (req) => {
      need(req, req.body.isAgent, 'add');
      const id = await addMark(db, req.auth, req.body);
      return ok(req, { id });
    },
  );

  app.post(
    '/bas/mark/edit',
    spec(
      { permission: [`${CUSTOMER}:edit`, `${AGENT}:edit`], operlog: title(BUSINESS_TYPE.UPDATE) },
      'Edit a customer or an agent (optimistic version)',
      { response: ANSWER.done, body: ZMarkEditBody },
    ),
    async (req) => {
      const current = await getMarkInScope(db, req.auth, req.body.id);
      need(req, current.isAgent, 'edit');
      await editMark(db, req.auth, req.body);
      return ok(req);
    },
  );

  app.post(
    '/bas/mark/delete/:id',
    spec(
      { permission: [`${CUSTOMER}:remove`, `${AGENT}:remove`], operlog: title(BUSINESS_TYPE.DELETE) },
      'Delete a mark not in use (else disable it)',
      { response: ANSWER.done, params: zIdParam },
    ),
    async (req) => {
      const current = await getMarkInScope(db, req.auth, req.params.id);
      need(req, current.isAgent, 'remove');
      await deleteMark(db, req.auth, req.params.id, current.isAgent === '1' ? '1' : '0');
      return ok(req);
    },
  );

  await app.register(corporationAddrRoutes, deps);
};
