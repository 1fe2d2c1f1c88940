import { ApiError, apiErrorMessage } from '~/lib/api/api-error.ts';

/** What a form says when the API gives no text of its own, or an English one. */
export const FORM_TEXT = {
  required: 'Заполните это поле.',
  sessionEnded:
    'Сеанс завершён: вы вышли из системы или сменили пароль на другом устройстве. Войдите снова, чтобы продолжить.',
  serverError: 'На сервере что-то пошло не так. Попробуйте ещё раз через несколько минут.',
} as const;

/** The code a checkout gives itself when the typed address already has an account (it offers to sign in). */
export const ACCOUNT_EXISTS = 'account_exists';

/** Texts for API error `code`s that a form knows better than the API's own words (`no_active_account` → ...). */
export type CodeTexts = Readonly<Record<string, string>>;

/** A failed submit as a form shows it: messages under fields, and messages for the form as a whole. */
export interface FormErrors {
  fields: Record<string, string[]>;
  form: string[];
  /** The API's error `code` (401 `no_active_account`, `token_not_valid`...), for forms that add a hint. */
  code?: string;
  status?: number;
  /** Fields of a 400 answer the form does not have (a link's `uid`, `token`): their messages are in `form`. */
  otherFields?: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, form: [] };

export function hasErrors(errors: FormErrors): boolean {
  return errors.form.length > 0 || Object.keys(errors.fields).length > 0;
}

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string' && m !== '') : [];
}

/**
 * Turns an API error (an `ApiError`, or the same from `uploadForm`) into form errors. A
 * 400's `{field: [messages]}` goes under the fields the form has (`fieldNames`); `non_field_errors`
 * and fields the form lacks (the `uid`/`token` of a link) go to the form. Any other answer gives one
 * form message: the text `codeTexts` has for its `code`, else for a 401 the ended-session text, a
 * generic text for 5xx, a 429's or 403's `detail` as it is, the network message when no answer came.
 */
export function toFormErrors(error: unknown, fieldNames: readonly string[], codeTexts: CodeTexts = {}): FormErrors {
  if (!(error instanceof ApiError) || !error.response) return { fields: {}, form: [apiErrorMessage(error)] };
  const status = error.status ?? error.response.status;
  const data: unknown = error.data;
  const body = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const code = typeof body.code === 'string' ? body.code : undefined;
  if (status === 400) {
    const result: FormErrors = { fields: {}, form: [], status, code, otherFields: [] };
    for (const [key, value] of Object.entries(body)) {
      const messages = messagesOf(value);
      if (messages.length === 0) continue;
      if (fieldNames.includes(key)) result.fields[key] = messages;
      else result.form.push(...messages);
      if (!fieldNames.includes(key) && key !== 'non_field_errors') result.otherFields!.push(key);
    }
    if (hasErrors(result)) return result;
  }
  const known = code !== undefined && Object.hasOwn(codeTexts, code) ? codeTexts[code] : undefined;
  if (status === 401)
    return { fields: {}, form: [known ?? FORM_TEXT.sessionEnded], status, code: code ?? 'not_authenticated' };
  if (known) return { fields: {}, form: [known], status, code };
  if (status >= 500) return { fields: {}, form: [FORM_TEXT.serverError], status };
  const detail = typeof body.detail === 'string' && body.detail ? body.detail : apiErrorMessage(error);
  return { fields: {}, form: [detail], status, code };
}

/** Required fields left blank, each with the "fill this in" message. */
export function blankFields(values: Record<string, string>, required: readonly string[]): FormErrors {
  const fields: Record<string, string[]> = {};
  for (const name of required) if (!values[name]?.trim()) fields[name] = [FORM_TEXT.required];
  return { fields, form: [] };
}
