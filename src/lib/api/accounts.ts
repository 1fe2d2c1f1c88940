/**
 * The `/accounts/auth/` routes (djoser + Simple JWT, email as the login): one typed call per route.
 * Routes answering 204 resolve to `undefined`. Every call throws `RequiredError` when a mandatory
 * parameter is null or undefined (brief §5), before anything is sent.
 */
import { api, type ApiClient } from './client.ts';
import { compactQuery } from './query.ts';
import { assertRequired } from './required.ts';
import type {
  CountryCode,
  CurrentPasswordInput,
  DeliveryAddress,
  DeliveryAddressInput,
  DeliveryAddressUpdate,
  EmailResetConfirmInput,
  LinkToken,
  LoginCredentials,
  Paginated,
  PasswordResetConfirmInput,
  RegistrationInput,
  SetEmailInput,
  SetPasswordInput,
  TokenPair,
  User,
  UserUpdate,
} from './types.ts';

const AUTH = '/accounts/auth';

/** Checks the body and each of its mandatory fields. */
function assertBody<T extends object>(
  body: T | null | undefined,
  fields: readonly (keyof T & string)[],
  operation: string,
): asserts body is T {
  assertRequired(body, 'body', operation);
  for (const field of fields) assertRequired(body[field], field, operation);
}

function post<T = void>(client: ApiClient, path: string, body: object): Promise<T> {
  return client<T>(`${AUTH}${path}`, { method: 'POST', body });
}

// Tokens

/** Logs in. A wrong email or password and an inactive account all give 401 `no_active_account`. */
export function createToken(credentials: LoginCredentials, client: ApiClient = api): Promise<TokenPair> {
  assertBody(credentials, ['email', 'password'], 'createToken');
  return post<TokenPair>(client, '/jwt/create/', { email: credentials.email, password: credentials.password });
}

/** A new pair for a refresh token; the one sent is revoked (rotation). */
export function refreshToken(refresh: string, client: ApiClient = api): Promise<TokenPair> {
  assertRequired(refresh, 'refresh', 'refreshToken');
  return post<TokenPair>(client, '/jwt/refresh/', { refresh });
}

/** Resolves when the token (access or refresh) is valid; a 401 otherwise. */
export function verifyToken(token: string, client: ApiClient = api): Promise<void> {
  assertRequired(token, 'token', 'verifyToken');
  return post<object>(client, '/jwt/verify/', { token }).then(() => undefined);
}

/** Revokes a refresh token (logout). */
export function blacklistToken(refresh: string, client: ApiClient = api): Promise<void> {
  assertRequired(refresh, 'refresh', 'blacklistToken');
  return post<object>(client, '/jwt/blacklist/', { refresh }).then(() => undefined);
}

// Registration and mailed links

/** Registers an inactive account and mails its activation link. */
export function registerUser(input: RegistrationInput, client: ApiClient = api): Promise<User> {
  assertBody(input, ['email', 'password', 're_password', 'first_name', 'phone'], 'registerUser');
  return post<User>(client, '/users/', input);
}

/**
 * Activates an account. In the browser that registered it (the API's short-lived marker cookie) it is
 * signed in too: the tokens come back; elsewhere nothing does (204).
 */
export function activateUser(link: LinkToken, client: ApiClient = api): Promise<TokenPair | undefined> {
  assertBody(link, ['uid', 'token'], 'activateUser');
  return post<TokenPair | undefined>(client, '/users/activation/', { uid: link.uid, token: link.token });
}

/** Mails the activation link again, returning to `next` (where the person registered from); 204 whatever the email. */
export function resendActivation(
  { email, next }: { email: string; next?: string },
  client: ApiClient = api,
): Promise<void> {
  assertRequired(email, 'email', 'resendActivation');
  return post(client, '/users/resend_activation/', next ? { email, next } : { email });
}

/** Mails a password reset link; 204 whatever the email. */
export function resetPassword(email: string, client: ApiClient = api): Promise<void> {
  assertRequired(email, 'email', 'resetPassword');
  return post(client, '/users/reset_password/', { email });
}

/** Sets a new password from a reset link; every session of the account ends. */
export function resetPasswordConfirm(input: PasswordResetConfirmInput, client: ApiClient = api): Promise<void> {
  assertBody(input, ['uid', 'token', 'new_password', 're_new_password'], 'resetPasswordConfirm');
  return post(client, '/users/reset_password_confirm/', input);
}

/** Mails a link for changing the login email; 204 whatever the email. */
export function resetEmail(email: string, client: ApiClient = api): Promise<void> {
  assertRequired(email, 'email', 'resetEmail');
  return post(client, '/users/reset_email/', { email });
}

