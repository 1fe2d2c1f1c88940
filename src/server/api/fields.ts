import { z } from '@hono/zod-openapi';
import { ACCOUNT_MESSAGES as M } from '../accounts/accounts.messages.ts';
import { normalizePhone } from '../accounts/phone.ts';
import { NUL_MESSAGE } from './validation.ts';

/** Body field builders the API groups share, with the Russian messages of DRF's own. */

/** A string body field: "required" when missing, never NUL characters (PostgreSQL cannot store them). */
export const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? M.required : M.notText) })
    .max(max, M.tooLong(max))
    .refine((value) => !value.includes('\0'), NUL_MESSAGE);

export const filled = (max: number) => text(max).refine((value) => value.trim() !== '', M.blank);

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
