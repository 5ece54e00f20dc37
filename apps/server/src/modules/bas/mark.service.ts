import {
  CLIENT_TYPE,
  normaliseDefaultAddress,
  splitCommaList,
  type TAddressItem,
  type TMarkAddBody,
  type TMarkEditBody,
  type TMarkListQuery,
} from '@theone/contracts';
import { and, asc, desc, eq, ilike, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../platform/auth/auth-context';
import { hashPassword } from '../../platform/auth/password';
import type { DbOrTx, Tx } from '../../platform/db/database';
import {
  allOf,
  columnsOf,
  containsFilters,
  equalFilters,
  isUniqueViolation,
  selectList,
} from '../../platform/db/sql-helpers';
import { badRequest, changedReload, duplicate, inUse, notFound } from '../../platform/errors';
import { dateRange, likeContains, limitOffset, orderOf } from '../../platform/http/paging';
import { liveUserExists } from '../system/api';
import { markPartiesChanged } from './api/mark-parties';
import { basCorporationAddr, basMark } from './bas.table';
import { edited, userNames } from './bas-common';
import { markScopeFilter } from './mark-scope';
import { checkStaff } from './staff';
import { isInUse } from './usage';

/**
 * Marks: customers and agents (spec §3, screens §3.1-3.6). Every read and write goes through the caller's
 * mark scope (markScopeFilter): an id outside it is a 404.
 */

const topMark = alias(basMark, 'top_mark');

/** Columns of a mark row on the wire (see TMarkRow). */
export const markColumns = {
  id: basMark.id,
  mark: basMark.mark,
  nameZh: basMark.nameZh,
  isAgent: basMark.isAgent,
  clientType: basMark.clientType,
  topMarkId: basMark.topMarkId,
  topMark: topMark.mark,
  topMarkName: topMark.nameZh,
  userId: basMark.userId,
  balanceType: basMark.balanceType,
  calPriceType: basMark.calPriceType,
  sales: basMark.sales,
  service: basMark.service,
  isPrintPrice: basMark.isPrintPrice,
  credtLimit: basMark.credtLimit,
  minAmount: basMark.minAmount,
  shippingChannels: basMark.shippingChannels,
  agentName: basMark.agentName,
  agentUserName: basMark.agentUserName,
  realName: basMark.realName,
  company: basMark.company,
  phone: basMark.phone,
  addr: basMark.addr,
  lastLoginTime: basMark.lastLoginTime,
  deptId: basMark.deptId,
  status: basMark.status,
  remark: basMark.remark,
  version: basMark.version,
  createBy: basMark.createBy,
  createTime: basMark.createTime,
  updateBy: basMark.updateBy,
  updateTime: basMark.updateTime,
  underMarkNum: sql<number>`(SELECT count(*)::int FROM bas_mark s WHERE s.top_mark_id = ${basMark.id})`,
  underMark: sql<
    string | null
  >`(SELECT string_agg(s.mark, ',' ORDER BY s.mark) FROM bas_mark s WHERE s.top_mark_id = ${basMark.id})`,
  defaultContact: sql<
    string | null
  >`(SELECT a.contact FROM bas_corporation_addr a WHERE a.mark_id = ${basMark.id} ORDER BY a.is_default DESC, a.id LIMIT 1)`,
  defaultTel: sql<
    string | null
  >`(SELECT a.tel FROM bas_corporation_addr a WHERE a.mark_id = ${basMark.id} ORDER BY a.is_default DESC, a.id LIMIT 1)`,
};

/** Newest first (bas_mark_created_idx). */
const MARK_DEFAULT_ORDER = [desc(basMark.createTime), desc(basMark.id)];

const UNDER_MARK_NUM = sql`(SELECT count(*) FROM bas_mark s WHERE s.top_mark_id = ${basMark.id})`;

/** WHERE of the mark list and export (filters of screens §3.1 and §3.4, plus the scope). */
export function markListWhere(auth: AuthContext, q: Partial<TMarkListQuery>): SQL | undefined {
  const parts: (SQL | undefined)[] = [markScopeFilter(auth)];
  if (q.mark) {
    const codes = splitCommaList(q.mark).map((c) => c.toUpperCase());
    if (codes.length > 1) parts.push(inArray(basMark.mark, codes));
    else if (codes.length === 1) parts.push(ilike(basMark.mark, likeContains(codes[0]!)));
  }
  if (q.topMark) {
    parts.push(sql`${basMark.topMarkId} IN (SELECT t.id FROM bas_mark t WHERE t.mark = ${q.topMark.toUpperCase()})`);
  }
  parts.push(
    ...containsFilters(q, basMark, ['nameZh', 'agentName', 'company', 'phone']),
    ...equalFilters(q, basMark, [
      'isAgent',
      'clientType',
      'topMarkId',
      'sales',
      'service',
      'balanceType',
      'calPriceType',
      'status',
    ]),
    dateRange(basMark.createTime, {
      'params[beginTime]': q['params[beginTime]'],
      'params[endTime]': q['params[endTime]'],
    }),
  );
  return allOf(parts);
}

export function markOrder(q: Pick<TMarkListQuery, 'orderByColumn' | 'isAsc'>) {
  return orderOf(
    q,
    {
      ...columnsOf(basMark, ['createTime', 'mark', 'credtLimit', 'minAmount', 'lastLoginTime']),
      underMarkNum: UNDER_MARK_NUM,
    },
    MARK_DEFAULT_ORDER,
  );
}

/**
 * The mark list's statement text up to its WHERE, rendered once (selectList): the columns, the top mark's code and
 * name through a self-join and the sub-mark and default-contact subqueries. Pages write their LIMIT into the text
 * (limitOffset), so PostgreSQL plans the statement once per connection; the default order walks
 * bas_mark_created_idx instead of sorting every mark.
 */
const MARK_LIST = selectList(markColumns);
const MARK_LIST_SELECT = sql.raw(
  `SELECT ${MARK_LIST.text} FROM "bas_mark" LEFT JOIN "bas_mark" "top_mark" ON "top_mark"."id" = "bas_mark"."top_mark_id"`,
);
export type TMarkSelectRow = Awaited<ReturnType<typeof selectMarks>>[number];

/** Rows with sales/service names, for a page or an export batch. */
export async function selectMarks(
  db: DbOrTx,
  where: SQL | undefined,
  options: { order?: SQL[]; limit?: number; offset?: number } = {},
) {
  const order = sql.join(options.order ?? MARK_DEFAULT_ORDER, sql`, `);
  const result = await db.execute(
    sql`${MARK_LIST_SELECT} WHERE ${where ?? sql`true`} ORDER BY ${order} ${limitOffset(options.limit ?? 1000, options.offset ?? 0)}`,
  );
  const rows = MARK_LIST.typed(result.rows);
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.sales, r.service]),
  );
  return rows.map(({ deptId: _dept, ...r }) => ({
    ...r,
    underMark: r.underMark ?? '',
    salesName: r.sales ? (names.get(r.sales) ?? null) : null,
    serviceName: r.service ? (names.get(r.service) ?? null) : null,
  }));
}

