import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import * as s from './accounts.schemas.ts';

const BASE = '/accounts/auth';
const tags = ['Accounts'];

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const noContent = { 204: { description: 'Done; no body' } };
const invalid = { 400: jsonContent(fieldErrorsSchema, 'Invalid input: `{field: [messages]}`') };
const unauthorized = {
  401: jsonContent(detailSchema, 'No valid access token (`not_authenticated`, `token_not_valid`)'),
};
const throttled = { 429: jsonContent(detailSchema, 'Too many attempts; see the Retry-After header') };
const forbidden = { 403: jsonContent(detailSchema, 'Not allowed') };
const notFound = { 404: jsonContent(detailSchema, 'No such account') };
const bearer = [{ bearerAuth: [] }];

function post<P extends string, R extends RouteConfig['request'], Res extends RouteConfig['responses']>(
  path: P,
  config: { operationId: string; summary: string; description?: string; request: R; responses: Res; auth?: boolean },
) {
  const { auth, ...rest } = config;
  return createRoute({
    method: 'post',
    path: `${BASE}${path}` as `/accounts/auth${P}`,
    tags,
    ...rest,
    ...(auth ? { security: bearer } : {}),
  });
}

export const createToken = post('/jwt/create/', {
  operationId: 'accounts_auth_jwt_create_create',
  summary: 'Log in: an access and a refresh token for an email and password',
  description: 'An unknown email, a wrong password and an inactive account all get the same 401 `no_active_account`.',
  request: body(s.tokenCreateBody),
  responses: {
    200: jsonContent(s.tokenPairSchema, 'The tokens'),
    ...invalid,
    401: jsonContent(detailSchema, '`no_active_account`'),
    ...throttled,
  },
});

export const refreshToken = post('/jwt/refresh/', {
  operationId: 'accounts_auth_jwt_refresh_create',
  summary: 'A new access token and a new refresh token; the one sent is revoked',
  request: body(s.tokenRefreshBody),
  responses: {
    200: jsonContent(s.tokenPairSchema, 'The new tokens'),
    ...invalid,
    401: jsonContent(detailSchema, '`token_not_valid`'),
  },
});

export const verifyToken = post('/jwt/verify/', {
  operationId: 'accounts_auth_jwt_verify_create',
  summary: 'Whether a token (access or refresh) is valid',
  request: body(s.tokenVerifyBody),
  responses: {
    200: jsonContent(z.object({}), 'Valid'),
    ...invalid,
    401: jsonContent(detailSchema, '`token_not_valid`'),
  },
});

export const blacklistToken = post('/jwt/blacklist/', {
  operationId: 'accounts_auth_jwt_blacklist_create',
  summary: 'Log out: revoke a refresh token',
  request: body(s.tokenRefreshBody),
  responses: {
    200: jsonContent(z.object({}), 'Revoked'),
    ...invalid,
    401: jsonContent(detailSchema, '`token_not_valid`'),
  },
});

export const register = post('/users/', {
  operationId: 'accounts_auth_users_create',
  summary: 'Register; the account stays inactive until the mailed activation link is followed',
  request: body(s.userCreateBody),
  responses: { 201: jsonContent(s.userSchema, 'The new, inactive account'), ...invalid, ...throttled },
});

export const activate = post('/users/activation/', {
  operationId: 'accounts_auth_users_activation_create',
  summary: 'Activate an account with the `{uid, token}` of its activation link',
  description:
    'Registering sets a short-lived `HttpOnly` cookie (`activation_device`, 2 hours, this path only) in the browser ' +
    'that sent it. Activation from that browser also signs the new account in: 200 with a token pair, and the ' +
    'cookie is cleared. From anywhere else (the link alone) the account is only activated: 204, as djoser answers.',
  request: body(s.activationBody),
  responses: {
    200: jsonContent(s.tokenPairSchema, 'Activated in the browser that registered: signed in'),
    ...noContent,
    ...invalid,
    403: jsonContent(detailSchema, 'Already active'),
  },
});

export const resendActivation = post('/users/resend_activation/', {
  operationId: 'accounts_auth_users_resend_activation_create',
  summary: 'Mail the activation link again (204 whatever the email)',
  request: body(s.resendActivationBody),
  responses: { ...noContent, ...invalid, ...throttled },
});

export const resetPassword = post('/users/reset_password/', {
  operationId: 'accounts_auth_users_reset_password_create',
  summary: 'Mail a password reset link (204 whatever the email)',
  request: body(s.emailBody),
  responses: { ...noContent, ...invalid, ...throttled },
});

export const resetPasswordConfirm = post('/users/reset_password_confirm/', {
  operationId: 'accounts_auth_users_reset_password_confirm_create',
  summary: 'Set a new password with the `{uid, token}` of a reset link; every session of the account ends',
  request: body(s.passwordResetConfirmBody),
  responses: { ...noContent, ...invalid },
});

export const resetEmail = post('/users/reset_email/', {
  operationId: 'accounts_auth_users_reset_email_create',
  summary: 'Mail a link for changing the login email (204 whatever the email)',
  request: body(s.emailBody),
  responses: { ...noContent, ...invalid, ...throttled },
});

