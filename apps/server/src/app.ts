import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { API_KEY_PREFIX, type CallDef } from '@packsmith/contracts';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { acquireDataDirLock, type DataDirLock } from './db/data-dir-lock.js';
import { API_KEY_ROUTES } from './http/api-key-scope.js';
import { registerCall } from './http/call-route.js';
import { answerClientError, installErrorHandling } from './http/error-handler.js';
import { redactingChildLoggerFactory } from './http/log-redaction.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { newId } from './lib/ids.js';
import { registerUserRoutes } from './modules/user/user.routes.js';
import { registerGenerateRoutes } from './modules/generate/generate.routes.js';
import { registerAccountRoutes } from './modules/account/account.routes.js';
import { registerOAuthRoutes } from './modules/oauth/oauth.routes.js';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.js';
import { registerAccessRoutes } from './modules/user/access.routes.js';
import { registerProjectRoutes } from './modules/project/project.routes.js';
import { registerFileRoutes } from './modules/files/file.routes.js';
import { registerChatRoutes } from './modules/chat/chat.routes.js';
import { registerPhotoshootRoutes } from './modules/photoshoot/photoshoot.routes.js';
import { registerMockupRoutes } from './modules/mockup/mockup.routes.js';
import { registerImageToolRoutes } from './modules/image-tools/image-tools.routes.js';
import { registerBillingRoutes } from './modules/billing/billing.routes.js';
import { registerRedeemRoutes } from './modules/redeem/redeem.routes.js';
import { registerAdminRoutes } from './modules/admin/admin.routes.js';
import { registerApiKeyRoutes } from './modules/api-keys/api-key.routes.js';
import { registerFactoryRoutes } from './modules/factory/factory.routes.js';
import { registerQuotationRoutes } from './modules/quotation/quotation.routes.js';
import { registerPrintRoutes } from './modules/print/print.routes.js';
import { registerEditorRoutes } from './modules/editor/editor.routes.js';
import { registerDesignRequestRoutes } from './modules/design-request/design-request.routes.js';
import { registerNutritionRoutes } from './modules/nutrition/nutrition.routes.js';
import { registerFontRoutes } from './modules/fonts/fonts.routes.js';
import { registerIdeaRoutes } from './modules/ideas/ideas.routes.js';
import { warmUpDesignEngine, type DesignPipeline } from './modules/chat/index.js';
import type { MockupRenderer } from './modules/mockup/index.js';
import type { ImageToolEngines } from './modules/image-tools/index.js';
import type { PhotoshootVision, SceneEngine } from './modules/photoshoot/index.js';
import { createSocketServer, type SocketServer } from './realtime/socket-server.js';
import { socketRedisKey } from './realtime/realtime-hub.js';
import { createServices, type Services } from './services.js';
import { ideaIdOfPath, ideaPageMeta, injectPageMeta, type SeoIdea } from './http/seo-meta.js';

export interface BuiltApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  services: Services;
  log: Logger;
  /** socket.io on /io/ (null in ROLE=worker, which serves no browsers). */
  sockets: SocketServer | null;
  /** Listens on config.port (0 = random) and starts workers; resolves to the base URL. */
  listen(): Promise<string>;
  /**
   * Loads the engines' fonts, tables and models so the first user does not wait for them
   * (main.ts calls it after listening; tests skip it). Resolves to the milliseconds spent.
   */
  warmUpEngines(): Promise<number>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** An already opened database (tests share one); otherwise opened from config. */
  database?: Database;
  logger?: Logger;
  /** Replaces the design engine (tests inject a pipeline that fails on purpose). */
  designPipeline?: DesignPipeline;
  /** Replaces the photo shoot's cut-out and compositing engines (tests: a compositor that fails on purpose). */
  photoshootVision?: PhotoshootVision;
  /** Replaces the scene generator behind the scene templates. */
  sceneEngine?: SceneEngine;
  /** Replaces the mockup template renderer. */
  mockupRenderer?: MockupRenderer;
  /** Replaces some of the image tools' local engines (tests: an engine that fails on purpose). */
  imageToolEngines?: Partial<ImageToolEngines>;
}

