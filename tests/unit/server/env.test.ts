import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
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

  it('warns when DATABASE_URL is set without JWT_SECRET: every process must share one', () => {
    const print = "const m = await import('./src/server/env.ts'); console.log(JSON.stringify(m.envWarnings))";
    const run = (vars: Record<string, string>) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', print], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: '.test-data/env', ...vars },
        encoding: 'utf8',
      }).stdout;
    expect(run({ DATABASE_URL: 'postgres://shop@db.internal/shop' })).toContain('JWT_SECRET');
    expect(run({ DATABASE_URL: 'postgres://shop@db.internal/shop', JWT_SECRET: PRODUCTION.JWT_SECRET })).toBe('[]\n');
    expect(run({})).toBe('[]\n');
  });

  it('gives processes that start together on a new DATA_DIR one development secret', async () => {
    const dataDir = `.test-data/env-race-${process.pid}-${Date.now()}`;
    const print = "const m = await import('./src/server/env.ts'); console.log(m.env.JWT_SECRET)";
    const secrets = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const child = spawn(process.execPath, ['--input-type=module', '-e', print], {
              cwd: root,
              env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
            });
            let out = '';
            child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
            child.on('exit', () => resolve(out.trim()));
          }),
      ),
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(secrets[0]).toMatch(/^[\w-]{40,}$/);
    expect(new Set(secrets).size).toBe(1);
  });
});