export function resetEmailConfirm(input: EmailResetConfirmInput, client: ApiClient = api): Promise<void> {
  assertBody(input, ['uid', 'token', 'new_email', 're_new_email'], 'resetEmailConfirm');
  return post(client, '/users/reset_email_confirm/', input);
}

// The signed-in person

/** Changes the password. Every session ends, this access token too: log in again to stay signed in. */
export function setPassword(input: SetPasswordInput, client: ApiClient = api): Promise<void> {
  assertBody(input, ['current_password', 'new_password', 're_new_password'], 'setPassword');
  return post(client, '/users/set_password/', input);
}

export function setEmail(input: SetEmailInput, client: ApiClient = api): Promise<void> {
  assertBody(input, ['current_password', 'new_email', 're_new_email'], 'setEmail');
  return post(client, '/users/set_email/', input);
}

const ME = `${AUTH}/users/me/`;

export function getMe(client: ApiClient = api): Promise<User> {
  return client<User>(ME);
}

export function updateMe(update: UserUpdate, client: ApiClient = api): Promise<User> {
  assertRequired(update, 'update', 'updateMe');
  return client<User>(ME, { method: 'PUT', body: update });
}

export function patchMe(update: UserUpdate, client: ApiClient = api): Promise<User> {
  assertRequired(update, 'update', 'patchMe');
  return client<User>(ME, { method: 'PATCH', body: update });
}

/** Deletes the account after checking the current password; personal data is erased and sessions end. */
export function deleteMe(input: CurrentPasswordInput, client: ApiClient = api): Promise<void> {
  assertBody(input, ['current_password'], 'deleteMe');
  return client<void>(ME, { method: 'DELETE', body: { current_password: input.current_password } });
}

// Any account: staff, or the person themself

export interface UserListQuery {
  limit?: number;
  offset?: number;
  /** Staff: part of an email, name or phone. */
  search?: string;
}

/** Staff get every account, anyone else a page holding only their own. */
export function listUsers(query: UserListQuery = {}, client: ApiClient = api): Promise<Paginated<User>> {
  return client<Paginated<User>>(`${AUTH}/users/`, { query: compactQuery({ ...query }) });
}

const userPath = (email: string) => `${AUTH}/users/${encodeURIComponent(email)}/`;

export function getUser(email: string, client: ApiClient = api): Promise<User> {
  assertRequired(email, 'email', 'getUser');
  return client<User>(userPath(email));
}

export function updateUser(email: string, update: UserUpdate, client: ApiClient = api): Promise<User> {
  assertRequired(email, 'email', 'updateUser');
  assertRequired(update, 'update', 'updateUser');
  return client<User>(userPath(email), { method: 'PUT', body: update });
}

export function patchUser(email: string, update: UserUpdate, client: ApiClient = api): Promise<User> {
  assertRequired(email, 'email', 'patchUser');
  assertRequired(update, 'update', 'patchUser');
  return client<User>(userPath(email), { method: 'PATCH', body: update });
}

/** `current_password` is the password of the person asking (staff deleting someone else give their own). */
export function deleteUser(email: string, input: CurrentPasswordInput, client: ApiClient = api): Promise<void> {
  assertRequired(email, 'email', 'deleteUser');
  assertBody(input, ['current_password'], 'deleteUser');
  return client<void>(userPath(email), { method: 'DELETE', body: { current_password: input.current_password } });
}

// Delivery addresses (`/accounts/addresses/`)

const ADDRESSES = '/accounts/addresses/';

/** The signed-in person's delivery addresses, the one used last first; of one country when given. */
export function listAddresses(
  query: { country?: CountryCode; limit?: number; offset?: number } = {},
  client: ApiClient = api,
): Promise<Paginated<DeliveryAddress>> {
  return client<Paginated<DeliveryAddress>>(ADDRESSES, { query: compactQuery(query) });
}

/** Saves an address; it becomes the one checkout offers first. */
export function createAddress(input: DeliveryAddressInput, client: ApiClient = api): Promise<DeliveryAddress> {
  assertBody(input, ['country', 'city', 'address'], 'createAddress');
  return client<DeliveryAddress>(ADDRESSES, { method: 'POST', body: input });
}

/** Changes an address, or (`use: true`) makes it the one checkout offers first. */
export function updateAddress(
  id: number,
  update: DeliveryAddressUpdate,
  client: ApiClient = api,
): Promise<DeliveryAddress> {
  assertRequired(id, 'id', 'updateAddress');
  assertRequired(update, 'update', 'updateAddress');
  return client<DeliveryAddress>(`${ADDRESSES}${id}/`, { method: 'PATCH', body: update });
}

export function deleteAddress(id: number, client: ApiClient = api): Promise<void> {
  assertRequired(id, 'id', 'deleteAddress');
  return client<void>(`${ADDRESSES}${id}/`, { method: 'DELETE' });
}
