import type { FastifyRequest } from 'fastify';
import { table } from '../../platform/http/envelope';

/** What the bus route files share when answering. */

/** A list page with the sums of the filtered set: `{ code, msg, rows, total, sums }`. */
export function tableWithSums<R, S>(req: FastifyRequest, page: { rows: R[]; total: number; sums: S }) {
  return { ...table(req, page.rows, page.total), sums: page.sums };
}