export async function countMarks(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(basMark).where(where);
  return row?.n ?? 0;
}

/** One mark in the caller's scope, or 404. */
export async function getMarkInScope(db: DbOrTx, auth: AuthContext, id: number) {
  const [row] = await selectMarks(db, allOf([eq(basMark.id, id), markScopeFilter(auth)]), { limit: 1 });
  if (!row) throw notFound();
  return row;
}

export async function addressesOf(db: DbOrTx, markId: number) {
  return db
    .select(
      columnsOf(basCorporationAddr, [
        'id',
        'markId',
        'corporation',
        'contact',
        'tel',
        'addr',
        'isDefault',
        'version',
        'createTime',
      ]),
    )
    .from(basCorporationAddr)
    .where(eq(basCorporationAddr.markId, markId))
    .orderBy(desc(basCorporationAddr.isDefault), asc(basCorporationAddr.id));
}

// ---------------------------------------------------------------------------------------------------
// Writes

async function checkUser(tx: DbOrTx, userId: number | null | undefined, field: string) {
  if (!userId) return;
  if (!(await liveUserExists(tx, userId))) throw badRequest('err_invalid_value', { field }, field);
}

/** The parent agent of a customer: an existing agent (any scope: the agent may be someone else's). */
async function loadAgent(tx: DbOrTx, id: number) {
  const [agent] = await tx.select().from(basMark).where(eq(basMark.id, id));
  if (agent?.isAgent !== '1') throw badRequest('bas_err_top_mark_not_agent', undefined, 'topMarkId');
  return agent;
}