/** Builds the whole server without listening (CONVENTIONS: build apart from listen). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const log = opts.logger ?? pino({ level: config.logLevel, base: { role: config.role } });
  const { database, dataDirLock } = await openAppDatabase(config, opts, log);
  const services = createServices({
    config,
    database,
    log,
    designPipeline: opts.designPipeline,
    photoshootVision: opts.photoshootVision,
    sceneEngine: opts.sceneEngine,
    mockupRenderer: opts.mockupRenderer,
    imageToolEngines: opts.imageToolEngines,
  });
  const app = await createHttpApp(config, log);

  // API keys (Business) and session tokens: one authenticator for calls, uploads, downloads and sockets.
  const authenticate = services.apiKeys.authenticate;
  const ctx: AppContext = {
    app,
    config,
    database,
    services,
    authenticate,
    log,
    call: <C extends CallDef>(call: C, handler: Parameters<typeof registerCall<C>>[3]) => registerCall(app, authenticate, call, handler),
  };
  registerRoutes(ctx);
  // A listed idea only: the ideas service answers 404 for a missing, private or hidden one.
  await registerWebApp(app, config, (id) => services.ideas.idea(null, id));

  const sockets =
    config.role === 'worker'
      ? null
      : createSocketServer({
          httpServer: app.server,
          authenticate,
          joinCode: services.projectAccess.joinCode,
          redisUrl: config.redisUrl,
          redisKey: socketRedisKey(config.queuePrefix),
          log,
        });
  if (sockets) services.realtime.attach(sockets.io);

  let closed = false;
  return {
    app,
    config,
    database,
    services,
    log,
    sockets,
    async listen() {
      await sockets?.ready;
      // The sample factory directory into an empty table (idempotent across processes), before the first request.
      await services.factories.seedSample();
      const address = await app.listen({ port: config.port, host: config.host });
      if (config.role !== 'api') {
        await services.jobs.startWorkers();
        // First start: the scene gallery is generated in the background; start-up never waits for it.
        void services.sceneTemplates.startSeeding();
        // Likewise the mockup template library, one template at a time in a worker thread.
        void services.mockupTemplates.startSeeding();
        // And the design-idea gallery: ideas appear as the design engine renders them.
        void services.ideaSeeding.startSeeding();
        // Monthly credits, lifetime months and sandbox renewals; idempotent across processes (ledger ref ids).
        services.billing.startSweeps(config.billingSweepMs);
        // Design request mail that failed is retried; rows are claimed in SQL, so any number of processes may sweep.
        services.designRequests.startSweeps(designRequestSweepMs(config.designRequest.retryBaseMs));
      }
      const url = address.replace('[::1]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
      dataDirLock?.setUrl(url);
      return url;
    },
    async warmUpEngines() {
      const started = Date.now();
      // Only processes that run jobs use the engines; an api-only process would warm for nothing.
      if (config.role !== 'api' && !opts.designPipeline) await warmUpDesignEngine();
      if (config.role !== 'api' && !opts.photoshootVision) await services.photoshootVision.warmUp();
      return Date.now() - started;
    },
    async close() {
      if (closed) return;
      closed = true;
      await services.sceneTemplates.stopSeeding();
      await services.mockupTemplates.stopSeeding();
      await services.ideaSeeding.stopSeeding();
      await services.billing.stopSweeps();
      // Jobs first: while they drain they still reach browsers, and the database is still open.
      await services.jobs.close();
      await services.imageToolWorker.close();
      await services.editorExportWorker.close();
      await services.photoshootVision.dispose();
      await sockets?.close();
      await services.realtime.close();
      await app.close();
      // After the HTTP server: a request answered last may still be mailing (the database is still open).
      await services.designRequests.stopSweeps();
      // After the HTTP server: a request still answering may count an event.
      await services.rateLimits.close();
      // Writes the API key usage still counted in this process.
      await services.apiKeys.close();
      if (!opts.database) await database.close();
      dataDirLock?.release();
    },
  };
}

/** How often due design request mail is looked for: a quarter of the first retry delay, 100 ms to 15 s. */
function designRequestSweepMs(retryBaseMs: number): number {
  return Math.min(15_000, Math.max(100, Math.round(retryBaseMs / 4)));
}

/** The database a test passed in, or the configured one, with the data directory's lock when it is embedded. */
async function openAppDatabase(config: Config, opts: BuildOptions, log: Logger): Promise<{ database: Database; dataDirLock: DataDirLock | null }> {
  // The embedded database belongs to one process: a second server or the admin CLI
  // on the same DATA_DIR is refused instead of writing a copy that is silently lost. Throws DataDirLockedError.
  const dataDirLock: DataDirLock | null = !opts.database && !config.databaseUrl ? acquireDataDirLock(config.dataDir, 'server') : null;
  let database: Database;
  try {
    database =
      opts.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: path.join(config.dataDir, 'db'),
        onInitialise: () => log.info('creating a new embedded database (first start only, ~7 s)…'),
        onIdleClientError: (err) => log.warn({ err }, 'a PostgreSQL connection was lost; the pool reconnects'),
      }));
  } catch (err) {
    dataDirLock?.release();
    throw err;
  }
  return { database, dataDirLock };
}

