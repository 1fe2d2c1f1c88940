import { z } from '@hono/zod-openapi';
import { ACCOUNT_MESSAGES as M } from '../accounts/accounts.messages.ts';
import { normalizePhone } from '../../shared/phone-input.ts';
import { isWebLink, WEB_LINK_INVALID } from '../../shared/web-link.ts';
import { toSingleLine } from '../../shared/control-characters.ts';
import { MAX_ID } from '../ids.ts';

/** Field builders the API groups share, for bodies and query strings, with the Russian messages of DRF's own. */

/** DRF refuses NUL characters in any text field; PostgreSQL cannot store them either. */
export const NUL_MESSAGE = 'Нулевые символы (NUL) не допускаются.';

/** A string body field: "required" when missing, never NUL characters (PostgreSQL cannot store them). */
export const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? M.required : M.notText) })
    .max(max, M.tooLong(max))
    .refine((value) => !value.includes('\0'), NUL_MESSAGE);

/** An optional web address (a cloud folder with a model): empty, or http(s) with a host. */
export const webLink = (max: number) =>
  text(max)
    .transform((value) => value.trim())
    .refine((value) => value === '' || isWebLink(value), WEB_LINK_INVALID)
    .optional()
    .default('')
    .openapi({ type: 'string', format: 'uri' });

/** A true/false body field, as DRF's BooleanField says when it is neither. */
export const flag = () => z.boolean({ error: 'Ожидается true или false.' });

export const filled = (max: number) => text(max).refine((value) => value.trim() !== '', M.blank);

/**
 * A one-line string field (a name, a subject, a city): its line breaks and tabs become spaces, other
 * control and bidirectional formatting characters are dropped, white space is collapsed and trimmed,
 * so nothing typed into it can start a new line in a mail header or a log. `max` counts what was sent.
 */
export const line = (max: number) => text(max).transform(toSingleLine);

/** A one-line field that must say something. */
export const filledLine = (max: number) => line(max).refine((value) => value !== '', M.blank);

export const email = () =>
  text(254)
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.string().min(1, M.blank).pipe(z.email(M.emailInvalid)))
    .openapi({ type: 'string', format: 'email', example: 'doctor@clinic.kg' });

/** `allowEmpty`: an empty value means no phone (registration, profile updates). */
export const phone = ({ allowEmpty = false } = {}) =>
  text(30)
    .transform((value, ctx) => {
      if (allowEmpty && value.trim() === '') return '';
      const normalized = normalizePhone(value);
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: M.phoneInvalid });
        return z.NEVER;
      }
      return normalized;
    })
    .openapi({ type: 'string', example: '+996555123456', description: 'Stored as + and digits.' });

/** Optional trimmed text from a query string. */
export const queryText = (max = 200) => z.string().trim().max(max).optional();

/** Non-negative integer from a query string, at most an id's range unless `max` says otherwise. */
export const queryInt = (opts: { min?: number; max?: number } = {}) =>
  z
    .string()
    .regex(/^\d+$/, 'Введите целое число.')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(opts.min ?? 0)
        .max(opts.max ?? MAX_ID),
    )
    .optional();

/** A row's id in a JSON body: a whole number from 1 to the largest id, `message` for anything else. */
export const bodyId = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message);

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