type MarkWrite = Omit<typeof basMark.$inferInsert, 'id'>;

/** Fields saved from an add or edit body (agent and sub-mark rules applied). */
async function markValues(
  tx: DbOrTx,
  body: TMarkAddBody | TMarkEditBody,
  isAgent: '0' | '1',
  current?: { sales: number | null; service: number | null },
): Promise<MarkWrite> {
  // The sales and service persons hold those jobs (post or role, staff.ts); the mark is in its sales person's
  // department. A person the mark already names is kept on an edit even if they no longer hold the job (changing
  // something else of the customer must not force a new sales person); choosing one is checked.
  if (body.service) await checkStaff(tx, body.service, 'service', body.service === current?.service);
  await checkUser(tx, body.userId, 'userId');
  const { deptId } = await checkStaff(tx, body.sales, 'sales', body.sales === current?.sales);
  const values: MarkWrite = {
    mark: '',
    nameZh: isAgent === '1' ? body.nameZh || body.agentName : body.nameZh,
    isAgent,
    clientType: isAgent === '1' ? CLIENT_TYPE.AGENT : body.clientType,
    topMarkId: isAgent === '1' ? null : (body.topMarkId ?? null),
    userId: body.userId ?? null,
    balanceType: body.balanceType,
    calPriceType: body.calPriceType,
    sales: body.sales,
    service: body.service ?? null,
    isPrintPrice: body.isPrintPrice,
    credtLimit: body.credtLimit ?? null,
    minAmount: body.minAmount ?? null,
    shippingChannels: [...new Set(body.shippingChannels)],
    agentName: body.agentName,
    agentUserName: body.agentUserName ?? '',
    realName: body.realName,
    company: body.company,
    phone: body.phone ?? '',
    addr: body.addr,
    deptId,
    status: body.status,
    remark: body.remark,
  };
  // A sub-mark is settled by its agent: its settlement fields are the agent's (screens §3.5).
  if (values.topMarkId) {
    const agent = await loadAgent(tx, values.topMarkId);
    values.balanceType = agent.balanceType;
    values.calPriceType = agent.calPriceType;
    values.credtLimit = agent.credtLimit;
    values.minAmount = agent.minAmount;
  }
  return values;
}

async function checkAgentUserName(tx: DbOrTx, userName: string | undefined, selfId?: number) {
  if (!userName) return;
  const [clash] = await tx
    .select({ id: basMark.id })
    .from(basMark)
    .where(and(eq(basMark.agentUserName, userName), selfId ? ne(basMark.id, selfId) : undefined));
  if (clash) throw duplicate('bas_msg_agent_user_exists', { value: userName });
}

/** Replaces a mark's addresses: rows with an id of this mark are kept and updated, new rows added, others removed. */
export async function syncAddresses(tx: Tx, markId: number, items: TAddressItem[], by: string) {
  const rows = normaliseDefaultAddress(items);
  const existing = await tx
    .select({ id: basCorporationAddr.id })
    .from(basCorporationAddr)
    .where(eq(basCorporationAddr.markId, markId));
  const existingIds = new Set(existing.map((r) => r.id));
  const keep = rows.filter((r) => r.id && existingIds.has(r.id)).map((r) => r.id!);
  for (const r of rows) {
    if (r.id && !existingIds.has(r.id)) throw badRequest('err_invalid_value', { field: 'addresses.id' }, 'addresses');
  }
  const toDelete = [...existingIds].filter((id) => !keep.includes(id));
  if (toDelete.length) await tx.delete(basCorporationAddr).where(inArray(basCorporationAddr.id, toDelete));
  for (const r of rows) {
    const values = { corporation: r.corporation, contact: r.contact, tel: r.tel, addr: r.addr, isDefault: r.isDefault };
    if (r.id) {
      await tx
        .update(basCorporationAddr)
        .set({ ...values, ...edited(basCorporationAddr.version, by) })
        .where(and(eq(basCorporationAddr.id, r.id), eq(basCorporationAddr.markId, markId)));
    } else {
      await tx.insert(basCorporationAddr).values({ ...values, markId, createBy: by });
    }
  }
}

