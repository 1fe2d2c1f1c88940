import { errors, jwtVerify, SignJWT } from 'jose';
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
 * The claims of a token we signed that has not expired; with `type`, only a token of that type.
 * @throws AuthenticationError `token_not_valid` for anything else.
 */
export async function readToken(token: string, type?: TokenType): Promise<TokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'iat', 'jti'] });
    const claims = payload as unknown as Partial<TokenClaims>;
    const valid =
      (claims.token_type === 'access' || claims.token_type === 'refresh') &&
      Number.isSafeInteger(claims.user_id) &&
      Number.isSafeInteger(claims.ver) &&
      typeof claims.jti === 'string';
    if (!valid) throw tokenNotValid();
    if (type && claims.token_type !== type)
      throw new AuthenticationError(ACCOUNT_MESSAGES.tokenWrongType, 'token_not_valid');
    return claims as TokenClaims;
  } catch (error) {
    if (error instanceof AuthenticationError) throw error;
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw tokenNotValid();
    throw error;
  }
}
