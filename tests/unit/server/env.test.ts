import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** Loads the configuration in a fresh process with exactly these variables; its exit status and error text. */
function loadEnv(vars: Record<string, string>): { status: number | null; stderr: string } {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('./src/server/env.ts')"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: '.test-data/env', ...vars },
    encoding: 'utf8',
  });
  return { status: result.status, stderr: result.stderr };
}

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-characters' };

describe('configuration', () => {
  it('refuses to start in production without SMTP_URL, naming the fix', () => {
    const { status, stderr } = loadEnv(PRODUCTION);
    expect(status).not.toBe(0);
    expect(stderr).toContain('SMTP_URL is not set');
    expect(stderr).toContain('MAIL_OUTBOX_ONLY=true');
  });

  it('starts in production with SMTP_URL, or with MAIL_OUTBOX_ONLY when another system sends the mail', () => {
    expect(loadEnv({ ...PRODUCTION, SMTP_URL: 'smtp://mail.example:587' })).toMatchObject({ status: 0 });
    expect(loadEnv({ ...PRODUCTION, MAIL_OUTBOX_ONLY: 'true' })).toMatchObject({ status: 0 });
  });

  it('needs no SMTP_URL outside production', () => {
    expect(loadEnv({ NODE_ENV: 'development', JWT_SECRET: PRODUCTION.JWT_SECRET })).toMatchObject({ status: 0 });
  });
});