/**
 * Sets an agent's sub-marks to exactly `ids`: customers (not agents) visible to the caller, without another
 * agent. Marks leaving the agent pass the `subMarkRemove` usage check. Sub-marks take the agent's settlement fields.
 */
export async function syncSubMarks(
  tx: Tx,
  auth: AuthContext,
  agent: typeof basMark.$inferSelect,
  ids: number[],
  by: string,
) {
  const wanted = [...new Set(ids)];
  if (wanted.includes(agent.id)) throw badRequest('err_invalid_value', { field: 'underMarkIds' }, 'underMarkIds');
  const current = await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.topMarkId, agent.id));
  const currentIds = new Set(current.map((r) => r.id));
  const leaving = [...currentIds].filter((id) => !wanted.includes(id));
  for (const id of leaving) {
    if (await isInUse(tx, 'subMarkRemove', id)) throw inUse('bas_msg_sub_mark_in_use');
  }
  if (leaving.length) {
    await tx
      .update(basMark)
      .set({ topMarkId: null, ...edited(basMark.version, by) })
      .where(inArray(basMark.id, leaving));
  }
  const joining = wanted.filter((id) => !currentIds.has(id));
  if (joining.length) {
    const candidates = await tx
      .select({ id: basMark.id, isAgent: basMark.isAgent, topMarkId: basMark.topMarkId })
      .from(basMark)
      .where(allOf([inArray(basMark.id, joining), markScopeFilter(auth)]));
    if (candidates.length !== joining.length) throw notFound();
    for (const c of candidates) {
      if (c.isAgent === '1') throw badRequest('bas_err_sub_mark_is_agent', undefined, 'underMarkIds');
      if (c.topMarkId && c.topMarkId !== agent.id)
        throw badRequest('bas_err_mark_has_agent', undefined, 'underMarkIds');
    }
    await tx
      .update(basMark)
      .set({ topMarkId: agent.id, ...edited(basMark.version, by) })
      .where(inArray(basMark.id, joining));
  }
  await propagateAgentSettlement(tx, agent);
}

/** Sub-marks carry their agent's payment term, pricing method, credit limit and minimum charge. */
async function propagateAgentSettlement(tx: Tx, agent: typeof basMark.$inferSelect) {
  await tx
    .update(basMark)
    .set({
      balanceType: agent.balanceType,
      calPriceType: agent.calPriceType,
      credtLimit: agent.credtLimit,
      minAmount: agent.minAmount,
    })
    .where(eq(basMark.topMarkId, agent.id));
}

export async function addMark(db: DbOrTx, auth: AuthContext, body: TMarkAddBody): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [clash] = await tx.select({ id: basMark.id }).from(basMark).where(eq(basMark.mark, body.mark));
      if (clash) throw duplicate('msg_mark_exists', { value: body.mark });
      await checkAgentUserName(tx, body.agentUserName);
      const values = await markValues(tx, body, body.isAgent);
      const [row] = await tx
        .insert(basMark)
        .values({
          ...values,
          mark: body.mark,
          agentPassword: body.agentPassword && body.isAgent === '1' ? await hashPassword(body.agentPassword) : '',
          createBy: auth.userName,
        })
        .returning();
      if (body.addresses?.length) await syncAddresses(tx, row!.id, body.addresses, auth.userName);
      if (body.isAgent === '1' && body.underMarkIds?.length)
        await syncSubMarks(tx, auth, row!, body.underMarkIds, auth.userName);
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'bas_mark_mark_uq')) throw duplicate('msg_mark_exists', { value: body.mark });
    if (isUniqueViolation(err, 'bas_mark_agent_user_uq'))
      throw duplicate('bas_msg_agent_user_exists', { value: body.agentUserName });
    throw err;
  }
}

