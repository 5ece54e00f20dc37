import { ORDER_STATUS } from '@theone/contracts';
import {
  BORDER_PORT_MILESTONES,
  EXCEPTION_EXPORT_MAX,
  RECEIVED_NOT_PLANNED_HOURS,
  type TExceptionExportBody,
  type TExceptionListQuery,
  TIMER_ROWS_MAX,
} from '@theone/contracts/bus/exception.schemas';
import { NO_NEWS_HOURS } from '@theone/contracts/bus/load';
import { and, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../../../platform/auth/auth-context';
import type { DbOrTx } from '../../../platform/db/database';
import { allOf } from '../../../platform/db/sql-helpers';
import { dateRange, likeContains, orderOf, pageOf } from '../../../platform/http/paging';
import { markServiceIdOf } from '../../bas/api/mark-staff-refs';
import { markCodeOf } from '../../bas/api/order-refs';
import { userNameOf } from '../../system/api';
import { arrayParam, codeList, searchNumbers } from '../bus-list';
import { busOrder } from '../inware/inware.table';
import { orderScope } from '../inware/order-common';
import { markIdsByCode } from '../inware/order-names';
import { stalledLoads } from '../load/track.read';
import { exceptionPhotosColumn } from './exception-photos';

/**
 * Reading problem items (screens exception-list): the list by tab and filters, and the Timers tab. An item is the
 * problem-item columns of its order (Q14), so both read bus_order in the caller's data scope (sales and customer
 * service: their customers' orders; cargo without a mark: every order user). The changes are `inware/editFields`.
 */

const anyOf = (column: SQL | typeof busOrder.status, values: readonly unknown[], type: string) =>
  sql`${column} = ANY(${arrayParam(values, type)})`;

/** The tab's base: open items (E0/E1), closed ones, or every order that has or had one. */
export function exceptionTabFilter(tab: TExceptionListQuery['tab']): SQL {
  if (tab === 'open') return eq(busOrder.ifException, 1);
  if (tab === 'closed') return and(eq(busOrder.ifException, 0), eq(busOrder.exceptionStatus, 2)) as SQL;
  return sql`(${busOrder.ifException} = 1 OR ${busOrder.exceptionStatus} IS NOT NULL)`;
}

async function listWhere(db: DbOrTx, auth: AuthContext, q: TExceptionListQuery, timezone: string) {
  const parts: (SQL | undefined)[] = [exceptionTabFilter(q.tab), orderScope(auth)];
  const waybills = searchNumbers(q.transportId, 'transportId');
  if (waybills) parts.push(anyOf(sql`${busOrder.transportId}`, waybills, 'text[]'));
  const marks = searchNumbers(q.mark, 'mark');
  if (marks) {
    const ids = await markIdsByCode(db, marks);
    parts.push(ids.length ? inArray(busOrder.markId, ids) : sql`false`);
  }
  const containers = searchNumbers(q.containerNo, 'containerNo');
  if (containers) parts.push(anyOf(sql`${busOrder.containerNo}`, containers, 'text[]'));
  if (q.exceptionType) parts.push(anyOf(sql`${busOrder.exceptionType}`, q.exceptionType.split(','), 'text[]'));
  const states = codeList(q.exceptionStatus);
  if (states) parts.push(anyOf(sql`${busOrder.exceptionStatus}`, states, 'smallint[]'));
  const statuses = codeList(q.status);
  if (statuses) parts.push(anyOf(busOrder.status, statuses, 'smallint[]'));
  if (q.handler) parts.push(ilike(busOrder.exceptionHandler, likeContains(q.handler)));
  if (q.raisedBy) parts.push(ilike(busOrder.exceptionRaiseBy, likeContains(q.raisedBy)));
  parts.push(dateRange(busOrder.exceptionRaiseTime, q, timezone));
  return allOf(parts) ?? sql`true`;
}

const rowColumns = {
  id: busOrder.id,
  version: busOrder.version,
  transportId: busOrder.transportId,
  status: busOrder.status,
  markId: busOrder.markId,
  mark: sql<string>`coalesce(${markCodeOf(busOrder.markId)}, '')`,
  containerNo: busOrder.containerNo,
  consignee: busOrder.consignee,
  cargoName: busOrder.cargoName,
  ifException: busOrder.ifException,
  exceptionType: busOrder.exceptionType,
  exceptionDesc: busOrder.exceptionDesc,
  exceptionStatus: busOrder.exceptionStatus,
  exceptionRaiseBy: busOrder.exceptionRaiseBy,
  exceptionRaiseTime: busOrder.exceptionRaiseTime,
  exceptionHandler: busOrder.exceptionHandler,
  exceptionHandleTime: busOrder.exceptionHandleTime,
  handleRemark: busOrder.handleRemark,
  daysOpen: sql<
    number | null
  >`CASE WHEN ${busOrder.ifException} = 1 THEN floor(extract(epoch FROM now() - coalesce(${busOrder.exceptionRaiseTime}, ${busOrder.orderTime})) / 86400)::int END`,
  serviceName: sql<string>`coalesce(${userNameOf(markServiceIdOf(busOrder.markId))}, '')`,
  photos: exceptionPhotosColumn,
};

/** `GET /bus/exception/list`: a page of problem items, newest raised first unless sorted, and the total. */
export async function listExceptions(db: DbOrTx, auth: AuthContext, q: TExceptionListQuery, timezone: string) {
  const where = await listWhere(db, auth, q, timezone);
  const { limit, offset } = pageOf(q);
  const order = orderOf(
    q,
    {
      exceptionRaiseTime: busOrder.exceptionRaiseTime,
      exceptionHandleTime: busOrder.exceptionHandleTime,
      transportId: busOrder.transportId,
    },
    [sql`${busOrder.exceptionRaiseTime} DESC NULLS LAST`, desc(busOrder.id)],
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(busOrder)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(busOrder).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** `POST /bus/exception/export`: the filtered items (or the ticked ones), in the list's order. */
export async function exportExceptions(db: DbOrTx, auth: AuthContext, q: TExceptionExportBody, timezone: string) {
  const base = await listWhere(db, auth, q, timezone);
  const where = q.ids?.length ? (allOf([base, inArray(busOrder.id, q.ids)]) as SQL) : base;
  const order = orderOf(
    q,
    {
      exceptionRaiseTime: busOrder.exceptionRaiseTime,
      exceptionHandleTime: busOrder.exceptionHandleTime,
      transportId: busOrder.transportId,
    },
    [sql`${busOrder.exceptionRaiseTime} DESC NULLS LAST`, desc(busOrder.id)],
  );
  const { photos: _p, ...columns } = rowColumns;
  return db
    .select(columns)
    .from(busOrder)
    .where(where)
    .orderBy(...order)
    .limit(EXCEPTION_EXPORT_MAX);
}

/**
 * `GET /bus/exception/timers` (the Timers tab, computed, read-only): orders received over 48 h ago and still not
 * planned (S2), and containers in transit waiting at a border or port with no milestone for 72 h; oldest first.
 */
export async function exceptionTimers(db: DbOrTx, auth: AuthContext) {
  const where = allOf([
    eq(busOrder.status, ORDER_STATUS.IN_WAREHOUSE),
    sql`${busOrder.arrivedTime} < now() - make_interval(hours => ${RECEIVED_NOT_PLANNED_HOURS})`,
    orderScope(auth),
  ]);
  const orders = await db
    .select({
      id: busOrder.id,
      transportId: busOrder.transportId,
      mark: sql<string>`coalesce(${markCodeOf(busOrder.markId)}, '')`,
      arrivedTime: sql<Date>`${busOrder.arrivedTime}`.mapWith(busOrder.arrivedTime),
      hours: sql<number>`floor(extract(epoch FROM now() - ${busOrder.arrivedTime}) / 3600)::int`,
      ifException: busOrder.ifException,
      total: sql<number>`count(*) OVER ()::int`,
    })
    .from(busOrder)
    .where(where)
    .orderBy(busOrder.arrivedTime, busOrder.id)
    .limit(TIMER_ROWS_MAX);
  const loads = await stalledLoads(db, auth, {
    hours: NO_NEWS_HOURS,
    milestones: BORDER_PORT_MILESTONES,
    limit: TIMER_ROWS_MAX,
  });
  return {
    receivedHours: RECEIVED_NOT_PLANNED_HOURS,
    noNewsHours: NO_NEWS_HOURS,
    orders: orders.map(({ total: _t, ...r }) => r),
    ordersTotal: orders[0]?.total ?? 0,
    loads: loads.rows,
    loadsTotal: loads.total,
  };
}
