/**
 * nginx running the project's own site configuration (deploy/nginx/dental-shop.conf) in a temporary
 * directory, with the test's ports and this checkout's path put in: what is tested is what the README
 * tells operators to install.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';
const root = path.resolve(import.meta.dirname, '../../..');
export const SITE_CONFIG = path.join(root, 'deploy/nginx/dental-shop.conf');

export function nginxInstalled(): boolean {
  return existsSync(NGINX);
}

/** The site configuration with its listen port, its upstream ports and the checkout's path replaced. */
export function siteConfig(listenPort: number, upstreamPorts: number[]): string {
  const text = readFileSync(SITE_CONFIG, 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n');
  const replaced = text
    .replace(/^( {4}server 127\.0\.0\.1:\d+[^\n]*\n)+/m, `${servers}\n`)
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${listenPort};`)
    .replaceAll('/srv/dental-shop', root);
  if (replaced === text || !replaced.includes(`listen 127.0.0.1:${listenPort};`)) {
    throw new Error(`${SITE_CONFIG} no longer has the lines the tests replace (listen 80; upstream servers)`);
  }
  return replaced;
}

export interface RunningNginx {
  port: number;
  stop(): void;
}

export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-deploy-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  writeFileSync(path.join(dir, 'site.conf'), siteConfig(listenPort, upstreamPorts));
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    try {
      await fetch(`http://127.0.0.1:${listenPort}/healthz`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    port: listenPort,
    stop() {
      child.kill('SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
