import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MODULE_ROUTES } from './modules';
import { setHashConcurrency } from './platform/auth/password';
import { SessionActivity } from './platform/auth/session-activity';
import { listenForAuthChanges, SessionCache } from './platform/auth/session-cache';
import { onTableChange } from './platform/cache-events';
import type { AppConfig } from './platform/config';
import type { Db } from './platform/db/database';
import type { AppDeps } from './platform/deps';
import { registerSheetLimits } from './platform/excel/excel';
import { createLocalFileStore } from './platform/files/file-store';
import { API_COMPRESSION } from './platform/http/compression';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerFormBodies } from './platform/http/form-body';
import { registerSecurityHeaders } from './platform/http/headers';
import { registerHeavyRoutes } from './platform/http/heavy';
import { responseSerializer } from './platform/http/response-serializer';
import { registerRouteTags } from './platform/http/route-spec';
import { API_PREFIX, registerSecurity } from './platform/http/security';
import { loadTranslations } from './platform/i18n';
import { OperlogWriter, registerOperlog } from './platform/operlog';
import { Settings } from './platform/settings';
import { writeDone } from './platform/short-cache';
import { setBusinessTimeZone } from './platform/time';

export const WEB_BASE = '/theone';

/** Builds the Fastify instance (no listen): API under /prod-api, the SPA under /theone. */
export async function buildApp(config: AppConfig, db: Db): Promise<{ app: FastifyInstance; deps: AppDeps }> {
  loadTranslations();
  setBusinessTimeZone(config.timezone);
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: process.env.TRUST_PROXY === 'true',
    // Batch actions put up to 500 comma-separated ids in one path segment.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Declared responses are encoded through their zod schema; in tests a key the schema would drop is an error.
  app.setSerializerCompiler(responseSerializer(config.nodeEnv === 'test'));

  setHashConcurrency(config.hashConcurrency);
  const sessionCache = new SessionCache();
  const sessionActivity = new SessionActivity(db, (err) => app.log.error({ err }, 'session last-access write failed'));
  const operlog = new OperlogWriter(db, (err) => app.log.error({ err }, 'operation log write failed'));
  const deps: AppDeps = {
    config,
    db,
    settings: new Settings(db, { captchaEnabled: config.captchaEnabled }),
    operlog,
    files: createLocalFileStore(db, config.dataDir, config.uploadMaxBytes),
    sessionCache,
    sessionActivity,
  };

  registerErrorHandler(app);
  const stopListening = listenForAuthChanges(
    (db as unknown as { $client: Parameters<typeof listenForAuthChanges>[0] }).$client,
    sessionCache,
    (err) => app.log.warn({ err }, 'session-cache listener lost its connection'),
  );
  app.addHook('onClose', async () => stopListening());
  const stopSettingsEvents = onTableChange(['sys_config'], () => deps.settings.invalidate());
  app.addHook('onClose', async () => stopSettingsEvents());
  registerSecurity(app, { db, jwtSecret: config.jwtSecret, sessionCache, sessionMaxHours: config.sessionMaxHours });
  app.addHook('onResponse', async (req) => {
    if (req.auth) sessionActivity.touch(req.auth.sessionId);
  });
  app.addHook('onClose', async () => sessionActivity.stop());
  // A write's transaction is over when its answer is sent: lists' cached totals (platform/short-cache.ts) drop here.
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') writeDone();
    return payload;
  });
  registerHeavyRoutes(app, { db, limits: config.heavyLimits });
  registerSheetLimits(app, config.sheetLimits);
  registerOperlog(app, operlog);
  app.addHook('onClose', async () => operlog.flush());
  registerSecurityHeaders(app);
  registerRouteTags(app, API_PREFIX);

  registerFormBodies(app);
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 20, fields: 50, fieldSize: 100_000, parts: 100 },
    throwFileSizeLimit: true,
  });

  if (!config.isProduction) {
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'TheOne API',
          description: 'Back office of a cross-border freight forwarder. RuoYi-Cloud style envelopes; see docs/api.md.',
          version: '0.1.0',
        },
        servers: [{ url: '/' }],
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: 'list' } });
  }

  await app.register(
    async (api) => {
      await api.register(fastifyCompress, API_COMPRESSION);
      for (const routes of MODULE_ROUTES) await api.register(routes, deps);
    },
    { prefix: API_PREFIX },
  );

  // The single-page app: hashed assets cached for a year, index.html never; unknown /theone paths get index.html.
  // Each file goes as the `.br` or `.gz` the build wrote beside it when the browser accepts it (Vary: Accept-Encoding).
  const dist = config.webDistDir;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `${WEB_BASE}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    // Files present at start-up have their own routes (wildcard: false); every other path is a client route.
    app.get(`${WEB_BASE}/*`, { config: { public: true } }, (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
    // With ignoreTrailingSlash this route answers both `/theone` and `/theone/`: only the first is redirected (a
    // redirect of `/theone/` to itself looped forever); the second is the app itself.
    app.get(WEB_BASE, { config: { public: true } }, (req, reply) => {
      const pathname = req.url.split('?', 1)[0];
      if (!pathname.endsWith('/')) return reply.redirect(`${WEB_BASE}/${req.url.slice(pathname.length)}`);
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
  app.get('/', { config: { public: true } }, (_req, reply) => reply.redirect(`${WEB_BASE}/`));

  return { app, deps };
}
