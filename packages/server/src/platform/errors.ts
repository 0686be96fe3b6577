/**
 * The one error type. Services throw AppError; only the HTTP error handler knows status codes.
 */
export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'precondition'
  | 'validation'
  | 'conflict'
  | 'too_many'
  | 'payload_too_large'
  | 'internal';

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly fields: FieldErrors | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Keys the answer carries besides its message, e.g. a refused delete's `held_by` and `can_deactivate`. */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    kind: AppErrorKind,
    message: string,
    opts: { fields?: FieldErrors; retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.details = opts.details;
  }

  /** 400: the request itself is malformed (its path), before any field could be named. */
  static badRequest(message: string) {
    return new AppError('bad_request', message);
  }
  static unauthorized(message = 'You are not authorized') {
    return new AppError('unauthorized', message);
  }
  static forbidden(message = 'You do not have permission to do this.') {
    return new AppError('forbidden', message);
  }
  static notFound(message = 'The record was not found.') {
    return new AppError('not_found', message);
  }
  /** 412: a rule of the business refuses the request; the web alerts the message. `details` go beside it. */
  static precondition(message: string, details?: Record<string, unknown>) {
    return new AppError('precondition', message, details ? { details } : {});
  }
  static validation(fields: FieldErrors, message = 'The given data was invalid.') {
    return new AppError('validation', message, { fields });
  }
  /** One field's message: the common case of a rule checked in a service. */
  static invalidField(field: string, message: string) {
    return AppError.validation({ [field]: [message] });
  }
  static conflict(message: string) {
    return new AppError('conflict', message);
  }
  static tooMany(message: string, retryAfterSeconds: number) {
    return new AppError('too_many', message, { retryAfterSeconds });
  }
}
