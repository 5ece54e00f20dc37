import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../platform/db/database';
import { dateRange } from '../../platform/http/paging';
import type {
  basContPrice,
  basCorporationAddr,
  basCurrate,
  basDriver,
  basInsurance,
  basPayinfo,
  basVehicle,
} from './bas.table';

/** Helpers of the resource screens (drivers, vehicles, insurance, payment info), exchange rates and container prices. */

/** The tables of the resource, exchange-rate, container-price and address screens. */
export type CountedTable =
  | typeof basDriver
  | typeof basVehicle
  | typeof basInsurance
  | typeof basPayinfo
  | typeof basCurrate
  | typeof basContPrice
  | typeof basCorporationAddr;

export const count = async (db: DbOrTx, tableRef: CountedTable, where: SQL | undefined) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tableRef).where(where);
  return row?.n ?? 0;
};

export const range = (column: Parameters<typeof dateRange>[0], q: Record<string, unknown>) =>
  dateRange(column, {
    'params[beginTime]': q['params[beginTime]'] as string | undefined,
    'params[endTime]': q['params[endTime]'] as string | undefined,
  });

export const zSelectQuery = z.object({ keyword: z.string().trim().max(50).optional() }).strict();
