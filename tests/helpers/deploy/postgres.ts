/**
 * A PostgreSQL server of the deployment tests' own, from Debian's binaries, in a temporary directory on
 * a free port: the tests stop and start it, which they must never do to the machine's shared one. Run
 * as the `postgres` user when the tests run as root (initdb refuses root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
  /**
   * SIGSTOP to the postmaster and every backend: a server that keeps its connections open and answers
   * nothing, as a stalled disk, a network blackhole or a failover look to the shop (no RST, no error).
   */
  freeze(): void;
  /** SIGCONT to the processes `freeze` stopped. */
  thaw(): void;
  destroy(): void;
}

/** The processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
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
  let frozen: number[] = [];
  const thaw = () => {
    // Backends first: the postmaster, once running, finds them running.
    for (const pid of frozen.reverse()) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone meanwhile.
      }
    }
    frozen = [];
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    restart: () => pgCtl('-o', options, '-l', path.join(dir, 'server.log'), '-m', 'fast', '-w', 'restart'),
    freeze() {
      const postmaster = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // The postmaster first, so that it forks no backend the loop below would miss.
      process.kill(postmaster, 'SIGSTOP');
      frozen.push(postmaster);
      for (const pid of childrenOf(postmaster)) {
        process.kill(pid, 'SIGSTOP');
        frozen.push(pid);
      }
    },
    thaw,
    destroy() {
      // A stopped server would never stop.
      thaw();
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
