import { zIdParam } from '@theone/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, table } from '../../platform/http/envelope';
import { BUSINESS_TYPE } from '../../platform/operlog';

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
  api.get(
    `${h.base}/list`,
    {
      config: { permission: h.perm, ...fee },
      schema: { tags, summary: `${h.summary}: list`, querystring: h.listQuery },
    },
    async (req) => {
      const { rows, total } = await h.list(req, req.query as z.output<Q>);
      return table(req, rows, total);
    },
  );
  api.get(
    `${h.base}/:id`,
    {
      config: { permission: [h.perm, `${h.perm}:info`, `${h.perm}:edit`], ...fee },
      schema: { tags, summary: `${h.summary}: one`, params: zIdParam },
    },
    async (req) => ok(req, await h.get(req, req.params.id)),
  );
  api.post(
    `${h.base}/add`,
    {
      config: { permission: `${h.perm}:add`, ...fee, operlog: { title: h.title, businessType: BUSINESS_TYPE.INSERT } },
      schema: { tags, summary: `${h.summary}: add`, body: h.addBody },
    },
    async (req) => ok(req, { id: await h.add(req, req.body as z.output<A>) }),
  );
  api.post(
    `${h.base}/edit`,
    {
      config: { permission: `${h.perm}:edit`, ...fee, operlog: { title: h.title, businessType: BUSINESS_TYPE.UPDATE } },
      schema: { tags, summary: `${h.summary}: edit (optimistic version)`, body: h.editBody },
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
      schema: { tags, summary: `${h.summary}: delete (refused while in use)`, params: zIdParam },
    },
    async (req) => {
      await h.remove(req, req.params.id);
      return ok(req);
    },
  );
}
