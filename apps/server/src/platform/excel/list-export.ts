import { type AnyColumn, and, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../db/database';
import { exportBody, selectedIds } from '../http/export-body';
import { spec } from '../http/route-spec';
import type { OperlogConfig } from '../operlog';
import { type ExcelColumn, keysetRows, sendExcel } from './excel';

type Row<Q extends PgSelect> = Awaited<Q>[number];

/** A list screen's `/export`: the list's filters (or its ticked rows) read in key order into an .xlsx. */
export interface ListExport<S extends z.ZodObject, Q extends PgSelect, Out> {
  url: string;
  permission: string;
  operlog: OperlogConfig;
  summary: string;
  /** The list's query schema: the body is `exportBody(query)` (paging ignored, plus `ids` of ticked rows). */
  query: S;
  /** File name (translation key); a timestamp and .xlsx are appended. */
  fileName: string;
  columns: ExcelColumn<NoInfer<Out>>[];
  /** The rows' SELECT ... FROM, in the reader's language where names are translated. */
  select: (req: FastifyRequest) => Q;
  /** A unique increasing key: the rows are read in pages after the last key. */
  key: AnyColumn;
  keyOf: (row: NoInfer<Out>) => number;
  /** The list's WHERE for the body's filters (the ticked ids are added here). */
  where: (req: FastifyRequest, q: z.output<S>) => SQL | undefined | Promise<SQL | undefined>;
  map?: (row: Row<Q>, req: FastifyRequest) => Out;
}

/**
 * Declares a list's export route (keys `<module>:<screen>:export`, operation log EXPORT, the heavy-route limits of
 * platform/http/heavy.ts), streaming the rows through `sendExcel` in keyset pages.
 */
export function registerListExport<S extends z.ZodObject, Q extends PgSelect, Out = Row<Q>>(
  app: FastifyInstance,
  db: DbOrTx,
  e: ListExport<S, Q, Out>,
) {
  const access = { permission: e.permission, operlog: e.operlog, heavy: 'export' as const };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(e.url, spec(access, e.summary, { body: exportBody(e.query) }), async (req, reply) => {
      const q = req.body as z.output<S> & { ids?: number[] };
      const map = e.map;
      return sendExcel(req, reply, {
        fileName: e.fileName,
        db,
        columns: e.columns,
        rows: keysetRows<Q, Out>({
          select: () => e.select(req),
          key: e.key,
          where: and(await e.where(req, q), selectedIds(e.key, q.ids)),
          keyOf: e.keyOf,
          map: map && ((row) => map(row, req)),
        }),
      });
    });
}
