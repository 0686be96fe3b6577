import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
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
import { canonicalUrl } from './platform/http/canonical-url';
import { registerErrorHandler } from './platform/http/error-handler';
import { type LoggerOptions, loggerOptions } from './platform/http/logger';
import { declareRoutes, trackRoutes } from './platform/http/route-registry';
import { registerSecurityHeaders } from './platform/http/security-headers';
import type { App, AppDeps } from './platform/http/types';
import { validatorCompiler } from './platform/http/validator-compiler';
import { createJobsService } from './platform/jobs/jobs.service';
import { createLiveBus } from './platform/live/live.bus';
import { createMailer, type Mailer } from './platform/mail/mailer';

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
  await registerSecurityHeaders(app, { corsOrigins: opts.config.CORS_ORIGINS });
  await app.register(fastifyCookie);
  const links = createLinkSigner(linkSecretSource(opts.database.db, opts.config.LINK_SECRET));
  registerGuard(app, {
    db: opts.database.db,
    links,
    allowedOrigins: [new URL(opts.config.publicUrl).origin],
  });

  const filesEnv = loadFilesEnv();
  const files = createFilesService({
    db: opts.database.db,
    storage: storageFromEnv(filesEnv, opts.config.dataDir),
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
    await app.register(async (web) => {
      declareRoutes(web, 'public');
      await web.register(fastifyStatic, { root: webDist, wildcard: false });
    });
  }

  return { app, routes, deps };
}
