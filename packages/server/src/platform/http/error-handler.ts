import { APP_MSG, MSG } from '@backhaul/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors';
import { hasBackslash } from './canonical-url';
import { HTTP_MSG } from './http-messages';
import { rememberError } from './recent-errors';

const STATUS: Record<AppError['kind'], number> = {
  bad_request: 400,
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
      // Details add keys; they never replace the message the spec's front end reads.
      const details = err.details ?? {};
      if (status === 404 || status === 412)
        return reply.status(status).send({ ...details, error: { mail: err.message } });
      if (status === 422) return reply.status(422).send({ ...details, message: err.message, errors: err.fields ?? {} });
      return reply.status(status).send({ ...details, message: err.message });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    const code = (err as FastifyError).code;
    if (status === 413) {
      // A multipart file over its limit (when a route reads it without readUpload); any other 413 is
      // the body limit of a JSON or form request, which is no file.
      if (code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send({ message: HTTP_MSG.fileTooLarge });
      return reply.status(413).send({ message: HTTP_MSG.bodyTooLarge(req.routeOptions.bodyLimit) });
    }
    // The web app's files refuse a path that is not in canonical form (a backslash, an encoded
    // separator): it names no file, so it is not found.
    if (code === 'FST_STATIC_FORBIDDEN_PATH') return answerNotFound(req, reply);
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): a 422 naming the body.
      return reply.status(422).send({ message: APP_MSG.validationFailed, errors: { body: [err.message] } });
    }
    return answerInternal(err, req, reply);
  });

  app.setNotFoundHandler((req, reply) => {
    // A path with a backslash is no page of the web app either (a separator only on Windows).
    if (opts.page && !req.url.startsWith('/api') && !hasBackslash(req.url)) return opts.page(reply);
    return answerNotFound(req, reply);
  });
}

function answerNotFound(req: FastifyRequest, reply: FastifyReply) {
  if (req.url.startsWith('/api')) return reply.status(404).send({ error: { mail: 'Not found' } });
  return reply.status(404).send('Not found');
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot read (malformed percent-encoding, a parameter
 * over its length) gets the same 400 body as a NUL in the path (canonical-url.ts), not fastify's own.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // This reply belongs to no route (no serializer): the body goes as JSON text.
  const send = (status: number, message: string) =>
    reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify({ message }));
  const status = err.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err }, 'internal error');
    return send(500, MSG.whoops);
  }
  return send(status, status === 414 ? HTTP_MSG.pathTooLong : HTTP_MSG.badPath);
}
