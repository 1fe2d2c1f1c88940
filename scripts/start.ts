/**
 * `npm start`: builds the shop when the build is missing or older than the sources, boots (opens the
 * database, migrates it, fills an empty one with the demo data, starts the background workers), then
 * serves until SIGTERM or SIGINT, which stop it gracefully. `--build-only` stops after the build.
 */
// First: it changes how Node resolves the packages' files that the imports below load (a shop process
// 190 MB smaller).
import './module-format-hooks.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const entry = path.join(root, 'dist/server/entry.mjs');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const sources = ['src', 'public', 'astro.config.mjs', 'package.json'].map((p) => path.join(root, p)).filter(existsSync);
const stale = !existsSync(entry) || Math.max(...sources.map(newestMtime)) > statSync(entry).mtimeMs;
if (stale) {
  console.log('Building the shop (first start or changed sources)…');
  const result = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], {
    stdio: 'inherit',
    // Always a production build: one made under NODE_ENV=test or development compiles islands for React's
    // development runtime, which a process running with NODE_ENV=production does not have.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// `--build-only`: what the deployment tests run first, so that processes started together do not all build.
if (process.argv.includes('--build-only')) process.exit(0);

// Booting here, before the server listens, means the first visitor never waits for migrations or
// demo data; the server finds this boot (and its database) on globalThis.
const { ensureBooted } = await import('../src/server/boot/boot.ts');
// From here on every line is one JSON object (pino), which log alerts can read.
const { logger } = await import('../src/server/logger.ts');
const started = Date.now();
const shop = await ensureBooted();
logger.info({ ms: Date.now() - started }, 'Database ready');
// The search index is built before the first visitor searches (a second or two at 100,000 products).
const { warmSearchIndex } = await import('../src/server/catalog/search-index.ts');
const indexed = Date.now();
await warmSearchIndex(shop.handle.db);
logger.info({ ms: Date.now() - indexed }, 'Search index ready');

// Astro's standalone handler (static files + pages + API) behind our own server: finished public
// answers come from the response cache, already compressed; everything else is compressed on the
// way out (brotli or gzip) by the server's responses, since the adapter sends everything uncompressed.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = (await import(entry)) as { handler: (req: http.IncomingMessage, res: http.ServerResponse) => void };
const { env } = await import('../src/server/env.ts');
const { createShopServer } = await import('../src/server/http/shop-server.ts');
// The API goes straight from the shop's server into Hono (src/server/api/node-listener.ts), with the
// security headers the middleware gives a page.
const { apiListener } = await import('../src/server/api/node-listener.ts');
const { applySecurityHeaders } = await import('../src/server/web/security-headers.ts');
const answerApi = apiListener((answer, path) => {
  try {
    applySecurityHeaders(answer.headers, path, { siteUrl: env.SITE_URL });
    return answer;
  } catch {
    // Headers of a Response made as immutable (Response.redirect, a fetch's answer): a copy takes them.
    const response = new Response(answer.body, answer);
    applySecurityHeaders(response.headers, path, { siteUrl: env.SITE_URL });
    return response;
  }
});
const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
  if (req.url?.startsWith('/api/')) void answerApi(req, res);
  else handler(req, res);
};
const { server, drain } = createShopServer({
  render,
  cache: { maxBytes: env.RESPONSE_CACHE_MB * 1024 * 1024 },
  database: shop.handle,
  timeouts: { keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS, headersMs: env.HTTP_HEADERS_TIMEOUT_MS },
  metrics: { token: env.METRICS_TOKEN, database: shop.handle },
});
const { HOST: host, PORT: port } = env;
server.listen(port, host, () =>
  logger.info({ url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` }, 'Shop listening'),
);

// A graceful stop, so that a rolling restart loses no request: stop accepting, finish what is running,
// stop the job workers, close the pool. A second signal stops at once.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'Stopping: finishing the requests in progress');
    void drain(env.SHUTDOWN_TIMEOUT_MS)
      .then(() => shop.stop())
      .then(
        () => {
          logger.info('Stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'Did not stop cleanly');
          process.exit(1);
        },
      );
  });
}
