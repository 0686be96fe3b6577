import { randomUUID } from 'node:crypto';
import { type FastifyServerOptions, LogController } from 'fastify';

export type LoggerOptions = {
  level: string;
  /** Log every request and response (LOG_REQUESTS=1); errors are logged either way. */
  logRequests?: boolean;
  /** Where log lines go (stdout by default); tests capture them here. */
  stream?: { write(line: string): void };
};

/** A query's `token=` value (file links, the live stream) never reaches a log line. */
const redactToken = (url: string) => url.replace(/([?&]token=)[^&]*/gi, '$1[redacted]');

/**
 * The app's logger options. The logger always exists, so a 500 is always written with its request id
 * (a UUID, unique across restarts); LOG_REQUESTS only adds the per-request lines.
 */
export function loggerOptions(
  opts: LoggerOptions,
): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level: opts.level,
      ...(opts.stream ? { stream: opts.stream } : {}),
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactToken(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    logController: new LogController({ disableRequestLogging: !opts.logRequests }),
    genReqId: () => randomUUID(),
  };
}
