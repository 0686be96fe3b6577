import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { ROUTE_MODULES } from './modules';
import { registerGuard } from './platform/auth/guard';
import { createLinkSigner, linkSecretSource } from './platform/auth/signed-links';
import { createExportService, setExportService } from './platform/export/export.service';
import { registerPlatformFileEntities } from './platform/files/file-entities';
import { loadFilesEnv, storageFromEnv } from './platform/files/files.config';
import { createFilesService } from './platform/files/files.service';
import { canonicalUrl, registerPathChecks } from './platform/http/canonical-url';
import { answerFrameworkError, registerErrorHandler } from './platform/http/error-handler';
import { type LoggerOptions, loggerOptions } from './platform/http/logger';
import { declareRoutes, trackRoutes } from './platform/http/route-registry';
import { registerSecurityHeaders } from './platform/http/security-headers';
import type { App, AppDeps } from './platform/http/types';
import { validatorCompiler } from './platform/http/validator-compiler';
import { createJobsService } from './platform/jobs/jobs.service';
import { createLiveBus } from './platform/live/live.bus';
import { createMailer, type Mailer } from './platform/mail/mailer';

/** A file of the web build's assets/ folder (Vite puts the content hash in the name). */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;

export type BuildAppOptions = {
  database: Database;
  config: Config;
  mailer?: Mailer;
  /** Request logging (LOG_REQUESTS=1); errors are logged either way. */
  logRequests?: boolean;
  /** Where log lines go (stdout by default). */
  logStream?: LoggerOptions['stream'];
  /** 'worker': `npm run worker` (jobs start at once and always work). */
  role?: 'api' | 'worker';
};

export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    ...loggerOptions({ level: opts.config.LOG_LEVEL, logRequests: opts.logRequests, stream: opts.logStream }),
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
    // One path, one answer: the router sees a single spelling of each path (/%61pi, //api, /api/x/..
    // and /API all reach /api), and the guard decides on the route it matched.
    rewriteUrl: (req) => (req.url?.startsWith('/') ? canonicalUrl(req.url) : (req.url ?? '/')),
    routerOptions: { caseSensitive: false },
    // A path the router cannot read (bad percent-encoding) answers 400 in our shape, like a NUL in it.
    frameworkErrors: answerFrameworkError,
    // No HEAD twin for each GET route of the API (143 routes less to register at start); the web
    // app's files still answer HEAD (@fastify/static declares it).
    exposeHeadRoutes: false,
    // Zod validates and serializes every route: fastify's default compilers (ajv, fast-json-stringify)
    // would only be loaded at start (~150 ms) and never used.
    schemaController: {
      // The factories' types speak of fastify's own compilers; zod's are the ones set below.
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = trackRoutes(app, { docsPublic: opts.config.DOCS_PUBLIC === '1' });
  const webDist = opts.config.WEB_DIST;
  const indexHtml = webDist ? join(webDist, 'index.html') : null;
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  // History-mode router: every non-API path that is not a file answers index.html.
  registerErrorHandler(
    app,
    serveWeb && indexHtml
      ? {
          page: (reply) =>
            reply.type('text/html').header('cache-control', 'no-cache').send(createReadStream(indexHtml)),
        }
      : {},
  );
  await registerSecurityHeaders(app, { corsOrigins: opts.config.CORS_ORIGINS, publicUrl: opts.config.publicUrl });
  registerPathChecks(app);
  await app.register(fastifyCookie);
  // Answers over 1 KB leave compressed as the client accepts (brotli, else gzip): a list's 'All'
  // shrinks ~20×. Low levels, because the CPU is scarcer here than the wire: brotli 3 costs about
  // half of gzip 6 and still packs tighter. Live streams hijack the socket and are not touched.
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 4 },
  });
  const links = createLinkSigner(linkSecretSource(opts.database.db, opts.config.LINK_SECRET));
  registerGuard(app, {
    db: opts.database.db,
    links,
    allowedOrigins: [new URL(opts.config.publicUrl).origin],
  });

  const filesEnv = loadFilesEnv();
  const storage = storageFromEnv(filesEnv, opts.config.dataDir);
  const files = createFilesService({
    db: opts.database.db,
    storage,
    maxBytes: filesEnv.FILE_MAX_BYTES,
  });
  registerPlatformFileEntities(files);
  const mailer =
    opts.mailer ??
    createMailer({ db: opts.database.db, smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM, files });
  const worker = opts.role === 'worker';
  const jobs = createJobsService({
    database: opts.database,
    work: worker || process.env.JOBS_IN_API !== '0',
    eager: worker,
    staleSeconds: Number(process.env.JOB_STALE_SECONDS) || undefined,
  });
  const live = createLiveBus(opts.database);
  const exports = createExportService({
    files,
    jobs,
    threshold: Number(process.env.EXPORT_JOB_THRESHOLD) || undefined,
  });
  setExportService(exports);
  app.addHook('onReady', async () => {
    await live.start();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await live.close();
    mailer.close();
    storage.close?.();
  });
  const deps: AppDeps = { database: opts.database, config: opts.config, mailer, files, jobs, exports, live, links };
  app.decorate('deps', deps);
  await app.register(fastifyMultipart, { limits: { fileSize: files.maxBytes, files: 1 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Backhaul API',
        version: '0.1.0',
        description: 'Back office of a trucking company with its own repair shop.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      for (const mod of ROUTE_MODULES) await mod.register(api as App, deps);
    },
    { prefix: '/api' },
  );

  if (serveWeb && webDist) {
    // The web app's files are public; the index.html fallback for other paths is the not-found handler.
    // Vite names every file under assets/ by its content hash: cached for a year. index.html (and any
    // file without a hash) is revalidated, so a release reaches browsers at once. The build wrote .br
    // and .gz beside each text file (packages/web/vite.config.ts): sent as they are.
    await app.register(async (web) => {
      declareRoutes(web, 'public');
      await web.register(fastifyStatic, {
        root: webDist,
        // One route for every file (a route per file cost ~100 ms of start-up for ~400 files, GET
        // and HEAD); a path that is no file reaches the not-found handler, as before.
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) =>
          reply.header('cache-control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
      });
    });
  }

  return { app, routes, deps };
}
