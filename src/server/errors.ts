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

export type DomainError =
  | NotFoundError
  | PermissionError
  | AuthenticationError
  | ConflictError
  | ValidationError
  | RateLimitError
  | TooLargeError
  | BusyError;

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && 'kind' in error;
}
