import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
import { registerErrorHandler } from './platform/http/error-handler';
import { trackRoutes } from './platform/http/route-registry';
import type { App, AppDeps } from './platform/http/types';
import { createMailer, type Mailer } from './platform/mail/mailer';

export type BuildAppOptions = { database: Database; config: Config; mailer?: Mailer; logger?: boolean };

export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    logger: opts.logger ? { level: opts.config.LOG_LEVEL } : false,
    trustProxy: true,
    bodyLimit: 5 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = trackRoutes(app);
  registerErrorHandler(app);
  registerGuard(app, opts.database.db);

  const mailer =
    opts.mailer ?? createMailer({ db: opts.database.db, smtpUrl: opts.config.SMTP_URL, from: opts.config.MAIL_FROM });
  app.addHook('onClose', async () => mailer.close());
  const deps: AppDeps = { database: opts.database, config: opts.config, mailer };

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

  const webDist = opts.config.WEB_DIST;
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false });
    // History-mode router: every non-API path that is not a file answers index.html.
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api')) return reply.status(404).send({ error: { mail: 'Not found' } });
      return reply.type('text/html').sendFile('index.html');
    });
  }

  return { app, routes, deps };
}
