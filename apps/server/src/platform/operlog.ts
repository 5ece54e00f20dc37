import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db/database';
import { sysOperLog } from './db/log.table';

/**
 * Operation log: every state-changing request (non-GET under /prod-api) writes one sys_oper_log row after
 * the response is sent, and so does every refused read (issue 11 item 5): a GET answered 403 (no permission, no fee
 * role) or 404 on a route that reads a record by its id or name (`/bus/inware/:id`, `/file/download/:fileId`), since
 * a record outside the caller's data scope is answered exactly like a missing one and the log is where an
 * administrator sees someone probing. Other reads are not logged (lists, pickers and polling would drown the log).
 * Rows are buffered and inserted in batches so logging never slows a request.
 * Routes may name their log entry with `config.operlog = { title, businessType }` (title: a translation
 * key such as 'menu_user'), or opt out with `config.operlog = false` (auth, captcha).
 */
export const BUSINESS_TYPE = {
  OTHER: 0,
  INSERT: 1,
  UPDATE: 2,
  DELETE: 3,
  GRANT: 4,
  EXPORT: 5,
  IMPORT: 6,
  FORCE: 7,
  CLEAN: 8,
} as const;
export type BusinessType = (typeof BUSINESS_TYPE)[keyof typeof BUSINESS_TYPE];

export interface OperlogConfig {
  title: string;
  businessType: BusinessType;
}

const SECRET_KEYS = /pass(word)?|pwd|token|secret|authorization|captcha|^code$|^uuid$/i;
const MAX_TEXT = 2000;

/** Replaces secrets at any depth with '******'. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEYS.test(k) ? '******' : maskSecrets(v, depth + 1);
  }
  return out;
}

function truncate(text: string, max = MAX_TEXT) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Guesses the business type from the path's verb (POST-style APIs) or the HTTP method (REST-style). */
export function guessBusinessType(method: string, url: string): BusinessType {
  const path = url.split('?')[0]!.toLowerCase();
  if (/\/export/.test(path)) return BUSINESS_TYPE.EXPORT;
  if (/\/import/.test(path)) return BUSINESS_TYPE.IMPORT;
  if (/\/clean/.test(path)) return BUSINESS_TYPE.CLEAN;
  if (/\/(delete|remove)(\/|$)/.test(path) || method === 'DELETE') return BUSINESS_TYPE.DELETE;
  if (/\/(authrole|authuser|datascope)/.test(path)) return BUSINESS_TYPE.GRANT;
  if (/\/(add|create)(\/|$)/.test(path)) return BUSINESS_TYPE.INSERT;
  if (method === 'PUT' || /\/(edit|update)/.test(path)) return BUSINESS_TYPE.UPDATE;
  if (method === 'POST') return BUSINESS_TYPE.INSERT;
  return BUSINESS_TYPE.OTHER;
}

type OperRow = typeof sysOperLog.$inferInsert;

export class OperlogWriter {
  private buffer: OperRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  push(row: OperRow) {
    this.buffer.push(row);
    if (this.buffer.length >= 200) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 250);
  }

  /** Writes everything buffered; resolves when written (tests and shutdown await it). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.buffer;
    this.buffer = [];
    if (rows.length) {
      this.inflight = this.inflight.then(() =>
        this.db
          .insert(sysOperLog)
          .values(rows)
          .then(() => undefined, this.onError),
      );
    }
    return this.inflight;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    operlogResult?: string;
  }
}

export function registerOperlog(app: FastifyInstance, writer: OperlogWriter) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (shouldLog(req, reply) && typeof payload === 'string') req.operlogResult = truncate(payload);
    return payload;
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!shouldLog(req, reply)) return;
    const config = req.routeOptions.config.operlog;
    const auth = req.auth;
    let params = '';
    try {
      const body = req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : undefined;
      const query = isRead(req) && req.query && typeof req.query === 'object' ? req.query : undefined;
      const source = { ...(req.params as object), ...(query ?? {}), ...(body ?? {}) };
      params = truncate(JSON.stringify(maskSecrets(source)));
    } catch {
      params = '';
    }
    const failed = reply.statusCode >= 400;
    let errorMsg = '';
    if (failed && req.operlogResult) {
      try {
        errorMsg = String(JSON.parse(req.operlogResult).msg ?? '');
      } catch {
        errorMsg = '';
      }
    }
    const url = req.url.split('?')[0]!;
    writer.push({
      title: config
        ? config.title
        : url
            .replace(/^\/prod-api\//, '')
            .split('/')
            .slice(0, 2)
            .join('/'),
      businessType: config ? config.businessType : guessBusinessType(req.method, url),
      method: `${req.routeOptions.url ?? url}`.slice(0, 200),
      requestMethod: req.method,
      operatorType: 1,
      operName: auth?.userName ?? '',
      deptName: auth?.deptName ?? '',
      operUrl: url.slice(0, 255),
      operIp: req.ip.slice(0, 128),
      operParam: params,
      jsonResult: req.operlogResult ?? '',
      status: failed ? 1 : 0,
      errorMsg: truncate(errorMsg),
      costTime: Math.round(reply.elapsedTime),
    });
  });
}

const isRead = (req: FastifyRequest) => req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';

/** A read refused for lack of rights (403) or of a record by id that is missing or out of scope (404). */
function isRefusedRead(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.method !== 'GET') return false;
  if (reply.statusCode === 403) return !req.auth?.mustChangePassword;
  return reply.statusCode === 404 && (req.routeOptions.url ?? '').includes('/:');
}

function shouldLog(req: FastifyRequest, reply: FastifyReply): boolean {
  if (!req.url.startsWith('/prod-api/')) return false;
  if (isRead(req) && !isRefusedRead(req, reply)) return false;
  const config = req.routeOptions.config;
  if (config.operlog === false) return false;
  // Requests nobody could be identified for (no route, no session) are not operations.
  return Boolean(req.routeOptions.url) && Boolean(req.auth);
}