const emailChangeWaits =
  'The login changes only when the new address confirms it by the link mailed to it (`set_email_confirm/`); ' +
  'the answer is 204 whether or not the new address has an account (its owner is mailed instead of a link), ' +
  'and the old address is told with the new one masked. Counts against the account mails: 10 an hour per ' +
  'client address, 3 per new address, 5 per account (429).';

export const resetEmailConfirm = post('/users/reset_email_confirm/', {
  operationId: 'accounts_auth_users_reset_email_confirm_create',
  summary: 'Ask to change the login email with the `{uid, token}` of an email reset link',
  description: emailChangeWaits,
  request: body(s.emailResetConfirmBody),
  responses: { ...noContent, ...invalid, ...throttled },
});

export const setPassword = post('/users/set_password/', {
  operationId: 'accounts_auth_users_set_password_create',
  auth: true,
  summary: 'Change the password; every session ends, including this access token: log in again',
  description: 'After 10 wrong `current_password` values in 10 minutes the account gets 429 until the window ends.',
  request: body(s.setPasswordBody),
  responses: { ...noContent, ...invalid, ...unauthorized, ...throttled },
});

export const setEmail = post('/users/set_email/', {
  operationId: 'accounts_auth_users_set_email_create',
  auth: true,
  summary: 'Ask to change the login email; the new address confirms it by a mailed link',
  description: `${emailChangeWaits} After 10 wrong \`current_password\` values in 10 minutes the account gets 429 until the window ends.`,
  request: body(s.setEmailBody),
  responses: { ...noContent, ...invalid, ...unauthorized, ...throttled },
});

export const setEmailConfirm = post('/users/set_email_confirm/', {
  operationId: 'accounts_auth_users_set_email_confirm_create',
  summary: 'Change the login email to the address asked for, with the `{uid, token}` of the link mailed to it',
  description:
    'Once: the change spends the link. The address is confirmed by it. 400 for a bad or used link, or when the ' +
    'address has got an account of its own since.',
  request: body(s.emailChangeConfirmBody),
  responses: { ...noContent, ...invalid },
});

type UserMethod = 'get' | 'put' | 'patch' | 'delete';

function userRoutes<
  P extends string,
  Params extends { params?: typeof s.emailParam },
  Others extends RouteConfig['responses'],
>(path: P, who: string, operationIds: Record<UserMethod, string>, params: Params, others: Others) {
  const common = { path: `${BASE}${path}` as `/accounts/auth${P}`, tags, security: bearer };
  return {
    get: createRoute({
      ...common,
      operationId: operationIds.get,
      method: 'get',
      summary: `${who}: the profile`,
      request: { ...params },
      responses: { 200: jsonContent(s.userSchema, 'The account'), ...invalid, ...unauthorized, ...others },
    }),
    put: createRoute({
      ...common,
      operationId: operationIds.put,
      method: 'put',
      summary: `${who}: update the profile`,
      request: { ...params, ...body(s.userUpdateBody) },
      responses: { 200: jsonContent(s.userSchema, 'The updated account'), ...invalid, ...unauthorized, ...others },
    }),
    patch: createRoute({
      ...common,
      operationId: operationIds.patch,
      method: 'patch',
      summary: `${who}: update some profile fields`,
      request: { ...params, ...body(s.userUpdateBody) },
      responses: { 200: jsonContent(s.userSchema, 'The updated account'), ...invalid, ...unauthorized, ...others },
    }),
    delete: createRoute({
      ...common,
      operationId: operationIds.delete,
      method: 'delete',
      summary: `${who}: delete the account, confirmed with the current password of the person asking`,
      description:
        'Personal data is erased and every session ends; orders stay in the shop records without it. Wrong passwords count like those of `set_password/`.',
      request: { ...params, ...body(s.currentPasswordBody) },
      responses: { ...noContent, ...invalid, ...unauthorized, ...others, ...throttled },
    }),
  };
}

export const me = userRoutes(
  '/users/me/',
  'The signed-in person',
  {
    get: 'accounts_auth_users_me_retrieve',
    put: 'accounts_auth_users_me_update',
    patch: 'accounts_auth_users_me_partial_update',
    delete: 'accounts_auth_users_me_destroy',
  },
  {},
  {},
);

export const byEmail = userRoutes(
  '/users/{email}/',
  'Staff, or the person themself',
  {
    get: 'accounts_auth_users_retrieve',
    put: 'accounts_auth_users_update',
    patch: 'accounts_auth_users_partial_update',
    delete: 'accounts_auth_users_destroy',
  },
  { params: s.emailParam },
  { ...forbidden, ...notFound },
);

export const listUsers = createRoute({
  operationId: 'accounts_auth_users_list',
  method: 'get',
  path: `${BASE}/users/`,
  tags,
  security: bearer,
  summary: 'Accounts: staff see every account, anyone else only their own',
  request: { query: z.object({ ...s.userListQuery, ...paginationQuery(12) }) },
  responses: { 200: jsonContent(pageSchema(s.userSchema), 'A page of accounts'), ...invalid, ...unauthorized },
});
