// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { BODY_LIMITS } from './src/server/http/body-limit.ts';

export default defineConfig({
  output: 'server',
  // The adapter's cap is the upload routes' limit; the shop's server (src/server/http/body-limit.ts)
  // refuses a body over 64 kB on every other route before Astro reads it.
  adapter: node({ mode: 'standalone', bodySizeLimit: BODY_LIMITS.upload }),
  integrations: [react()],
  trailingSlash: 'ignore',
  // The origin check is done in src/middleware.ts: pages keep it, while /api/v1 must accept
  // bearer-token clients (curl, staff scripts) that send no Origin header.
  security: { checkOrigin: false },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? true },
  vite: {
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'pino'] },
  },
});
