import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { LinkSigner } from '../auth/signed-links';
import type { ExportService } from '../export/export.service';
import type { FilesService } from '../files/files.service';
import type { JobsService } from '../jobs/jobs.service';
import type { LiveBus } from '../live/live.bus';
import type { Mailer } from '../mail/mailer';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every module's routes receive. Platform services join here as they are built. */
export type AppDeps = {
  database: Database;
  config: Config;
  mailer: Mailer;
  files: FilesService;
  jobs: JobsService;
  exports: ExportService;
  live: LiveBus;
  links: LinkSigner;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The platform services, for tests and scripts that hold only the app. */
    deps: AppDeps;
  }
}

/** A module plugs its routes in with one of these (listed in src/modules.ts). */
export type RouteModule = { name: string; register: (app: App, deps: AppDeps) => void | Promise<void> };
