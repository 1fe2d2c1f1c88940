import { z } from '@hono/zod-openapi';
import { ACCOUNT_MESSAGES as M } from '../../accounts/accounts.messages.ts';
import { MAX_PASSWORD_LENGTH } from '../../accounts/passwords.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '../../../shared/countries.ts';
import { safeNextPath } from '../../../shared/paths.ts';
import { email, filled, filledLine, flag, line, phone, text } from '../fields.ts';

/** Request and response bodies of the accounts API, named as djoser and Simple JWT name them. */

const password = () => text(MAX_PASSWORD_LENGTH).openapi({ type: 'string', format: 'password' });
const linkUid = () => filled(64).openapi({ example: 'MTI' });
const linkToken = () => filled(128).openapi({ example: 'tg0b5o-3mZ1...' });
const jwt = () => filled(4096).openapi({ example: 'eyJhbGciOiJIUzI1NiIs...' });

const name = () => line(150);

const country = () =>
  z.enum(COUNTRY_CODES, {
    error: (issue) => (issue.input === undefined ? M.required : M.countryInvalid),
  });

/** A same-site path an activation link returns to (`?next=`): where the person registered from. */
const nextPath = (description: string) =>
  text(2000)
    .refine(
      (value) => value === '' || safeNextPath(value, '') === value,
      'Ожидается путь на этом сайте, например /kg/cart/.',
    )
    .optional()
    .openapi({ description, example: '/kg/cart/' });

export const tokenCreateBody = z.object({ email: filled(254), password: password() }).openapi('TokenObtainPair');
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() }).openapi('TokenPair');
export const tokenRefreshBody = z.object({ refresh: jwt() }).openapi('TokenRefresh');
export const tokenVerifyBody = z.object({ token: jwt() }).openapi('TokenVerify');

export const userCreateBody = z
  .object({
    email: email(),
    password: password(),
    re_password: password(),
    // Optional, as djoser clients expect (`{email, password, re_password}` is a whole registration):
    // checkout asks for the name and phone that delivery needs.
    first_name: name().optional().default(''),
    last_name: name().optional().default(''),
    phone: phone({ allowEmpty: true }).optional().default(''),
    country: country().optional().default(DEFAULT_COUNTRY),
    confirm_later: flag()
      .optional()
      .default(false)
      .openapi({
        description:
          'Checkout: the account is active at once, so the person signs in and orders without waiting for a mail; ' +
          'the confirmation mail of its first order carries the link that confirms the address (the activation ' +
          'endpoint takes it). No activation mail is sent now.',
      }),
    next: nextPath(
      'Where the person registered from (the cart): a path on this site. The activation link in the mail returns ' +
        'there (`?next=`).',
    ),
  })
  .openapi('UserCreate');

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    phone: z.string(),
    organisation: z.string().openapi({ description: 'The clinic for ordering by invoice, as last used.' }),
    tax_number: z.string().openapi({ description: 'Its ИНН or БИН.' }),
    country: z.enum(COUNTRY_CODES),
    is_active: z.boolean(),
    is_staff: z.boolean(),
    is_superuser: z.boolean().openapi({
      description: 'Read-only. Above staff: only a superuser changes `is_staff`, or blocks or deletes a staff account.',
    }),
    can_exchange: z.boolean().openapi({
      description:
        'May run the exchange with 1C (HTTP Basic at `/api/v1/exchange/1c/`); only a superuser grants it, to staff.',
    }),
    date_joined: z.string().openapi({ format: 'date-time' }),
    last_login: z.string().nullable().openapi({ format: 'date-time' }),
  })
  .openapi('User');

export const userUpdateBody = z
  .object({
    first_name: filledLine(150).optional(),
    last_name: name().optional(),
    phone: phone({ allowEmpty: true }).optional(),
    organisation: line(200).optional().openapi({ description: 'The clinic, for ordering by invoice; empty: none.' }),
    tax_number: text(20)
      .transform((value) => value.replace(/\s/g, ''))
      .refine((value) => value === '' || /^\d{10,14}$/.test(value), 'ИНН или БИН: от 10 до 14 цифр.')
      .optional()
      .openapi({
        description: 'ИНН (Kyrgyzstan) or БИН (Kazakhstan) of the organisation, digits; empty: none.',
        example: '01234567891234',
      }),
    country: country().optional(),
    is_active: z.boolean({ error: 'Ожидается true или false.' }).optional().openapi({
      description: 'Staff only; ignored otherwise. Blocking or unblocking a staff account takes a superuser.',
    }),
    is_staff: z
      .boolean({ error: 'Ожидается true или false.' })
      .optional()
      .openapi({ description: 'Superusers only (403 for other staff); ignored for anyone else.' }),
    can_exchange: z.boolean({ error: 'Ожидается true или false.' }).optional().openapi({
      description:
        'The exchange with 1C: superusers only (403 for other staff), for a staff account (400 otherwise); ignored for anyone else.',
    }),
  })
  .openapi('UserUpdate', { description: '`email` cannot be changed here: use set_email/.' });

export const currentPasswordBody = z.object({ current_password: password() }).openapi('CurrentPassword');
export const emailBody = z.object({ email: email() }).openapi('EmailOnly');
export const resendActivationBody = z
  .object({
    email: email(),
    next: nextPath(
      'Where the person registered from, as the registration sent it: the new activation link returns there too.',
    ),
  })
  .openapi('ResendActivation');
export const activationBody = z.object({ uid: linkUid(), token: linkToken() }).openapi('Activation');
export const passwordResetConfirmBody = z
  .object({ uid: linkUid(), token: linkToken(), new_password: password(), re_new_password: password() })
  .openapi('PasswordResetConfirm');
export const emailResetConfirmBody = z
  .object({ uid: linkUid(), token: linkToken(), new_email: email(), re_new_email: email() })
  .openapi('EmailResetConfirm');
export const setPasswordBody = z
  .object({ current_password: password(), new_password: password(), re_new_password: password() })
  .openapi('SetPassword');
export const setEmailBody = z
  .object({ current_password: password(), new_email: email(), re_new_email: email() })
  .openapi('SetEmail');
export const emailChangeConfirmBody = z
  .object({ uid: linkUid(), token: linkToken() })
  .openapi('EmailChangeConfirm', { description: 'The `{uid, token}` of the link mailed to the new address.' });

export const emailParam = z.object({
  email: z
    .string()
    .min(1)
    .max(254)
    .openapi({ param: { name: 'email', in: 'path' }, example: 'doctor@clinic.kg' }),
});

export const userListQuery = {
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ param: { description: 'Staff: part of an email, name or phone.' } }),
};
