import {
  hasPermission,
  normaliseDefaultAddress,
  type TMarkListQuery,
  ZAddressAddBody,
  ZAddressEditBody,
  ZAddressExportBody,
  ZAddressListQuery,
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
import { answers } from '@theone/contracts/common/responses';
import { and, asc, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import type { AppDeps } from '../../platform/deps';
import { changedReload, forbidden, inUse, notFound } from '../../platform/errors';
import { type ExcelColumn, keysetBatches, sendExcel } from '../../platform/excel/excel';
import { ok, table } from '../../platform/http/envelope';
import { dateRange, likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { basCorporationAddr, basMark } from './bas.table';
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
import { markScopeFilter } from './mark-scope';
import { isInUse } from './usage';

/**
 * /bas/mark and /bas/corporationAddr (spec §7 'Base data'). Customers and agents share the calls; the
 * button keys of screens §5 decide per request: agent rows need `bas:agentMark[:action]`, customer rows
 * `bas:customMark[:action]`.
 */
const CUSTOMER = 'bas:customMark';
const AGENT = 'bas:agentMark';
const EITHER = [CUSTOMER, AGENT] as const;

type Action = '' | 'add' | 'edit' | 'info' | 'remove' | 'export';

function keyOf(isAgent: string, action: Action) {
  const base = isAgent === '1' ? AGENT : CUSTOMER;
  return action ? `${base}:${action}` : base;
}

function can(req: FastifyRequest, isAgent: string, ...actions: Action[]) {
  return actions.some((a) => hasPermission(req.auth.permissions, keyOf(isAgent, a)));
}

function need(req: FastifyRequest, isAgent: string, ...actions: Action[]) {
  if (!can(req, isAgent, ...actions)) throw forbidden();
}

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

const ADDRESS_EXPORT_COLUMNS: ExcelColumn<Record<string, unknown>>[] = [
  { key: 'mark', header: 'field_mark' },
  { key: 'corporation', header: 'field_corporation' },
  { key: 'contact', header: 'field_contact' },
  { key: 'tel', header: 'field_tel' },
  { key: 'addr', header: 'field_addr' },
  { key: 'isDefault', header: 'field_is_default', type: 'dict', dict: 'bas_flag' },
  { key: 'createTime', header: 'field_create_time', type: 'datetime' },
];

export const markRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['bas'];
  const title = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'menu_custom_mark',
    businessType,
  });

  app.get(
    '/bas/mark/list',
    {
      config: { permission: EITHER },
      schema: {
        response: answers(MARK_ANSWERS.list),
        tags,
        summary: 'Marks (customers isAgent=0, agents isAgent=1)',
        querystring: ZMarkListQuery,
      },
    },
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
    {
      config: {
        permission: [`${CUSTOMER}:export`, `${AGENT}:export`],
        operlog: title(BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      schema: { tags, summary: 'Export marks (.xlsx): filters, or the selected ids', body: ZMarkExportBody },
    },
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
    {
      config: { authenticated: true },
      schema: {
        response: answers(MARK_ANSWERS.select),
        tags,
        summary: 'Mark options for selects',
        querystring: ZMarkSelectQuery,
      },
    },
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
    {
      config: { authenticated: true },
      schema: {
        response: answers(MARK_ANSWERS.inOrder),
        tags,
        summary: 'Mark picker of the order form: active marks with pricing and default address',
        querystring: ZMarkInOrderQuery,
      },
    },
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
    {
      config: { authenticated: true },
      schema: {
        response: answers(MARK_ANSWERS.contacts),
        tags,
        summary: "A mark's contacts (addresses) for the consignee fields",
        querystring: ZMarkContQuery,
      },
    },
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
    {
      config: { permission: EITHER },
      schema: {
        response: answers(MARK_ANSWERS.detail),
        tags,
        summary: 'One mark with its addresses',
        params: zIdParam,
      },
    },
    async (req) => {
      const row = await getMarkInScope(db, req.auth, req.params.id);
      need(req, row.isAgent, '', 'info', 'edit');
      return ok(req, { ...row, addresses: await addressesOf(db, row.id) });
    },
  );

  app.post(
    '/bas/mark/add',
    {
      config: { permission: [`${CUSTOMER}:add`, `${AGENT}:add`], operlog: title(BUSINESS_TYPE.INSERT) },
      schema: {
        response: answers(MARK_ANSWERS.added),
        tags,
        summary: 'Add a customer or an agent',
        body: ZMarkAddBody,
      },
    },
    async (req) => {
      need(req, req.body.isAgent, 'add');
      const id = await addMark(db, req.auth, req.body);
      return ok(req, { id });
    },
  );

  app.post(
    '/bas/mark/edit',
    {
      config: { permission: [`${CUSTOMER}:edit`, `${AGENT}:edit`], operlog: title(BUSINESS_TYPE.UPDATE) },
      schema: {
        response: answers(MARK_ANSWERS.done),
        tags,
        summary: 'Edit a customer or an agent (optimistic version)',
        body: ZMarkEditBody,
      },
    },
    async (req) => {
      const current = await getMarkInScope(db, req.auth, req.body.id);
      need(req, current.isAgent, 'edit');
      await editMark(db, req.auth, req.body);
      return ok(req);
    },
  );

  app.post(
    '/bas/mark/delete/:id',
    {
      config: { permission: [`${CUSTOMER}:remove`, `${AGENT}:remove`], operlog: title(BUSINESS_TYPE.DELETE) },
      schema: {
        response: answers(MARK_ANSWERS.done),
        tags,
        summary: 'Delete a mark not in use (else disable it)',
        params: zIdParam,
      },
    },
    async (req) => {
      const current = await getMarkInScope(db, req.auth, req.params.id);
      need(req, current.isAgent, 'remove');
      await deleteMark(db, req.auth, req.params.id, current.isAgent === '1' ? '1' : '0');
      return ok(req);
    },
  );

  // -------------------------------------------------------------------------------------------------
  // Corporation addresses

  const addrWrite = [`${CUSTOMER}:add`, `${CUSTOMER}:edit`, `${AGENT}:add`, `${AGENT}:edit`] as const;
  const addrTitle = (businessType: (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE]) => ({
    title: 'bas_corporation_addr',
    businessType,
  });

  /** The mark of an address in the caller's scope (404 otherwise), with the caller's right on it. */
  async function markFor(tx: DbOrTx, req: FastifyRequest, markId: number, actions: Action[]) {
    const [m] = await tx
      .select({ id: basMark.id, isAgent: basMark.isAgent })
      .from(basMark)
      .where(allOf([eq(basMark.id, markId), markScopeFilter(req.auth)]));
    if (!m) throw notFound();
    need(req, m.isAgent, ...actions);
    return m;
  }

  function addrListWhere(
    req: FastifyRequest,
    q: { markId?: number; mark?: string; contact?: string; tel?: string; corporation?: string } & Record<
      string,
      unknown
    >,
  ) {
    const scope = markScopeFilter(req.auth);
    const parts: (SQL | undefined)[] = [
      scope ? sql`${basCorporationAddr.markId} IN (SELECT ${basMark.id} FROM ${basMark} WHERE ${scope})` : undefined,
    ];
    if (q.markId) parts.push(eq(basCorporationAddr.markId, q.markId));
    if (q.mark) parts.push(ilike(basMark.mark, likeContains(q.mark)));
    if (q.contact) parts.push(ilike(basCorporationAddr.contact, likeContains(q.contact)));
    if (q.tel) parts.push(ilike(basCorporationAddr.tel, likeContains(q.tel)));
    if (q.corporation) parts.push(ilike(basCorporationAddr.corporation, likeContains(q.corporation)));
    parts.push(
      dateRange(basCorporationAddr.createTime, {
        'params[beginTime]': q['params[beginTime]'] as string | undefined,
        'params[endTime]': q['params[endTime]'] as string | undefined,
      }),
    );
    return allOf(parts);
  }

  const addrSelect = {
    id: basCorporationAddr.id,
    markId: basCorporationAddr.markId,
    mark: basMark.mark,
    nameZh: basMark.nameZh,
    corporation: basCorporationAddr.corporation,
    contact: basCorporationAddr.contact,
    tel: basCorporationAddr.tel,
    addr: basCorporationAddr.addr,
    isDefault: basCorporationAddr.isDefault,
    version: basCorporationAddr.version,
    createBy: basCorporationAddr.createBy,
    createTime: basCorporationAddr.createTime,
    updateTime: basCorporationAddr.updateTime,
  };

  app.get(
    '/bas/corporationAddr/list',
    {
      config: { permission: EITHER },
      schema: {
        response: answers(MARK_ANSWERS.addrList),
        tags,
        summary: 'Addresses of marks',
        querystring: ZAddressListQuery,
      },
    },
    async (req) => {
      const where = addrListWhere(req, req.query);
      const { limit, offset } = pageOf(req.query);
      const order = orderOf(req.query, { createTime: basCorporationAddr.createTime }, [desc(basCorporationAddr.id)]);
      const [rows, [count]] = await Promise.all([
        db
          .select(addrSelect)
          .from(basCorporationAddr)
          .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(basCorporationAddr)
          .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
          .where(where),
      ]);
      return table(req, rows, count?.n ?? 0);
    },
  );

  app.post(
    '/bas/corporationAddr/export',
    {
      config: {
        permission: [`${CUSTOMER}:export`, `${AGENT}:export`],
        operlog: addrTitle(BUSINESS_TYPE.EXPORT),
        heavy: 'export',
      },
      schema: { tags, summary: 'Export addresses (.xlsx): filters, or the selected ids', body: ZAddressExportBody },
    },
    async (req, reply) => {
      const where = allOf([
        addrListWhere(req, req.body),
        req.body.ids ? inArray(basCorporationAddr.id, req.body.ids) : undefined,
      ]);
      return sendExcel(req, reply, {
        db,
        fileName: 'bas_corporation_addr',
        columns: ADDRESS_EXPORT_COLUMNS,
        rows: keysetBatches(
          (after, limit) =>
            db
              .select(addrSelect)
              .from(basCorporationAddr)
              .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
              .where(allOf([where, after ? sql`${basCorporationAddr.id} > ${after}` : undefined]))
              .orderBy(asc(basCorporationAddr.id))
              .limit(limit),
          (r) => r.id,
        ),
      });
    },
  );

  app.get(
    '/bas/corporationAddr/list/:id',
    {
      config: { permission: EITHER },
      schema: {
        response: answers(MARK_ANSWERS.addrOfMark),
        tags,
        summary: 'All addresses of one mark (id = mark id)',
        params: zIdParam,
      },
    },
    async (req) => {
      await markFor(db, req, req.params.id, ['', 'info', 'edit']);
      return ok(req, await addressesOf(db, req.params.id));
    },
  );

  app.get(
    '/bas/corporationAddr/:id',
    {
      config: { permission: EITHER },
      schema: { response: answers(MARK_ANSWERS.addrDetail), tags, summary: 'One address', params: zIdParam },
    },
    async (req) => {
      const [row] = await db
        .select(addrSelect)
        .from(basCorporationAddr)
        .innerJoin(basMark, eq(basMark.id, basCorporationAddr.markId))
        .where(allOf([eq(basCorporationAddr.id, req.params.id), addrListWhere(req, {})]));
      if (!row) throw notFound();
      return ok(req, row);
    },
  );

  /** Keeps exactly one default among a mark's addresses (the one just flagged, else the oldest). */
  async function fixDefault(tx: DbOrTx, markId: number, preferId?: number) {
    const rows = await tx
      .select({ id: basCorporationAddr.id, isDefault: basCorporationAddr.isDefault })
      .from(basCorporationAddr)
      .where(eq(basCorporationAddr.markId, markId))
      .orderBy(asc(basCorporationAddr.id));
    if (!rows.length) return;
    const preferred = rows.find((r) => r.id === preferId && r.isDefault === '1');
    const normalised = preferred
      ? rows.map((r) => ({ ...r, isDefault: r.id === preferred.id ? ('1' as const) : ('0' as const) }))
      : normaliseDefaultAddress(
          rows.map((r) => ({ ...r, isDefault: r.isDefault === '1' ? ('1' as const) : ('0' as const) })),
        );
    for (const r of normalised) {
      const before = rows.find((x) => x.id === r.id)!;
      if (before.isDefault !== r.isDefault) {
        await tx.update(basCorporationAddr).set({ isDefault: r.isDefault }).where(eq(basCorporationAddr.id, r.id));
      }
    }
  }

  app.post(
    '/bas/corporationAddr/add',
    {
      config: { permission: addrWrite, operlog: addrTitle(BUSINESS_TYPE.INSERT) },
      schema: { response: answers(MARK_ANSWERS.added), tags, summary: 'Add an address', body: ZAddressAddBody },
    },
    async (req) => {
      const b = req.body;
      const id = await db.transaction(async (tx) => {
        await markFor(tx, req, b.markId, ['add', 'edit']);
        await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.id, b.markId)).for('update');
        const [row] = await tx
          .insert(basCorporationAddr)
          .values({
            markId: b.markId,
            corporation: b.corporation,
            contact: b.contact,
            tel: b.tel,
            addr: b.addr,
            isDefault: b.isDefault,
            createBy: req.auth.userName,
          })
          .returning({ id: basCorporationAddr.id });
        await fixDefault(tx, b.markId, row!.id);
        return row!.id;
      });
      return ok(req, { id });
    },
  );

  app.post(
    '/bas/corporationAddr/edit',
    {
      config: { permission: addrWrite, operlog: addrTitle(BUSINESS_TYPE.UPDATE) },
      schema: { response: answers(MARK_ANSWERS.done), tags, summary: 'Edit an address', body: ZAddressEditBody },
    },
    async (req) => {
      const b = req.body;
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(basCorporationAddr).where(eq(basCorporationAddr.id, b.id));
        if (!current) throw notFound();
        await markFor(tx, req, current.markId, ['add', 'edit']);
        await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.id, current.markId)).for('update');
        const [updated] = await tx
          .update(basCorporationAddr)
          .set({
            corporation: b.corporation,
            contact: b.contact,
            tel: b.tel,
            addr: b.addr,
            isDefault: b.isDefault,
            version: sql`${basCorporationAddr.version} + 1`,
            updateBy: req.auth.userName,
            updateTime: sql`now()`,
          })
          .where(
            and(
              eq(basCorporationAddr.id, b.id),
              b.version === undefined ? undefined : eq(basCorporationAddr.version, b.version),
            ),
          )
          .returning({ id: basCorporationAddr.id });
        if (!updated) throw changedReload();
        await fixDefault(tx, current.markId, b.isDefault === '1' ? b.id : undefined);
      });
      return ok(req);
    },
  );

  app.post(
    '/bas/corporationAddr/delete/:id',
    {
      config: { permission: addrWrite, operlog: addrTitle(BUSINESS_TYPE.DELETE) },
      schema: { response: answers(MARK_ANSWERS.done), tags, summary: 'Delete an address', params: zIdParam },
    },
    async (req) => {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(basCorporationAddr).where(eq(basCorporationAddr.id, req.params.id));
        if (!current) throw notFound();
        await markFor(tx, req, current.markId, ['add', 'edit']);
        if (await isInUse(tx, 'corporationAddr', current.id)) throw inUse();
        await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.id, current.markId)).for('update');
        await tx.delete(basCorporationAddr).where(eq(basCorporationAddr.id, current.id));
        await fixDefault(tx, current.markId);
      });
      return ok(req);
    },
  );
};
