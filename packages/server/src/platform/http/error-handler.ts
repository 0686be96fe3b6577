import { APP_MSG, MSG } from '@backhaul/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors';
import { rememberError } from './recent-errors';

const STATUS: Record<AppError['kind'], number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  precondition: 412,
  validation: 422,
  conflict: 409,
  too_many: 429,
  payload_too_large: 413,
  internal: 500,
};

/** Turns zod issues into { field: [messages] }, the field being the dotted path. */
export function fieldErrorsFromZod(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'body';
    const list = out[path] ?? [];
    list.push(issue.message ?? 'Invalid value.');
    out[path] = list;
  }
  return out;
}

/**
 * A 500 is always written to the log, whatever LOG_REQUESTS says, with the request id (also sent back
 * as x-request-id, so a user's report can be matched to its line), the method and the route pattern
 * (not the raw URL, which may carry a token in its query).
 */
function answerInternal(err: unknown, req: FastifyRequest, reply: FastifyReply) {
  req.log.error({ err, method: req.method, route: req.routeOptions.url ?? null }, 'internal error');
  rememberError({
    at: new Date().toISOString(),
    method: req.method,
    route: req.routeOptions.url ?? null,
    request_id: String(req.id),
    message: err instanceof Error ? err.message : String(err),
  });
  return reply.status(500).header('x-request-id', req.id).send({ message: MSG.whoops });
}

/**
 * The only place that knows HTTP statuses. A 500 never carries a stack trace or SQL.
 * `page` answers the unknown non-API paths (the web app's index.html for its history-mode
 * router); Fastify allows one not-found handler per prefix, so it is set here only.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  opts: { page?: (reply: FastifyReply) => unknown } = {},
): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.status(422).send({ message: APP_MSG.validationFailed, errors: fieldErrorsFromZod(err.validation) });
    }
    if (err instanceof AppError) {
      const status = STATUS[err.kind];
      if (status === 500) return answerInternal(err, req, reply);
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      if (status === 404 || status === 412) return reply.status(status).send({ error: { mail: err.message } });
      if (status === 422) return reply.status(422).send({ message: err.message, errors: err.fields ?? {} });
      return reply.status(status).send({ message: err.message });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: 'The file is too large.' });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): a 422 naming the body.
      return reply.status(422).send({ message: APP_MSG.validationFailed, errors: { body: [err.message] } });
    }
    return answerInternal(err, req, reply);
  });

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api')) return reply.status(404).send({ error: { mail: 'Not found' } });
    if (opts.page) return opts.page(reply);
    return reply.status(404).send('Not found');
  });
}
