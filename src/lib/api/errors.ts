import { ApiError } from './api-error.ts';
import type { ApiErrorBody, ApiValidationErrorBody } from './types.ts';

export const NETWORK_ERROR_MESSAGE =
  'Не удалось связаться с сервером. Проверьте подключение к интернету и попробуйте ещё раз.';

function firstValidationMessage(body: ApiValidationErrorBody): string | undefined {
  const nonField = body.non_field_errors?.find((m) => typeof m === 'string');
  if (nonField) return nonField;
  for (const [field, messages] of Object.entries(body)) {
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : undefined;
    if (message) return `${field}: ${message}`;
  }
  return undefined;
}

/**
 * The text a store keeps in its error field: the API's `detail`, else the first 400 field message
 * (as `field: message`), else a Russian network message when no answer came, else the error's own message.
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
