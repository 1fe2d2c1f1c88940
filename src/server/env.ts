import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { SHOP_SENDER_NAME } from '../shared/site.ts';

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
  MAIL_FROM: z.string().default(`${SHOP_SENDER_NAME} <no-reply@localhost>`),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo catalog into an empty database on start. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export type Env = z.infer<typeof schema> & { JWT_SECRET: string };

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
  return { ...env, JWT_SECRET: developmentSecret(env.DATA_DIR) };
}

// A development secret lives next to the embedded database so tokens survive restarts
// without anyone committing a secret.
function developmentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export const env: Env = load();
