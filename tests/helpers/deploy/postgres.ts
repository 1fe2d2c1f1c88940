/**
 * A PostgreSQL server of the deployment tests' own, from Debian's binaries, in a temporary directory on
 * a free port: the tests stop and start it, which they must never do to the machine's shared one. Run
 * as the `postgres` user when the tests run as root (initdb refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The folder of Debian's PostgreSQL binaries (the newest version), or null when they are not installed. */
export function postgresBinaries(): string | null {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : null;
}

export interface PrivatePostgres {
  /** The `postgres` database as superuser: the shop's DATABASE_URL. */
  url: string;
  port: number;
  start(): void;
  /** A fast shutdown, as an operator's restart does: sessions are terminated, the server stops. */
  stop(): void;
  restart(): void;
  destroy(): void;
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries are not installed (apt-get install postgresql)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = (...args: string[]) => run(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = () => pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    restart: () => pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-m', 'fast', '-w', 'restart'),
    destroy() {
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
