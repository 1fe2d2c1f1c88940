// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { BODY_LIMITS } from './src/server/http/body-limit.ts';
import { PAGE_CSP_DIRECTIVES, scriptHash } from './src/server/web/csp.ts';
import { SESSION_MARK_SCRIPT } from './src/shared/session-cookies.ts';

export default defineConfig({
  output: 'server',
  // The adapter's cap is the upload routes' limit; the shop's server (src/server/http/body-limit.ts)
  // refuses a body over 64 kB on every other route before Astro reads it.
  adapter: node({ mode: 'standalone', bodySizeLimit: BODY_LIMITS.upload }),
  integrations: [react()],
  trailingSlash: 'ignore',
  // No Markdown code blocks here; Shiki's inline styles would not fit the CSP anyway.
  markdown: { syntaxHighlight: false },
  security: {
    // The origin check is done in src/middleware.ts: pages keep it, while /api/v1 must accept
    // bearer-token clients (curl, staff scripts) that send no Origin header.
    checkOrigin: false,
    // The pages' Content-Security-Policy header: script-src 'self' and the hashes of Astro's inline
    // scripts and of ours, never 'unsafe-inline' (src/server/web/csp.ts says why not 'strict-dynamic').
    csp: {
      directives: [...PAGE_CSP_DIRECTIVES],
      scriptDirective: { hashes: [scriptHash(SESSION_MARK_SCRIPT)] },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? true },
  vite: {
    build: {
      // Page scripts stay files under /_astro/, never inline <script type="module"> blocks: the CSP
      // allows only hashed inline scripts, and the ClientRouter waits for an inline module script by
      // adding a `data:` script, which the policy (rightly) blocks on every such navigation.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
    resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
    ssr: { external: ['@electric-sql/pglite', '@node-rs/argon2', 'postgres', 'pino'] },
  },
});
