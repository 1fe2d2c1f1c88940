/**
 * The browser a registration was sent from (issue 36): registering sets a short-lived signed marker in
 * it (an `HttpOnly` cookie on the activation route's path alone), and the activation link opened in that
 * browser, carrying it, signs the new account in. The link alone signs in nobody: whoever holds it in
 * another browser (a forwarded mail, a mail scanner that follows links) only activates the account, and
 * the marker alone activates nothing. It works once, since an account is activated once, and the answer
 * clears it. A registration with an address that already has an account gets a marker too, naming a
 * number no account has, so the cookie tells nobody whether the address was free.
 */
import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { env } from '../env.ts';

export const ACTIVATION_DEVICE_COOKIE = 'activation_device';
/** Long enough to open the mail that has just come, short enough that a shared computer forgets it: 2 hours. */
export const ACTIVATION_DEVICE_LIFETIME_SECONDS = 2 * 3600;

// Its own key, derived from JWT_SECRET: a marker can never pass for a session or device token.
const key = createHmac('sha256', env.JWT_SECRET).update('activation-device').digest();
const ALGORITHM = 'HS256';

/** The marker of a browser that has just registered account `userId`. */
export function issueActivationMarker(userId: number, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(userId))
    .setJti(crypto.randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACTIVATION_DEVICE_LIFETIME_SECONDS)
    .sign(key);
}

/** Whether `marker` is one we signed, unexpired, for the browser that registered account `userId`. */
export async function isActivationMarkerOf(marker: string | undefined, userId: number): Promise<boolean> {
  if (!marker) return false;
  try {
    const { payload } = await jwtVerify(marker, key, { algorithms: [ALGORITHM], requiredClaims: ['exp', 'sub'] });
    return payload.sub === String(userId);
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return false;
    throw error;
  }
}
