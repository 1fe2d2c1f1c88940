import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { env } from '../env.ts';
import { AuthenticationError } from '../errors.ts';
import { ACCOUNT_MESSAGES } from './accounts.messages.ts';

export type TokenType = 'access' | 'refresh';

/** The claims of our tokens, named as Simple JWT names them (plus `ver`, the user's auth version). */
export interface TokenClaims {
  token_type: TokenType;
  user_id: number;
  jti: string;
  /** The user's `authVersion` when the token was issued: a later password change voids the token. */
  ver: number;
  exp: number;
  iat: number;
}

const ALGORITHM = 'HS256';
const key = new TextEncoder().encode(env.JWT_SECRET);

export const lifetimeSeconds = (type: TokenType) =>
  type === 'access' ? env.ACCESS_TOKEN_LIFETIME : env.REFRESH_TOKEN_LIFETIME;

/** Signs a token of `type` for the user; `jti` identifies refresh tokens in the database. */
export function signToken(
  type: TokenType,
  claims: { userId: number; version: number; jti: string },
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ token_type: type, user_id: claims.userId, ver: claims.version })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(claims.jti)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds(type))
    .sign(key);
}

export const tokenNotValid = () => new AuthenticationError(ACCOUNT_MESSAGES.tokenNotValid, 'token_not_valid');

/**
 * Tokens whose signature was checked, by their exact text: a session sends the same access token with
 * every call, and checking its signature again each time was a tenth of a signed-in call. Only the very
 * same string finds an entry; its expiry and type are still checked on every use, and what the account
 * allows (active, sessions not ended) is checked by the caller each time (`authenticate.ts`).
 */
const verified = new LRUCache<string, TokenClaims>({ max: 20_000 });

function checked(claims: TokenClaims, type: TokenType | undefined, token: string): TokenClaims {
  // As jose judges it: expired once `exp` is not after the current second.
  if (claims.exp <= Math.floor(Date.now() / 1000)) {
    verified.delete(token);
    throw tokenNotValid();
  }
  if (type && claims.token_type !== type)
    throw new AuthenticationError(ACCOUNT_MESSAGES.tokenWrongType, 'token_not_valid');
  return claims;
}

/**
 * The claims of a token we signed that has not expired; with `type`, only a token of that type.
 * @throws AuthenticationError `token_not_valid` for anything else.
 */
export async function readToken(token: string, type?: TokenType): Promise<TokenClaims> {
  const known = verified.get(token);
  if (known) return checked(known, type, token);
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'jti'] });
    const claims = payload as unknown as Partial<TokenClaims>;
    const valid =
      (claims.token_type === 'access' || claims.token_type === 'refresh') &&
      Number.isSafeInteger(claims.user_id) &&
      Number.isSafeInteger(claims.ver) &&
      typeof claims.jti === 'string';
    if (!valid) throw tokenNotValid();
    verified.set(token, Object.freeze(claims as TokenClaims));
    return checked(claims as TokenClaims, type, token);
  } catch (error) {
    if (error instanceof AuthenticationError) throw error;
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw tokenNotValid();
    throw error;
  }
}
