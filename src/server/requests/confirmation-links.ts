/**
 * The confirmation links of double opt-in (the newsletter, back-in-stock alerts), made the way the account
 * links are (`accounts/link-tokens.ts`): nothing more is stored; the token is an HMAC, under a key of its
 * own kind, over the row's id, the time it was made and the row's fields that it must not outlive, so it
 * names one row, cannot be made without the server's secret, and expires.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '../env.ts';

/** A kind of confirmation link: the name its key is derived with, and how long a link works. */
export interface ConfirmationKind {
  name: string;
  lifetimeSeconds: number;
}

const TOKEN = /^([0-9a-z]{1,7})-([0-9a-z]{1,10})-([A-Za-z0-9_-]{32})$/;

function signature(kind: ConfirmationKind, id: number, fields: readonly string[], timestamp: number): string {
  return createHmac('sha256', `${env.JWT_SECRET}:${kind.name}`)
    .update(`confirm|${id}|${timestamp}|${fields.join('|')}`)
    .digest('base64url')
    .slice(0, 32);
}

/** `<id>-<time>-<signature>`: the id and the time in base 36. */
export function makeConfirmationToken(
  kind: ConfirmationKind,
  id: number,
  fields: readonly string[],
  now = Date.now(),
): string {
  const timestamp = Math.floor(now / 1000);
  return `${id.toString(36)}-${timestamp.toString(36)}-${signature(kind, id, fields, timestamp)}`;
}

/** The row id a confirmation token names, or null when it is no token. Says nothing of its signature. */
export function confirmationTokenId(token: string): number | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Whether `token` was made for this row (its id and fields) and has not expired. */
export function checkConfirmationToken(
  kind: ConfirmationKind,
  id: number,
  fields: readonly string[],
  token: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const match = TOKEN.exec(token);
  if (!match || parseInt(match[1]!, 36) !== id) return 'invalid';
  const timestamp = parseInt(match[2]!, 36);
  const expected = Buffer.from(signature(kind, id, fields, timestamp));
  const given = Buffer.from(match[3]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const age = Math.floor(now / 1000) - timestamp;
  return age < 0 || age > kind.lifetimeSeconds ? 'expired' : 'valid';
}
