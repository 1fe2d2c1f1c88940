/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that has
 * signed in to an account gets a signed token naming that account, and later logins to it from that
 * browser are not held back by the wait that failures from everywhere else bring on the account's
 * email. A botnet guessing a password can slow down strangers, never the owner at their own computer.
 */
import { createHash, createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { env } from '../env.ts';
import { normalizeEmail } from './users.queries.ts';

/** The cookie's name; the API sets it on the login route's path only, `HttpOnly`. */
export const DEVICE_COOKIE = 'device';
/** How long a browser stays known after its last login to the account: a year. */
export const DEVICE_COOKIE_LIFETIME_SECONDS = 365 * 86_400;

// Its own key, derived from JWT_SECRET: a device token can never pass for an access or refresh token.
const key = createHmac('sha256', env.JWT_SECRET).update('device-cookie').digest();
const ALGORITHM = 'HS256';

// The account is named by a digest of its email, so the cookie carries no address.
const subjectOf = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('base64url');

/** A new device token for a browser that has just signed in with `email`. */
export function issueDeviceToken(email: string, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(subjectOf(email))
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + DEVICE_COOKIE_LIFETIME_SECONDS)
    .sign(key);
}

/**
 * The id of the device a token names, when it is one we signed, unexpired, for the account of
 * `email`; null for anything else (no cookie, another account's, a forgery).
 */
export async function trustedDevice(token: string | undefined, email: string): Promise<string | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'jti', 'sub'] });
    return payload.sub === subjectOf(email) ? payload.jti! : null;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
