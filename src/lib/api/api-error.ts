import type { ApiErrorBody, ApiValidationErrorBody } from './types.ts';

/**
 * The one error every API call of the browser rejects with (`fetch` calls and uploads alike), so
 * forms and stores read failures the same way: `status`, `response` and the parsed body in `data`
 * when the server answered; none of them when no answer came (network failure, abort).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status of the answer; undefined when none came. */
  status: number | undefined;
  statusText: string | undefined;
  /** The parsed answer body (JSON, or the text when it is not JSON). */
  data: unknown;
  response: Response | undefined;

  constructor(message: string, init: { response?: Response; data?: unknown; cause?: unknown } = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.response = init.response;
    this.status = init.response?.status;
    this.statusText = init.response?.statusText;
    this.data = init.data;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** `[METHOD] "url": 400 Bad Request`, or `<no response> reason` when none came. */
export function apiErrorFor(
  method: string,
  url: string,
  outcome: { response: Response; data: unknown } | { cause: unknown },
): ApiError {
  if ('response' in outcome) {
    const { response, data } = outcome;
    return new ApiError(`[${method}] "${url}": ${response.status} ${response.statusText}`.trimEnd(), {
      response,
      data,
    });
  }
  const reason = outcome.cause instanceof Error ? outcome.cause.message : String(outcome.cause);
  return new ApiError(`[${method}] "${url}": <no response> ${reason}`, { cause: outcome.cause });
}

/** The body of an answer: `undefined` when empty, the JSON value when it parses, else the text. */
export function parseAnswerBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Не удалось связаться с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';

/** The first message of a 400's tree (`{field: [...]}`, nested per object or list item), depth first. */
function firstMessage(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (!value || typeof value !== 'object') return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const message = firstMessage(item);
    if (message) return message;
  }
  return undefined;
}

function firstValidationMessage(body: ApiValidationErrorBody): string | undefined {
  return firstMessage(body.non_field_errors) ?? firstMessage(body);
}

/**
 * The text a store keeps in its error field: the API's `detail`, else the first 400 message (a sentence
 * for people: the field's name is the API's, never shown), else a Russian network message when no answer
 * came, else the error's own message.
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const data: unknown = error.data;
    if (data && typeof data === 'object') {
      const detail = (data as Partial<ApiErrorBody>).detail;
      if (typeof detail === 'string' && detail) return detail;
      const validation = firstValidationMessage(data as ApiValidationErrorBody);
      if (validation) return validation;
    }
    if (!error.response) return NETWORK_ERROR_MESSAGE;
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}
