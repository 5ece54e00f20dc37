import { type TPageQueryBase, zIdParam } from '@theone/contracts';
import { desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database';
import { allOf } from '../../platform/db/sql-helpers';
import { notFound } from '../../platform/errors';
import { ok, table } from '../../platform/http/envelope';
import { likeContains, orderOf, pageOf } from '../../platform/http/paging';
import { spec } from '../../platform/http/route-spec';
import { BUSINESS_TYPE } from '../../platform/operlog';
import { type CountedTable, count, zSelectQuery } from './resource-query';

/**
 * The five calls of a simple basic-data entity (spec §7: GET list, GET /{id}, POST add, edit, delete/{id}) with
 * the keys of screens §5: the list key to read, `:info` / `:edit` to open a record, `:add`, `:edit`, `:remove`.
 * The entity gives the typed handlers; this only declares the routes the same way for every entity.
 */
export interface CrudHandlers<Q extends z.ZodType, A extends z.ZodType, E extends z.ZodType> {
  /** '/bas/driver' */
  base: string;
  /** 'bas:driver' */
  perm: string;
  /** operation-log title (translation key of the list screen) */
  title: string;
  summary: string;
  listQuery: Q;
  addBody: A;
  editBody: E;
  /** answers need the fee role too (screens §0) */
  feeRole?: boolean;
  /** the keys that open one record, where not the list key, `:info` and `:edit` */
  readKeys?: string[];
  /** OpenAPI summaries of the calls that the entity words itself (else `summary: list` ...) */
  summaries?: Partial<Record<'list' | 'one' | 'add' | 'edit' | 'delete', string>>;
  list(req: FastifyRequest, q: z.output<Q>): Promise<{ rows: unknown[]; total: number }>;
  get(req: FastifyRequest, id: number): Promise<unknown>;
  add(req: FastifyRequest, body: z.output<A>): Promise<number>;
  edit(req: FastifyRequest, body: z.output<E>): Promise<void>;
  remove(req: FastifyRequest, id: number): Promise<void>;
}

export function registerCrud<Q extends z.ZodType, A extends z.ZodType, E extends z.ZodType>(
  app: FastifyInstance,
  h: CrudHandlers<Q, A, E>,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bas'];
  const fee = h.feeRole ? { feeRole: true } : {};
  const summary = {
    list: `${h.summary}: list`,
    one: `${h.summary}: one`,
    add: `${h.summary}: add`,
    edit: `${h.summary}: edit (optimistic version)`,
    delete: `${h.summary}: delete (refused while in use)`,
    ...h.summaries,
  };
  api.get(
    `${h.base}/list`,
    {
      config: { permission: h.perm, ...fee },
      schema: { tags, summary: summary.list, querystring: h.listQuery },
    },
    async (req) => {
      const { rows, total } = await h.list(req, req.query as z.output<Q>);
      return table(req, rows, total);
    },
  );
  api.get(
    `${h.base}/:id`,
    {
      config: { permission: h.readKeys ?? [h.perm, `${h.perm}:info`, `${h.perm}:edit`], ...fee },
      schema: { tags, summary: summary.one, params: zIdParam },
    },
    async (req) => ok(req, await h.get(req, req.params.id)),
  );
  api.post(
    `${h.base}/add`,
    {
      config: { permission: `${h.perm}:add`, ...fee, operlog: { title: h.title, businessType: BUSINESS_TYPE.INSERT } },
      schema: { tags, summary: summary.add, body: h.addBody },
    },
    async (req) => ok(req, { id: await h.add(req, req.body as z.output<A>) }),
  );
  api.post(
    `${h.base}/edit`,
    {
      config: { permission: `${h.perm}:edit`, ...fee, operlog: { title: h.title, businessType: BUSINESS_TYPE.UPDATE } },
      schema: { tags, summary: summary.edit, body: h.editBody },
    },
    async (req) => {
      await h.edit(req, req.body as z.output<E>);
      return ok(req);
    },
  );
  api.post(
    `${h.base}/delete/:id`,
    {
      config: {
        permission: `${h.perm}:remove`,
        ...fee,
        operlog: { title: h.title, businessType: BUSINESS_TYPE.DELETE },
      },
      schema: { tags, summary: summary.delete, params: zIdParam },
    },
    async (req) => {
      await h.remove(req, req.params.id);
      return ok(req);
    },
  );
}

/** How a basic-data screen reads its rows: see `tableReads`. */
export interface TableReads<Q extends PgSelect, LQ, Out> {
  db: DbOrTx;
  table: CountedTable;
  /** The screen's columns and joins: `db.select(columns).from(table)...$dynamic()`. */
  rows: () => Q;
  /** The caller's data scope (undefined: company-wide rows). */
  scope?: (req: FastifyRequest) => SQL | undefined;
  /** The list's filters of a query. */
  filters: (q: LQ) => (SQL | undefined)[];
  /** The columns a list may be ordered by (`orderByColumn`) and its default order. */
  orderable: Record<string, AnyPgColumn>;
  defaultOrder: SQL[];
  /** The rows as the screen sends them (derived fields). */
  map?: (rows: Awaited<Q>) => Out[] | Promise<Out[]>;
  /** The total of a list whose filters need the joins of `rows` (else the table's rows are counted). */
  count?: (where: SQL | undefined) => Promise<number>;
}

/**
 * The reads of a basic-data screen (registerCrud's `list` and `get`): the rows of `rows` in the caller's scope,
 * the list a page of its filters in the chosen order with the total, one row by id (404 when it is missing or
 * outside the scope); `inScope` is the 404 check of an edit before it writes.
 */
export function tableReads<Q extends PgSelect, LQ extends TPageQueryBase, Out = Awaited<Q>[number]>(
  r: TableReads<Q, LQ, Out>,
) {
  const read = async (where: SQL | undefined, order: SQL[], limit: number, offset = 0): Promise<Out[]> => {
    const rows = (await r
      .rows()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)) as Awaited<Q>;
    return r.map ? r.map(rows) : (rows as Out[]);
  };
  const where = (req: FastifyRequest, q: LQ) => allOf([r.scope?.(req), ...r.filters(q)]);
  const total = r.count ?? ((w: SQL | undefined) => count(r.db, r.table, w));
  return {
    /** The list's WHERE: the caller's scope and the query's filters (an export adds its ticked ids). */
    where,
    async list(req: FastifyRequest, q: LQ) {
      const filtered = where(req, q);
      const { limit, offset } = pageOf(q);
      const order = orderOf(q, r.orderable, r.defaultOrder);
      const [rows, n] = await Promise.all([read(filtered, order, limit, offset), total(filtered)]);
      return { rows, total: n };
    },
    async get(req: FastifyRequest, id: number) {
      const [row] = await read(allOf([eq(r.table.id, id), r.scope?.(req)]), [desc(r.table.id)], 1);
      if (!row) throw notFound();
      return row;
    },
    async inScope(req: FastifyRequest, id: number, tx: DbOrTx = r.db) {
      const [current] = await tx
        .select({ id: r.table.id })
        .from(r.table)
        .where(allOf([eq(r.table.id, id), r.scope?.(req)]));
      if (!current) throw notFound();
    },
  };
}

/**
 * A screen's `select` for the forms of other screens (any signed-in user): its active rows (status '0'), at most
 * 200, those whose `keyword` column contains the query's keyword where it has one.
 */
export function registerSelect<Q extends PgSelect, Out = Awaited<Q>[number]>(
  app: FastifyInstance,
  s: {
    url: string;
    summary: string;
    /** The options' columns: `db.select(columns).from(table).$dynamic()`. */
    rows: () => Q;
    status: AnyPgColumn;
    keyword?: AnyPgColumn;
    order: SQL[];
    map?: (row: Awaited<Q>[number]) => Out;
  },
) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(s.url, spec({ authenticated: true }, s.summary, { querystring: zSelectQuery }), async (req) => {
      const { keyword } = req.query;
      const rows = (await s
        .rows()
        .where(allOf([eq(s.status, '0'), s.keyword && keyword ? ilike(s.keyword, likeContains(keyword)) : undefined]))
        .orderBy(...s.order)
        .limit(200)) as Awaited<Q>;
      return ok(req, s.map ? rows.map(s.map) : rows);
    });
}
