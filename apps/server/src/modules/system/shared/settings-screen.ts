import { type AnyColumn, and, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/database';
import { containsFilters, equalFilters } from '../../../platform/db/sql-helpers';
import { duplicate, notFound } from '../../../platform/errors';
import type { ExcelColumn } from '../../../platform/excel/excel';
import { registerListExport } from '../../../platform/excel/list-export';
import { ok } from '../../../platform/http/envelope';
import { dateRange } from '../../../platform/http/paging';
import { spec } from '../../../platform/http/route-spec';
import type { BusinessType } from '../../../platform/operlog';
import { localizedName, nameColumns, nameContains } from './localized';
import { orClash, refuseTaken, rowOr404 } from './rows';
import { BUSINESS_TYPE, idParam, idsParam, operlog, registerPagedList, saveAtVersion } from './system';

type Versioned = PgTable & { version: AnyColumn; createTime: AnyPgColumn };
type Row<T extends PgTable> = T['$inferSelect'];
type ColumnKey<T extends PgTable> = keyof T['_']['columns'] & string;

/** A name or code that must stay unique: 409 `err` (naming `value(b)`) when another row matches `where(b)`. */
export interface UniqueRule<B> {
  err: string;
  value: (b: B) => string;
  where: (b: B) => SQL;
}

/**
 * One settings screen of /system (settings, dictionary types and entries, posts): a company-wide table edited with
 * an optimistic version, no data scope. The screen declares what is its own; `registerSettingsScreen` declares
 * the calls the same way for each (RuoYi's paths and keys):
 *
 * - GET `<url>/list` (`<perm>:list`), GET `<url>/:<key>` (`readPermission`; 404 when missing),
 * - POST `<url>` (`<perm>:add`, answers `{ <key>: id }`), PUT `<url>` (`<perm>:edit`, body `<key>`, `version`, fields),
 * - DELETE `<url>/:<key>s` (`<perm>:remove`; all the ids or none, 404 when one is missing),
 * - POST `<url>/export` (`<perm>:export`; the file `system_<...>_export` named after the url),
 *
 * each changing call logged under `title`. Add and edit refuse a name taken by another row (`unique`, in order;
 * a unique index caught in a race answers as the first rule).
 */
export interface SettingsScreen<
  T extends Versioned,
  S extends z.ZodObject,
  C extends z.ZodObject,
  E extends z.ZodObject,
> {
  /** '/system/post' */
  url: string;
  /** 'system:post' */
  perm: string;
  /** The keys that may read one row ('<perm>:query' and the key of the form that opens it). */
  readPermission: string[];
  /** Operation-log title (the screen's menu title key). */
  title: string;
  /**
   * The OpenAPI summaries' words: the row and the rows ('post', 'posts'), and what the edit and the delete note
   * in brackets (the edit: 'optimistic version' unless told).
   */
  names: { one: string; many: string; edit?: string; remove?: string };
  table: T;
  /** The id column's key, its name in paths, bodies and answers ('postId'; the delete path names several: ':postIds'). */
  key: ColumnKey<T>;
  query: S;
  create: C;
  edit: E;
  /**
   * The list's (and the export's) filters besides the created-at range, each named as its column: the name in any
   * language, text columns containing the query's text, columns equal to the query's value.
   */
  filters: { name: ColumnKey<T>; contains?: ColumnKey<T>[]; equal?: ColumnKey<T>[] };
  orderable: Record<string, AnyPgColumn>;
  order: SQL[];
  unique: [UniqueRule<z.output<C>>, ...UniqueRule<z.output<C>>[]];
  /** Refuses a body the screen does not accept (`old`: the row an edit changes), before the uniqueness rules. */
  validate?: (b: z.output<C>, old?: Row<T>) => void | Promise<void>;
  /** What an edit changes besides the row, in its transaction. */
  afterEdit?: (tx: DbOrTx, b: z.output<C>, old: Row<T>) => Promise<void>;
  /** Refuses deleting the rows (locked) or clears what refers to them, before they are deleted. */
  beforeDelete?: (tx: DbOrTx, rows: Row<T>[], req: FastifyRequest) => Promise<void>;
  /** Called after every change (add, edit, delete), e.g. to drop a cache. */
  changed?: () => void;
  /** The export's columns; `localized`: the names read in the reader's language. */
  export: { columns: ExcelColumn<Record<string, unknown>>[]; localized: ColumnKey<T>[] };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function registerSettingsScreen<
  T extends Versioned,
  S extends z.ZodObject,
  C extends z.ZodObject,
  E extends z.ZodObject,
>(app: FastifyInstance, db: DbOrTx, s: SettingsScreen<T, S, C, E>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { one, many } = s.names;
  const columns = getTableColumns(s.table) as Record<string, PgColumn>;
  const id = columns[s.key]!;
  const keys = `${s.key}s`;
  const access = (action: string, businessType: BusinessType) => ({
    permission: `${s.perm}:${action}`,
    operlog: operlog(s.title, businessType),
  });
  const clash = (b: z.output<C>) => duplicate(s.unique[0].err, { value: s.unique[0].value(b) });
  async function refuseTakenNames(b: z.output<C>, exceptId?: number) {
    for (const rule of s.unique) await refuseTaken(db, id, exceptId, rule.where(b), rule.err, rule.value(b));
  }

  const where = (query: Partial<z.output<S>>) => {
    const q = query as Partial<Record<ColumnKey<T>, string>>;
    return and(
      nameContains(nameColumns(columns, s.filters.name), q[s.filters.name]),
      ...containsFilters(q, s.table, s.filters.contains ?? []),
      ...equalFilters(q, s.table, s.filters.equal ?? []),
      dateRange(s.table.createTime, query),
    );
  };

  registerPagedList(app, db, {
    url: `${s.url}/list`,
    permission: `${s.perm}:list`,
    summary: `${capitalized(many)} (paged)`,
    query: s.query,
    select: () =>
      db
        .select()
        .from(s.table as PgTable)
        .$dynamic(),
    from: s.table,
    where,
    orderable: s.orderable,
    order: s.order,
  });

  api.get(
    `${s.url}/:${s.key}`,
    spec({ permission: s.readPermission }, `One ${one}`, { params: idParam(s.key) }),
    async (req) => ok(req, await rowOr404(db, s.table, id, (req.params as Record<string, number>)[s.key]!)),
  );

  api.post(s.url, spec(access('add', BUSINESS_TYPE.INSERT), `Create a ${one}`, { body: s.create }), async (req) => {
    const b = req.body as z.output<C>;
    await s.validate?.(b);
    await refuseTakenNames(b);
    const [row] = await orClash(
      db
        .insert(s.table as PgTable)
        .values({ ...b, createBy: req.auth.userName } as PgInsertValue<PgTable>)
        .returning({ id }),
      () => clash(b),
    );
    s.changed?.();
    return ok(req, { [s.key]: row!.id });
  });

  api.put(
    s.url,
    spec(access('edit', BUSINESS_TYPE.UPDATE), `Edit a ${one} (${s.names.edit ?? 'optimistic version'})`, {
      body: s.edit,
    }),
    async (req) => {
      const { [s.key]: rowId, version, ...fields } = req.body as Record<string, unknown>;
      const b = fields as z.output<C>;
      const old = await rowOr404(db, s.table, id, rowId as number);
      await s.validate?.(b, old);
      await refuseTakenNames(b, rowId as number);
      const save = async (tx: DbOrTx) => {
        await saveAtVersion(tx, req, s.table, eq(id, rowId), version as number | undefined, b);
        await s.afterEdit?.(tx, b, old);
      };
      await orClash(s.afterEdit ? db.transaction(save) : save(db), () => clash(b));
      s.changed?.();
      return ok(req);
    },
  );

  api.delete(
    `${s.url}/:${keys}`,
    spec(access('remove', BUSINESS_TYPE.DELETE), `Delete ${many}${s.names.remove ? ` (${s.names.remove})` : ''}`, {
      params: idsParam(keys),
    }),
    async (req) => {
      const ids = [...new Set((req.params as Record<string, number[]>)[keys])];
      await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(s.table as PgTable)
          .where(inArray(id, ids))
          .for('update');
        if (rows.length !== ids.length) throw notFound();
        await s.beforeDelete?.(tx, rows as Row<T>[], req);
        await tx.delete(s.table).where(inArray(id, ids));
      });
      s.changed?.();
      return ok(req);
    },
  );

  registerListExport(app, db, {
    url: `${s.url}/export`,
    permission: `${s.perm}:export`,
    operlog: operlog(s.title, BUSINESS_TYPE.EXPORT),
    summary: `Export ${many} (.xlsx)`,
    query: s.query,
    fileName: `${s.url.slice(1).replaceAll('/', '_')}_export`,
    columns: s.export.columns,
    select: (req) => {
      const names = s.export.localized.map((key) => [key, localizedName(nameColumns(columns, key), req.lang)]);
      return db
        .select({ ...getTableColumns(s.table as PgTable), ...Object.fromEntries(names) })
        .from(s.table as PgTable)
        .$dynamic();
    },
    key: id,
    keyOf: (r) => (r as Record<string, number>)[s.key]!,
    where: (_req, q) => where(q),
  });
}
