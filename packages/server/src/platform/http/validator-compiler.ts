import { refuseUnsafeText } from '@backhaul/shared/schemas/text';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';

/**
 * The zod validator compiler with one rule in front of every contract: no control characters in any
 * string or key of a body, query or params (shared/schemas/text.ts says why). Applying it here rather
 * than in each contract's text fields covers every route, today's and tomorrow's, inline schemas and
 * `z.unknown()` parts included; the 422 names the field like any other contract failure.
 */
export const validatorCompiler: typeof zodValidatorCompiler = (route) =>
  zodValidatorCompiler({ ...route, schema: refuseUnsafeText(route.schema) });
