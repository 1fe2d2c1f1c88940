/**
 * Child processes of the bench: the seed CLI and the shop server. Each runs detached in its own
 * process group so the whole tree (start.ts and the `astro build` it may spawn) can be stopped with
 * one `process.kill(-pid)`, also when the bench fails or is interrupted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const live = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

// Whatever happens to the bench, no server or seed process outlives it.
process.once('exit', () => {
  for (const child of live) killGroup(child, 'SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}, stopping child processes…`);
    for (const child of live) killGroup(child, 'SIGTERM');
    setTimeout(() => process.exit(130), 3000).unref();
    void Promise.all([...live].map((c) => waitExit(c, 2500))).then(() => process.exit(130));
  });
}

function waitExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

export interface Proc {
  child: ChildProcess;
  logFile: string;
  /** The last lines of output, for error messages. */
  tail(lines?: number): string;
  /** Echo output to the console (true until the server is ready, so the build is visible). */
  echo: boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Throws, with the last output, when the process has exited. */
  assertAlive(): void;
  stop(): Promise<void>;
}

export function startProcess(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cwd: string,
): Proc {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  const recent: string[] = [];
  let stopping = false;
  const proc: Proc = {
    child,
    logFile,
    echo: true,
    tail: (n = 30) => recent.slice(-n).join('\n'),
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        live.delete(child);
        const line = `[${label} exited: ${signal ?? `code ${code}`}]`;
        recent.push(line);
        if (!stopping) {
          log.write(`${line}\n`);
          console.error(`  ${line}`);
        }
        resolve({ code, signal });
      });
    }),
    assertAlive() {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `The ${label} process died (${child.signalCode ?? `exit ${child.exitCode}`}). Last output:\n${proc.tail()}\n(full log: ${logFile})`,
        );
      }
    },
    async stop() {
      stopping = true;
      killGroup(child, 'SIGTERM');
      if (!(await waitExit(child, 10_000))) {
        killGroup(child, 'SIGKILL');
        await waitExit(child, 5_000);
      }
      live.delete(child);
      log.end();
    },
  };
  let partial = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    const text = partial + chunk.toString('utf8');
    const lines = text.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      recent.push(line);
      if (recent.length > 200) recent.shift();
      if (proc.echo) console.log(`  [${label}] ${line}`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  child.once('error', (error) => {
    recent.push(String(error));
  });
  return proc;
}

/** Runs a process to its end; rejects when it exits non-zero. */
export async function runToEnd(
  label: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
  cwd: string,
): Promise<void> {
  const proc = startProcess(label, args, env, logFile, cwd);
  const { code, signal } = await proc.exited;
  await proc.stop();
  if (code !== 0) {
    throw new Error(
      `${label} failed (${signal ?? `exit ${code}`}). Last output:\n${proc.tail()}\n(full log: ${logFile})`,
    );
  }
}

export function portInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `url` until it answers 200; fails early when the process exits, or after `timeoutMs`. */
export async function waitUntilReady(proc: Proc, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void proc.exited.then((e) => (exited = e));
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(
        `The server exited before it was ready (${exited.signal ?? `exit ${exited.code}`}). Last output:\n${proc.tail()}\n(full log: ${proc.logFile})`,
      );
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `The server did not answer 200 at ${url} within ${timeoutMs / 1000} s (last: ${last}). Last output:\n${proc.tail()}\n(full log: ${proc.logFile})`,
  );
}

/** A process's memory, in MB: its resident set, and the part of it in WebAssembly memories. */
export interface ResidentMemory {
  rss_mb: number;
  /**
   * Resident in WebAssembly memories: the embedded database (PGlite) is one, so this is the database's
   * share of the shop process (Node's own type stripping keeps a small one too).
   */
  wasm_mb: number;
}

/**
 * Reads `/proc/<pid>/smaps`. V8 reserves each WebAssembly memory as gigabytes of inaccessible address
 * space and opens it from the start as the memory grows: the readable and writable mapping right before
 * such a reservation is the memory itself.
 */
export function residentMemory(pid: number): ResidentMemory {
  const maps: { start: bigint; end: bigint; perms: string; sizeKb: number; rssKb: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (head)
      maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, sizeKb: 0, rssKb: 0 });
    else if (line.startsWith('Size:') && maps.length) maps.at(-1)!.sizeKb = Number(line.split(/\s+/)[1]);
    else if (line.startsWith('Rss:') && maps.length) maps.at(-1)!.rssKb = Number(line.split(/\s+/)[1]);
  }
  let rssKb = 0;
  let wasmKb = 0;
  maps.forEach((map, i) => {
    rssKb += map.rssKb;
    const next = maps[i + 1];
    if (map.perms.startsWith('rw') && next?.perms === '---p' && next.start === map.end && next.sizeKb > 4 * 1024 * 1024)
      wasmKb += map.rssKb;
  });
  return { rss_mb: Math.round(rssKb / 1024), wasm_mb: Math.round(wasmKb / 1024) };
}
