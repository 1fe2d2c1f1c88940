import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts a second shop process (`processes/api-server.ts`) on the PostgreSQL database at `url`, as a
 * second instance behind no balancer would run; resolves to its port. Stop it with `stop()`.
 */
export function startSecondProcess(
  url: string,
  env: Record<string, string> = {},
): { port: Promise<number>; stop: () => void; kill: (signal: NodeJS.Signals) => void } {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'tests/helpers/processes/api-server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const line = chunk
        .toString()
        .trim()
        .split('\n')
        .find((l) => l.startsWith('{"port"'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.on('exit', (code) => reject(new Error(`The second process exited with ${code}: ${stderr}`)));
  });
  return { port, stop: () => child.kill('SIGTERM'), kill: (signal) => child.kill(signal) };
}
