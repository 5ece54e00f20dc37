import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/database';
import { AppError } from '../errors';
import { hitRateLimit } from '../rate-limit';

/**
 * Heavy routes (issue 11 items 3 and 5): every export, import, import template and PDF print declares its kind on
 * the route, `config: { heavy: 'export' | 'import' | 'template' | 'print' }`, and this one hook limits them before the
 * handler runs (a print lays out a whole document, up to 500 orders or 3,000 piece labels, with CJK and Thai fonts):
 *
 * - at most `perUser` requests of a kind running at once per user, and `perInstance` heavy requests in all, counted
 *   in this instance: what they protect is this process's memory, CPU, event loop and database pool, which another
 *   instance does not share (a lease table would need heartbeats and crash clean-up to protect nothing more);
 * - at most `perMinute[kind]` started per user and minute, counted in PostgreSQL (`sys_rate_limit`, like the login
 *   limits), so the total a user can start stays bounded however many instances run.
 *
 * Over a limit the answer is 429 RATE_LIMITED with a translated 'already running' or 'too many a minute' message.
 * A slot is given back when the response has been sent, or, when the client walks away, once the handler's work is
 * over as well (aborting a slow export and starting another does not multiply the work).
 * `sendExcel` and `readUpload` refuse to run on a route that did not declare the mechanism, so a new export cannot
 * forget it; a test over the route table proves every export/import/template route carries it.
 */

export const HEAVY_KINDS = ['export', 'import', 'template', 'print'] as const;
export type HeavyKind = (typeof HEAVY_KINDS)[number];

export interface HeavyLimits {
  /** Requests of one kind running at once per user (in this instance). */
  perUser: number;
  /** Heavy requests running at once in this instance, every user and kind. */
  perInstance: number;
  /** Requests of a kind started per user and minute (every instance together). */
  perMinute: Record<HeavyKind, number>;
}

export const DEFAULT_HEAVY_LIMITS: HeavyLimits = {
  perUser: 2,
  perInstance: 8,
  perMinute: { export: 30, import: 10, template: 30, print: 120 },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An export, import, import-template or PDF print route: limited per user by platform/http/heavy.ts. */
    heavy?: HeavyKind;
  }
}

const BUSY: Record<HeavyKind, string> = {
  export: 'err_export_busy',
  import: 'err_import_busy',
  template: 'err_template_busy',
  print: 'err_print_busy',
};
const TOO_MANY: Record<HeavyKind, string> = {
  export: 'err_export_rate',
  import: 'err_import_rate',
  template: 'err_template_rate',
  print: 'err_print_rate',
};

/** Throws (a programming error, 500) when the route of `req` did not declare itself heavy. */
export function requireHeavy(req: FastifyRequest): void {
  if (!req.routeOptions.config.heavy)
    throw new Error(`${req.method} ${req.routeOptions.url} sends or reads an Excel file without config.heavy`);
}

interface Slot {
  release(): void;
  /** The handler has settled (or will never run). */
  handled: boolean;
  /** The connection closed (response sent, or the client went away). */
  closed: boolean;
}

export function registerHeavyRoutes(app: FastifyInstance, deps: { db: DbOrTx; limits: HeavyLimits }) {
  const { db, limits } = deps;
  const running = new Map<string, number>();
  let total = 0;
  const slots = new WeakMap<FastifyRequest, Slot>();
  /** A slot is given back once the connection is closed and the handler's work is over. */
  const settle = (slot: Slot | undefined) => {
    if (slot?.handled && slot.closed) slot.release();
  };

  app.addHook('onRoute', (route) => {
    const kind = route.config?.heavy;
    if (kind === undefined) return;
    if (!HEAVY_KINDS.includes(kind))
      throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown heavy kind '${String(kind)}'.`);
    // The limits in the OpenAPI document (docs/api.md, 'Limits of exports and imports').
    const note =
      `Limited per user: ${limits.perUser} ${kind} requests running at once, ${limits.perMinute[kind]} a minute; ` +
      `429 RATE_LIMITED over the limit.`;
    const schema = (route.schema ?? {}) as { description?: string };
    route.schema = { ...route.schema, description: schema.description ? `${schema.description}\n\n${note}` : note };
    // A client that walks away does not end the work it started (a query still running): the slot is held until
    // the handler settles too.
    const handler = route.handler;
    route.handler = async function heavyHandler(this: FastifyInstance, req, reply) {
      try {
        return await handler.call(this, req, reply);
      } finally {
        const slot = slots.get(req);
        if (slot) slot.handled = true;
        settle(slot);
      }
    };
  });

  app.addHook('preHandler', async (req, reply) => {
    const kind = req.routeOptions.config.heavy;
    if (!kind || !req.auth) return;
    const key = `${kind}:${req.auth.userId}`;
    if ((running.get(key) ?? 0) >= limits.perUser) throw new AppError('RATE_LIMITED', BUSY[kind]);
    if (total >= limits.perInstance) throw new AppError('RATE_LIMITED', 'err_heavy_server_busy');
    running.set(key, (running.get(key) ?? 0) + 1);
    total++;
    let released = false;
    const slot: Slot = {
      handled: false,
      closed: false,
      release() {
        if (released) return;
        released = true;
        total--;
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      },
    };
    slots.set(req, slot);
    reply.raw.once('close', () => {
      slot.closed = true;
      settle(slot);
    });
    try {
      await hitRateLimit(db, `heavy-${kind}`, String(req.auth.userId), limits.perMinute[kind], TOO_MANY[kind], {
        max: limits.perMinute[kind],
      });
    } catch (err) {
      slot.release();
      throw err;
    }
  });

  // A response that finished was answered in full: whatever the handler still does is no longer the caller's.
  app.addHook('onResponse', async (req) => slots.get(req)?.release());
}