/** Fastify with the contract's validation, the envelope's error handling, request ids, security headers and the API docs. */
async function createHttpApp(config: Config, log: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length <= 64 ? req.headers['x-request-id'] : newId(8)),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    // maxParamLength: past the default 100 the router answers its own HTTP 414, not the envelope; longer
    // path params now reach their zod check (code 400), and Node's 16 KB header limit still bounds them.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 16 * 1024 },
    // Requests Node cannot parse (e.g. a URL over the header limit) still answer the envelope.
    clientErrorHandler: answerClientError,
    // Request lines in the log never carry ?token=, ?code= or ?state= values.
    childLoggerFactory: redactingChildLoggerFactory,
  }) as unknown as FastifyInstance; // pino's Logger is wider than FastifyBaseLogger; the instance is the same

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // CSP, nosniff, Referrer-Policy, Permissions-Policy… on every answer (docs/SECURITY.md).
  await registerSecurityHeaders(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Packsmith API', version: '0.1.0', description: apiDescription(config) },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token (POST /api/user/guest_login or sign-in): the browser app.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description: `A Business member's API key (${API_KEY_PREFIX} and 40 letters or digits), created on the billing page. Accepted only by the calls that list it.`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // staticCSP: the docs page gets swagger-ui's own CSP (hashes of its inline styles) instead of the app's.
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  return app;
}

/** The /docs page's introduction: the envelope, and API access for Business members (docs/API.md). */
function apiDescription(config: Config): string {
  const { ratePerMinute, burst } = config.apiKeys;
  const areas = API_KEY_ROUTES.map((r) => `\`${r.methods ? `${r.methods.join('/')} ` : ''}${r.prefix}\`${r.methods ? '' : '…'}`).join(', ');
  return [
    'Every call answers HTTP 200 with `{code, msg, data}`; code 0 is success.',
    '',
    '## API access',
    '',
    `Business members call the API from their own programs with an API key. Create one on the billing page (account menu → Billing → API keys): the key (\`${API_KEY_PREFIX}…\`) is shown once, so copy it then; revoke it there at any time (it stops at once).`,
    '',
    `Send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`. The call acts as you and spends your credits. The calls that accept a key say so (security \`apiKey\`): ${areas}. Every other call (account, sign-in/out, settings, payments, redeem codes, admin, the API key calls) answers code 403 "API keys cannot be used for this call.".`,
    '',
    `Rate limit: each key has a bucket of ${burst} calls that refills at ${ratePerMinute} calls a minute. Over it, the answer is code 429 with a \`Retry-After\` header (seconds) and the wait in msg. Other codes: 402 for an unknown or revoked key, 403 "Please upgrade to a business membership." when your Business plan has ended, 450 when credits run out.`,
    '',
    'Example: create a project, then generate designs for it (poll GET /api/chat/history or /api/generate/record for results):',
    '',
    '```',
    'curl -s -X POST https://YOUR-HOST/api/project -H "Authorization: Bearer $PACKSMITH_API_KEY" -H "Content-Type: application/json" -d \'{"type":"design"}\'',
    'curl -s -X POST https://YOUR-HOST/api/paint/imagine -H "Authorization: Bearer $PACKSMITH_API_KEY" -H "Content-Type: application/json" -d \'{"project_id":"PROJECT_ID"}\'',
    '```',
  ].join('\n');
}

/** The health check and every module's routes. */
function registerRoutes(ctx: AppContext): void {
  ctx.app.get('/healthz', { schema: { hide: true } }, async () => ({ code: 0, msg: 'SUCCESS', data: { status: 'ok', db: ctx.database.kind } }));

  // --- route modules (one line each) ---
  registerUserRoutes(ctx);
  registerProjectRoutes(ctx);
  registerFileRoutes(ctx);
  registerAccountRoutes(ctx);
  registerOAuthRoutes(ctx);
  registerAnalyticsRoutes(ctx);
  registerAccessRoutes(ctx);
  registerGenerateRoutes(ctx);
  registerChatRoutes(ctx);
  registerPhotoshootRoutes(ctx);
  registerMockupRoutes(ctx);
  registerImageToolRoutes(ctx);
  registerBillingRoutes(ctx);
  registerRedeemRoutes(ctx);
  registerAdminRoutes(ctx);
  registerApiKeyRoutes(ctx);
  registerFactoryRoutes(ctx);
  registerQuotationRoutes(ctx);
  registerPrintRoutes(ctx);
  registerDesignRequestRoutes(ctx);
  registerFontRoutes(ctx);
  registerIdeaRoutes(ctx);
  registerNutritionRoutes(ctx);
  registerEditorRoutes(ctx);
  // --- end route modules ---
}

/** Serves the built SPA: static assets, and index.html for every non-API path (client routes, NotFound). */
async function registerWebApp(app: FastifyInstance, config: Config, ideaForMeta: (id: string) => Promise<SeoIdea | null>): Promise<void> {
  const indexFile = path.join(config.webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ dir: config.webDistDir }, 'web app not built: run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, { root: config.webDistDir, prefix: '/', wildcard: false, index: false, maxAge: '1h' });
  const html = fs.readFileSync(indexFile, 'utf8');
  // A catch-all GET route, not a second not-found handler: the error handler already owns that one.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath.startsWith('/api/') || urlPath.startsWith('/files/') || urlPath.startsWith('/io/') || /\.[a-z0-9]+$/i.test(urlPath)) {
      return reply.status(404).send({ code: 404, msg: `No route ${request.method} ${urlPath}`, data: null });
    }
    reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // Crawlers and link previews run no script: an idea page carries its own title, description and
    // Open Graph image (http/seo-meta.ts). A missing, private or hidden idea keeps the default HTML.
    const ideaId = ideaIdOfPath(urlPath);
    const idea = ideaId ? await ideaForMeta(ideaId).catch(() => null) : null;
    if (!idea) return reply.send(html);
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    return reply.send(injectPageMeta(html, ideaPageMeta(idea, new URL(urlPath, origin).href)));
  });
}
