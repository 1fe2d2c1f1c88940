/**
 * Who runs the exchange: HTTP Basic as an active staff account that has the exchange permission
 * (`users.can_exchange`), within the login limits of every sign-in; then a session kept in the database,
 * found by the cookie 1C sends back with every request.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { limitedLogin } from '../accounts/accounts.limits.ts';
import { checkPassword } from '../accounts/passwords.ts';
import { findUserByEmail } from '../accounts/users.queries.ts';
import { getDb, queryRows } from '../db/client.ts';
import { AuthenticationError, RateLimitError } from '../errors.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';

/** The cookie 1C is told to send back. */
export const EXCHANGE_COOKIE = 'dental_1c_session';
/** A session 1C has not used for this long is over. */
const SESSION_HOURS = 24;

export interface ExchangeSession {
  id: string;
  token: string;
  userId: number | null;
  type: string;
  ordersSent: number[];
}

/** A refusal to tell 1C (`failure` and the reason). */
export class ExchangeRefusal extends Error {
  override name = 'ExchangeRefusal';
}

/** The login and password of an `Authorization: Basic …` header. */
export function basicCredentials(header: string | null | undefined): { login: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/**
 * `checkauth`: the account behind the Basic credentials, and a new session for it.
 * @throws ExchangeRefusal with the reason
 */
export async function openSession(authorization: string | null | undefined, type: string, ip: string) {
  const credentials = basicCredentials(authorization);
  if (!credentials) throw new ExchangeRefusal(EXCHANGE_TEXT.noCredentials);
  let user;
  try {
    user = await limitedLogin(ip, credentials.login, async () => {
      const found = await findUserByEmail(credentials.login);
      const matches = await checkPassword(credentials.password, found?.passwordHash);
      if (!found || !matches || !found.isActive) throw new AuthenticationError(EXCHANGE_TEXT.badCredentials);
      return found;
    });
  } catch (error) {
    if (error instanceof AuthenticationError) throw new ExchangeRefusal(EXCHANGE_TEXT.badCredentials);
    if (error instanceof RateLimitError) throw new ExchangeRefusal(EXCHANGE_TEXT.tooManyAttempts);
    throw error;
  }
  if (!user.isStaff || !user.canExchange) throw new ExchangeRefusal(EXCHANGE_TEXT.noPermission);
  const token = randomBytes(32).toString('hex');
  const db = await getDb();
  await db.execute(sql`insert into exchange_sessions (token, user_id, type) values (${token}, ${user.id}, ${type})`);
  return { token, cookie: EXCHANGE_COOKIE };
}

/** The value of the exchange cookie in a `Cookie` header. */
export function cookieToken(header: string | null | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === EXCHANGE_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The live session a request names (its cookie, or `sessid=` for a 1C that sends it so), whose account
 * may still exchange; its last use moves on.
 * @throws ExchangeRefusal
 */
export async function findSession(token: string | null): Promise<ExchangeSession> {
  if (!token || !/^[0-9a-f]{64}$/.test(token)) throw new ExchangeRefusal(EXCHANGE_TEXT.noSession);
  const db = await getDb();
  const [row] = await queryRows<{
    id: string;
    token: string;
    user_id: number | null;
    type: string;
    orders_sent: number[];
    allowed: boolean;
  }>(
    db,
    sql`update exchange_sessions s set last_seen_at = now()
        from users u
        where s.token = ${token} and u.id = s.user_id
          and s.last_seen_at > now() - make_interval(hours => ${SESSION_HOURS})
        returning s.id, s.token, s.user_id, s.type, s.orders_sent,
                  (u.is_active and u.is_staff and u.can_exchange) as allowed`,
  );
  if (!row) throw new ExchangeRefusal(EXCHANGE_TEXT.noSession);
  if (!row.allowed) throw new ExchangeRefusal(EXCHANGE_TEXT.noPermission);
  return {
    id: row.id,
    token: row.token,
    userId: row.user_id === null ? null : Number(row.user_id),
    type: row.type,
    ordersSent: (row.orders_sent ?? []).map(Number),
  };
}
