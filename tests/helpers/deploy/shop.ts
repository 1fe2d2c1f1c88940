/**
 * Shop processes as production runs them: `node scripts/start.ts` (the built shop, its HTTP server and
 * graceful shutdown), NODE_ENV=production behind a trusted proxy, all on one PostgreSQL with one
 * JWT_SECRET. Their output is kept line by line, with the time each line came.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** Builds the shop when its build is stale, once, before processes start together. */
export function buildShop(): void {
  const result = spawnSync(process.execPath, ['scripts/start.ts', '--build-only'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The shop did not build');
}

/**
 * The deployment tests' ports: `DEPLOY_PORTS` (`4730-4749`) when set, so that engineers running them at
 * once on one machine each take a range of their own; 4430–4449 otherwise.
 */
export function deployPortRange(): [number, number] {
  const match = /^(\d+)-(\d+)$/.exec(process.env.DEPLOY_PORTS ?? '');
  return match ? [Number(match[1]), Number(match[2])] : [4430, 4449];
}

/**
 * The first of `count` free ports from `from` to `to` (`deployPortRange()` unless given), each one checked
 * by listening on it.
 */
export async function freePorts(count: number, ...range: [number, number] | []): Promise<number[]> {
  const [from, to] = range.length === 2 ? range : deployPortRange();
  const found: number[] = [];
  for (let port = from; port <= to && found.length < count; port += 1) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) found.push(port);
  }
  if (found.length < count) throw new Error(`Fewer than ${count} free ports in ${from}–${to}`);
  return found;
}

export interface ShopProcess {
  port: number;
  child: ChildProcess;
  /** Every line it printed (stdout and stderr), with when it came. */
  lines: { at: number; text: string }[];
  exited: Promise<number | null>;
  /** Resolves once `/healthz` answers 200. */
  ready(timeoutMs?: number): Promise<void>;
}

export const SHARED_SECRET = 'deployment-test-secret-shared-by-every-process';

export function startShop(port: number, databaseUrl: string, env: Record<string, string> = {}): ShopProcess {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-data-'));
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SHARED_SECRET,
      MAIL_OUTBOX_ONLY: 'true',
      TRUST_PROXY: 'true',
      SITE_URL: 'http://shop.test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_MS: '10000',
      // These tests race many orders from one account; the order limits have their API tests.
      ORDER_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: ShopProcess['lines'] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) if (text.trim()) lines.push({ at: Date.now(), text });
    });
  }
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return {
    port,
    child,
    lines,
    exited,
    async ready(timeoutMs = 180_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (child.exitCode !== null) {
          throw new Error(`The shop on ${port} exited with ${child.exitCode}:\n${lines.map((l) => l.text).join('\n')}`);
        }
        try {
          if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`The shop on ${port} did not start within ${timeoutMs} ms`);
    },
  };
}

/**
 * Creates an active account with `npm run user:create`, as an operator would (`--staff` among `flags` for
 * staff); `env` adds to its environment (`DATA_DIR` for an embedded database, with `databaseUrl` empty).
 */
export function createUser(
  databaseUrl: string,
  email: string,
  password: string,
  flags: string[] = [],
  env: Record<string, string> = {},
): void {
  const args = ['scripts/user-create.ts', '--email', email, '--password', password, ...flags];
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: SHARED_SECRET,
      MAIL_OUTBOX_ONLY: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}${result.stdout}`);
}
