import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { refreshTokens, users } from '../db/schema/index.ts';
import { AuthenticationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { ACCOUNT_MESSAGES } from './accounts.messages.ts';
import { lifetimeSeconds, readToken, signToken, tokenNotValid } from './jwt.ts';
import { findUserById, type User } from './users.queries.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

export type RevokeReason = 'rotated' | 'logout' | 'password_changed' | 'deactivated' | 'deleted' | 'reuse';

/**
 * The refusal of a refresh token that was rotated moments ago: most likely another tab or request
 * refreshed at the same time and already holds the new pair, so a caller should not sign the person out.
 */
export class RecentlyRotatedError extends AuthenticationError {
  /** Whose token it was, and the account's sessions' version it was signed for. */
  readonly token: { userId: number; version: number };

  constructor(token: { userId: number; version: number }) {
    super(ACCOUNT_MESSAGES.tokenBlacklisted, 'token_not_valid');
    this.token = token;
  }
}

/**
 * The person a refresh token that lost a race (`RecentlyRotatedError`) belonged to, while their account
 * can still log in and has not ended its sessions since: a page rendered for the request that lost the
 * race is theirs, though only the request that won sets the new pair. Null otherwise.
 */
export async function userOfRecentRotation(error: RecentlyRotatedError): Promise<User | null> {
  const user = await findUserById(error.token.userId);
  return mayUseToken(user, error.token.version) ? user : null;
}

/** Whether a token signed for `version` of an account's sessions still opens it: active, none ended since. */
function mayUseToken(user: User | null | undefined, version: number): user is User {
  return !!user && user.isActive && user.authVersion === version;
}

/**
 * A rotated token presented again within this many seconds is a race (two tabs refreshing at once)
 * and is only refused; later, it is taken for a stolen token and its whole session is revoked.
 */
const REUSE_GRACE_SECONDS = 30;

/** Starts a login session: a new token family with its first refresh token, and an access token. */
export async function startSession(user: User, db?: Db): Promise<TokenPair> {
  const conn = db ?? (await getDb());
  await conn.update(users).set({ lastLogin: new Date() }).where(eq(users.id, user.id));
  if (Math.random() < 0.02) void pruneExpired(conn);
  return issuePair(conn, user, crypto.randomUUID());
}

async function issuePair(db: Db, user: User, familyId: string): Promise<TokenPair> {
  const jti = crypto.randomUUID();
  const now = new Date();
  await db.insert(refreshTokens).values({
    jti,
    userId: user.id,
    familyId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetimeSeconds('refresh') * 1000),
  });
  const claims = { userId: user.id, version: user.authVersion };
  const [access, refresh] = await Promise.all([
    signToken('access', { ...claims, jti: crypto.randomUUID() }, now),
    signToken('refresh', { ...claims, jti }, now),
  ]);
  return { access, refresh };
}

/**
 * Exchanges a refresh token for a new pair (Simple JWT with ROTATE_REFRESH_TOKENS and
 * BLACKLIST_AFTER_ROTATION): the presented token is revoked and cannot be used again.
 * @throws AuthenticationError `token_not_valid` when the token is invalid, expired, revoked, or its user cannot log in.
 */
export async function rotateSession(refreshToken: string): Promise<TokenPair> {
  const claims = await readToken(refreshToken, 'refresh');
  const db = await getDb();
  // A refusal is returned, not thrown, so what it wrote (a revoked session) is committed.
  const result = await db.transaction(async (tx): Promise<TokenPair | AuthenticationError> => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date(), revokedReason: 'rotated' })
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.revokedAt)))
      .returning();
    if (!claimed) return refusal(tx, claims.jti, claims.ver);
    const user = await findUserById(claimed.userId, tx);
    if (!mayUseToken(user, claims.ver)) return tokenNotValid();
    return issuePair(tx, user, claimed.familyId);
  });
  if (result instanceof AuthenticationError) throw result;
  return result;
}

// Why a refresh token that could not be claimed is refused; a late reuse of a rotated token also
// ends the session it belongs to, so a thief and the owner both have to log in again.
async function refusal(db: Db, jti: string, version: number): Promise<AuthenticationError> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti));
  if (!row) return tokenNotValid();
  const revokedAgo = (Date.now() - (row.revokedAt?.getTime() ?? 0)) / 1000;
  if (row.revokedReason === 'rotated' && revokedAgo <= REUSE_GRACE_SECONDS)
    return new RecentlyRotatedError({ userId: row.userId, version });
  if (row.revokedReason === 'rotated') {
    logger.warn(
      { userId: row.userId, familyId: row.familyId },
      'A rotated refresh token was used again; revoking its session',
    );
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date(), revokedReason: 'reuse' })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
  }
  return new AuthenticationError(ACCOUNT_MESSAGES.tokenBlacklisted, 'token_not_valid');
}

/** Logout: revokes one refresh token (Simple JWT's blacklist view). @throws AuthenticationError when it is not a valid, unrevoked refresh token. */
export async function endSession(refreshToken: string): Promise<void> {
  const claims = await readToken(refreshToken, 'refresh');
  const db = await getDb();
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.revokedAt)))
    .returning({ jti: refreshTokens.jti });
  if (!revoked.length) throw new AuthenticationError(ACCOUNT_MESSAGES.tokenBlacklisted, 'token_not_valid');
}

/** Ends every session of a user: revokes all their refresh tokens. */
export async function revokeAllSessions(db: Db, userId: number, reason: RevokeReason): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * `jwt/verify/`: the token must be one we signed, unexpired, of an active account whose sessions
 * have not ended since; a refresh token must also still be unrevoked.
 * @throws AuthenticationError `token_not_valid`
 */
export async function assertTokenValid(token: string): Promise<void> {
  const claims = await readToken(token);
  const db = await getDb();
  if (claims.token_type === 'refresh') {
    const [row] = await db
      .select({ jti: refreshTokens.jti })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.revokedAt)));
    if (!row) throw new AuthenticationError(ACCOUNT_MESSAGES.tokenBlacklisted, 'token_not_valid');
  }
  const user = await findUserById(claims.user_id, db);
  if (!mayUseToken(user, claims.ver)) throw tokenNotValid();
}

// Expired tokens are kept a day (a late reuse is still recognised), then deleted.
async function pruneExpired(db: Db): Promise<void> {
  try {
    await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, sql`now() - interval '1 day'`));
  } catch (error) {
    logger.warn({ err: error }, 'Could not prune expired refresh tokens');
  }
}

/**
 * Ends every session of an account: bumps its auth version (so access tokens already issued stop
 * working) and revokes every refresh token, with `changes` and `also` in the same transaction.
 */
export async function endSessions(
  userId: number,
  reason: RevokeReason,
  changes: Partial<typeof users.$inferInsert> = {},
  also?: (tx: Db) => Promise<void>,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, authVersion: sql`${users.authVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllSessions(tx, userId, reason);
    await also?.(tx);
  });
}
