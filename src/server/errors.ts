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
}

/** Field errors in the DRF shape: `{field: [messages]}`, with `non_field_errors` for the whole input. */
export class ValidationError extends Error {
  readonly kind = 'validation' as const;
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super(Object.values(fields).flat().join(' '));
    this.fields = fields;
  }
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

export type DomainError =
  | NotFoundError
  | PermissionError
  | AuthenticationError
  | ConflictError
  | ValidationError
  | RateLimitError;

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && 'kind' in error;
}
