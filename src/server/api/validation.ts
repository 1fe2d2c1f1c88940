import { z } from '@hono/zod-openapi';

/** DRF refuses NUL characters in any text field; PostgreSQL cannot store them either. */
export const NUL_MESSAGE = 'Нулевые символы (NUL) не допускаются.';

/** Maps zod issues to DRF field errors; issues without a path go to `non_field_errors`. */
export function zodIssuesToFields(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/** Optional trimmed text from a query string. */
export const queryText = (max = 200) => z.string().trim().max(max).optional();

/** Non-negative integer from a query string. */
export const queryInt = (opts: { min?: number; max?: number } = {}) =>
  z
    .string()
    .regex(/^\d+$/, 'Введите целое число.')
    .transform(Number)
    .pipe(z.number().int().min(opts.min ?? 0).max(opts.max ?? Number.MAX_SAFE_INTEGER))
    .optional();

export const queryBoolean = () =>
  z
    .enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'Ожидается true или false.' })
    .transform((v) => v === 'true' || v === '1' || v === 'True')
    .optional();

export const queryDecimal = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Введите неотрицательное число, например 1500 или 1500.50.')
    .optional();