export async function editMark(db: DbOrTx, auth: AuthContext, body: TMarkEditBody): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const scope = markScopeFilter(auth);
      const [current] = await tx
        .select()
        .from(basMark)
        .where(allOf([eq(basMark.id, body.id), scope]));
      if (!current) throw notFound();
      const isAgent = current.isAgent === '1' ? '1' : '0';
      await checkAgentUserName(tx, body.agentUserName, body.id);
      const values = await markValues(tx, body, isAgent, current);
      // Fee fields never reach a user without the fee role, so their form cannot send them: keep what is stored.
      if (!auth.feeRole && !values.topMarkId) {
        values.credtLimit = current.credtLimit;
        values.minAmount = current.minAmount;
      }
      if (values.topMarkId === body.id) throw badRequest('bas_err_top_mark_not_agent', undefined, 'topMarkId');
      if (
        current.topMarkId &&
        current.topMarkId !== values.topMarkId &&
        (await isInUse(tx, 'subMarkRemove', body.id))
      ) {
        throw inUse('bas_msg_sub_mark_in_use');
      }
      const { mark: _code, ...rest } = values;
      const [updated] = await tx
        .update(basMark)
        .set({ ...rest, ...edited(basMark.version, auth.userName) })
        .where(allOf([eq(basMark.id, body.id), eq(basMark.version, body.version), scope]))
        .returning();
      if (!updated) throw changedReload();
      if (updated.sales !== current.sales || updated.service !== current.service || updated.deptId !== current.deptId)
        await markPartiesChanged(tx, [body.id]);
      if (body.addresses) await syncAddresses(tx, body.id, body.addresses, auth.userName);
      if (isAgent === '1') {
        if (body.underMarkIds) await syncSubMarks(tx, auth, updated!, body.underMarkIds, auth.userName);
        else await propagateAgentSettlement(tx, updated!);
      }
    });
  } catch (err) {
    if (isUniqueViolation(err, 'bas_mark_agent_user_uq'))
      throw duplicate('bas_msg_agent_user_exists', { value: body.agentUserName });
    throw err;
  }
}

export async function deleteMark(db: DbOrTx, auth: AuthContext, id: number, expectAgent?: '0' | '1'): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: basMark.id, isAgent: basMark.isAgent, topMarkId: basMark.topMarkId })
      .from(basMark)
      .where(allOf([eq(basMark.id, id), markScopeFilter(auth)]))
      .for('update');
    if (!current || (expectAgent && current.isAgent !== expectAgent)) throw notFound();
    if (await isInUse(tx, 'mark', id)) throw inUse();
    if (current.topMarkId && (await isInUse(tx, 'subMarkRemove', id))) throw inUse();
    await tx.delete(basCorporationAddr).where(eq(basCorporationAddr.markId, id));
    await tx.delete(basMark).where(eq(basMark.id, id));
  });
}

/** Active marks for selects; `noTopMark`: customers free to become sub-marks. */
export function markSelectWhere(
  auth: AuthContext,
  q: { keyword?: string; isAgent?: string; noTopMark?: string; all?: string },
): SQL | undefined {
  return allOf([
    markScopeFilter(auth),
    q.all === '1' ? undefined : eq(basMark.status, '0'),
    q.isAgent ? eq(basMark.isAgent, q.isAgent) : undefined,
    q.noTopMark === '1' ? and(isNull(basMark.topMarkId), eq(basMark.isAgent, '0')) : undefined,
    q.keyword
      ? sql`(${ilike(basMark.mark, likeContains(q.keyword))} OR ${ilike(basMark.nameZh, likeContains(q.keyword))} OR ${ilike(basMark.agentName, likeContains(q.keyword))})`
      : undefined,
  ]);
}

/** Marks other than `exceptIds` (for pickers that hide rows already chosen). */
export const notIn = (ids: number[]) => (ids.length ? notInArray(basMark.id, ids) : undefined);
