/** Typed domain errors; the API's onError and the pages map them to responses in one place each. */
export class NotFoundError extends Error {
  readonly kind = 'not_found' as const;
  constructor(message = 'Not found.') {
    super(message);
  }
}

export class PermissionError extends Error {
  readonly kind = 'permission' as const;
  constructor(message = 'You do not have permission to perform this action.') {
    super(message);
  }
}

export class AuthenticationError extends Error {
  readonly kind = 'authentication' as const;
  readonly code: string;
  constructor(message = 'Authentication credentials were not provided.', code = 'not_authenticated') {
    super(message);
    this.code = code;
  }
}

export class ConflictError extends Error {
  readonly kind = 'conflict' as const;
  /** More of the answer besides `detail` (what conflicts), in the API's snake_case. */
  readonly extra: Record<string, unknown>;
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.extra = extra;
  }
}

/**
 * Errors in DRF's shape: `{field: [messages]}`, nested for nested input (`{payment: {tax_number: [..]}}`,
 * `{items: [{}, {quantity: [..]}]}` with one entry per list item), `non_field_errors` for the whole input.
 */
export type ErrorTree = { [field: string]: string[] | ErrorTree | ErrorTree[] };

export class ValidationError extends Error {
  readonly kind = 'validation' as const;
  readonly fields: ErrorTree;
  constructor(fields: ErrorTree) {
    super(messagesOf(fields).join(' '));
    this.fields = fields;
  }
}

function messagesOf(tree: ErrorTree | ErrorTree[] | string[]): string[] {
  if (Array.isArray(tree)) return tree.flatMap((item) => (typeof item === 'string' ? [item] : messagesOf(item)));
  return Object.values(tree).flatMap((value) => messagesOf(value));
}

export class RateLimitError extends Error {
  readonly kind = 'rate_limit' as const;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Слишком много запросов. Повторите через ${waitText(retryAfterSeconds)}.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** «40 с» or, from a minute and a half on, whole minutes rounded up («46 мин»). */
function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} с` : `${Math.ceil(seconds / 60)} мин`;
}

/** A request body larger than its route takes, found while reading it (a declared length is checked before). */
export class TooLargeError extends Error {
  readonly kind = 'too_large' as const;
  constructor(message = 'Request body is too large.') {
    super(message);
  }
}

/** The process is already doing as much of this work as it takes at once: try again shortly. */
export class BusyError extends Error {
  readonly kind = 'busy' as const;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The database cannot be reached now (it is down, restarting, or its connections were lost): the
 * request may succeed in `retryAfterSeconds`. API answers 503 with `Retry-After`, pages the static 503 page.
 */
export class ServiceUnavailableError extends Error {
  readonly kind = 'unavailable' as const;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 1, options?: ErrorOptions) {
    super('Service temporarily unavailable, try again later.', options);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Why a request to another site failed, as `OutgoingRequestError.reason` says it. */
export type OutgoingFailure =
  'unreachable' | 'timeout' | 'slow' | 'interrupted' | 'certificate' | 'status' | 'too_large' | 'redirects' | 'address';

/**
 * A request the shop made to another site failed (`server/security/outgoing-fetch.ts`): its message says
 * why in words for the staff. Its causes (a DNS or socket error) are that site's, never the database's:
 * `isConnectionError` does not look past it.
 */
export class OutgoingRequestError extends Error {
  readonly outgoing = true as const;
  readonly reason: OutgoingFailure;
  constructor(reason: OutgoingFailure, message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

export type DomainError =
  | NotFoundError
  | PermissionError
  | AuthenticationError
  | ConflictError
  | ValidationError
  | RateLimitError
  | TooLargeError
  | BusyError
  | ServiceUnavailableError;

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && 'kind' in error;
}

/** Node socket errors and the `postgres` driver's own codes for a connection that failed or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/** SQLSTATEs of a server going away: admin or crash shutdown, starting up or shutting down, too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * The error and its causes (Drizzle wraps the driver's error in its own), nearest first; none past a
 * failed request to another site, whose socket errors say nothing of the database.
 */
function* causes(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current && depth < 6; depth += 1) {
    yield current;
    // By its shape, like `isUnavailableError` below.
    if ((current as { outgoing?: unknown }).outgoing === true) return;
    current = (current as { cause?: unknown }).cause;
  }
}

// By its shape, not `instanceof`: the start script and the built server each have a copy of this module.
function isUnavailableError(error: unknown): error is ServiceUnavailableError {
  return (
    error instanceof Error &&
    (error as { kind?: unknown }).kind === 'unavailable' &&
    typeof (error as { retryAfterSeconds?: unknown }).retryAfterSeconds === 'number'
  );
}

/**
 * True when `error` (or a cause) says the database could not be reached (refused, lost or timed-out
 * connections, a server shutting down or starting up), not that the query itself was wrong.
 */
export function isConnectionError(error: unknown): boolean {
  for (const item of causes(error)) {
    if (isUnavailableError(item)) return true;
    const code = (item as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
  }
  return false;
}

/** The `ServiceUnavailableError` that `error` is, wraps or stands for; undefined for any other error. */
export function asUnavailable(error: unknown): ServiceUnavailableError | undefined {
  for (const item of causes(error)) if (isUnavailableError(item)) return item;
  return isConnectionError(error) ? new ServiceUnavailableError(1, { cause: error }) : undefined;
}

/** Whether PostgreSQL refused a write for a unique index (`23505`), however the driver wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** A row others still refer to: PostgreSQL's 23503, or 23001 for `on delete restrict`. */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503') || hasSqlState(error, '23001');
}

/** A row lock asked for with `NOWAIT` that another transaction holds: PostgreSQL's 55P03. */
export function isLockNotAvailable(error: unknown): boolean {
  return hasSqlState(error, '55P03');
}

function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}
