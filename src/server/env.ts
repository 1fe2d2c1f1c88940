import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SHOP_NAME } from '../shared/site.ts';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Where `npm start` listens. */
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Megabytes of finished public pages and API answers each process keeps, compressed, to serve
   * without rendering again (src/server/http/response-cache.ts); 0 turns the cache off.
   */
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
  /** PostgreSQL server URL; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  /** How long opening a PostgreSQL connection may take before the attempt counts as failed. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** PostgreSQL cancels a statement that runs longer (`statement_timeout`); 0 lets statements run. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** PostgreSQL ends a session left idle inside a transaction this long (`idle_in_transaction_session_timeout`). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /**
   * How long an idle HTTP keep-alive connection stays open. Keep it above the proxy's upstream
   * `keepalive_timeout` (deploy/nginx/dental-shop.conf: 60 s), so the proxy, not the shop, closes idle
   * connections and never sends a request on one the shop is closing.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(75_000),
  /** How long a client may take to send a request's headers; above the keep-alive timeout, as Node advises. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(76_000),
  /** On SIGTERM, how long requests in progress may take to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(25_000),
  /**
   * `off` lifts the limits on orders waiting for confirmation and the rate limit of `order_create`
   * (src/server/orders/order-limits.ts): for load tests and benchmarks only, never for a real shop.
   */
  ORDER_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Absolute public URL of the shop, used in sitemaps, canonical links and mails. */
  SITE_URL: z.string().url().default('http://localhost:4321'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  /**
   * Production without SMTP_URL: mails stay in the `mail_outbox` table for another system to send,
   * and only that a mail is waiting is logged. Without it, production refuses to start with no SMTP_URL.
   */
  MAIL_OUTBOX_ONLY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  MAIL_FROM: z.string().default(`${SHOP_NAME} <no-reply@localhost>`),
  STAFF_EMAIL: z.string().email().default('staff@localhost'),
  /** Lifetime of an access token, in seconds (15 minutes). */
  ACCESS_TOKEN_LIFETIME: z.coerce.number().int().min(5).max(86_400).default(900),
  /** Lifetime of a refresh token, in seconds (14 days). */
  REFRESH_TOKEN_LIFETIME: z.coerce
    .number()
    .int()
    .min(60)
    .max(365 * 86_400)
    .default(14 * 86_400),
  /**
   * Behind a reverse proxy or load balancer: take the client address for rate limits from the last
   * `X-Forwarded-For` entry the proxy added. Leave off when clients reach the shop directly, or
   * anyone could pick their own address.
   */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Development and browser tests: `GET /api/v1/dev/outbox/?to=` lists the mails the shop kept, so a
   * test can follow an activation link. Never available when NODE_ENV is production.
   */
  DEV_OUTBOX: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Imports fetch product photos from the addresses in their files. Addresses of this machine and of
   * private networks are refused (a file must not make the server read its own neighbours) unless this is
   * `true`: for tests that serve photos from a local server, never for a real shop.
   */
  MEDIA_FETCH_PRIVATE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * `GET /metrics` answers clients on this machine that reach the process directly; anyone else must send
   * `Authorization: Bearer <METRICS_TOKEN>` (a Prometheus on another machine). Unset: only local clients.
   */
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be at least 24 characters').optional(),
  /** Where `npm run backup` writes and `npm run restore -- latest` looks (src/server/backup/). */
  BACKUP_DIR: z.string().default('backups'),
  /** How many days, and how many ISO weeks (UTC), keep their newest backup; every other one is deleted. */
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(3650).default(7),
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(520).default(4),
  /**
   * The folder of PostgreSQL's client programs (pg_dump, pg_restore, psql) for backups; unset, the newest
   * of Debian's /usr/lib/postgresql/<version>/bin, else the PATH. They must be at least the server's version.
   */
  PG_BIN_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalog into an empty database on start. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof schema> & { JWT_SECRET: string };

/** What the configuration allows but an operator should hear about; the boot sequence logs each. */
export const envWarnings: string[] = [];

function load(): Env {
  // An empty variable means "not set", as in `DATABASE_URL= npm start`.
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(
      `Invalid environment configuration:\n${lines.join('\n')}\nFix these variables (see README, "Configuration") and start again.`,
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.SMTP_URL && !env.MAIL_OUTBOX_ONLY) {
    throw new Error(
      'SMTP_URL is not set, so no mail (activation, password reset, orders) would leave the shop. Set SMTP_URL, or set MAIL_OUTBOX_ONLY=true when another system sends the mails kept in the mail_outbox table.',
    );
  }
  if (env.JWT_SECRET) return { ...env, JWT_SECRET: env.JWT_SECRET };
  if (env.NODE_ENV === 'production') {
    throw new Error('JWT_SECRET is not set. Set it to a random string of at least 32 characters for production.');
  }
  if (env.DATABASE_URL) {
    envWarnings.push(
      `DATABASE_URL is set without JWT_SECRET: this process signs tokens with the development secret in ${path.resolve(env.DATA_DIR, 'jwt-secret')}, and every other shop process on this database must read the same one, or its sessions fail there. Set one JWT_SECRET for all of them.`,
    );
  }
  return { ...env, JWT_SECRET: developmentSecret(env.DATA_DIR) };
}

// A development secret lives next to the embedded database so tokens survive restarts without anyone
// committing a secret. Processes starting together on one DATA_DIR must agree on it: the file is created
// exclusively, and whoever loses the race reads the winner's.
function developmentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readWrittenSecret(file);
}

/** The secret in `file`, waiting a moment for the process that has just created it to finish writing. */
function readWrittenSecret(file: string): string {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing) return existing;
    Atomics.wait(pause, 0, 0, 20);
  }
  throw new Error(`${file} is empty: delete it, or set JWT_SECRET.`);
}

export const env: Env = load();

/** The environment of a child process (PostgreSQL's client programs for backups): this process's, and `extra`. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
