import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { ROUTE_MODULES } from './modules';
import { registerGuard } from './platform/auth/guard';
import { createExportService, setExportService } from './platform/export/export.service';
import { registerPlatformFileEntities } from './platform/files/file-entities';
import { loadFilesEnv, storageFromEnv } from './platform/files/files.config';
import { createFilesService } from './platform/files/files.service';
import { registerErrorHandler } from './platform/http/error-handler';
import { trackRoutes } from './platform/http/route-registry';
import type { App, AppDeps } from './platform/http/types';
import { createJobsService } from './platform/jobs/jobs.service';
import { createLiveBus } from './platform/live/live.bus';
import { createMailer, type Mailer } from './platform/mail/mailer';

export type BuildAppOptions = {
  database: Database;
  config: Config;
  mailer?: Mailer;
  logger?: boolean;
  /** 'worker': `npm run worker` (jobs start at once and always work). */
  role?: 'api' | 'worker';
};

export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ? { level: opts.config.LOG_LEVEL } : false,
    trustProxy: opts.config.TRUST_PROXY,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = trackRoutes(app);
  const webDist = opts.config.WEB_DIST;
  const serveWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  // History-mode router: every non-API path that is not a file answers index.html.
  registerErrorHandler(app, serveWeb ? { page: (reply) => reply.type('text/html').sendFile('index.html') } : {});
  registerGuard(app, opts.database.db);

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
  const deps: AppDeps = { database: opts.database, config: opts.config, mailer, files, jobs, exports, live };
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

  if (serveWeb && webDist) await app.register(fastifyStatic, { root: webDist, wildcard: false });

  return { app, routes, deps };
}
