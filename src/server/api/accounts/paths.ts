/** Paths of the accounts API that cookies are scoped to. */
export const API_PATHS = {
  /** The token routes: login, refresh, verify, logout. */
  jwt: '/api/v1/accounts/auth/jwt/',
  /** Activation: the registering browser's marker goes there alone. */
  activation: '/api/v1/accounts/auth/users/activation/',
} as const;
