// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { LARGEST_BODY } from './src/server/http/body-limit.ts';
import { PAGE_CSP_DIRECTIVES, scriptHash } from './src/server/web/csp.ts';
import { SESSION_MARK_SCRIPT } from './src/shared/session-cookies.ts';
import { EARLY_TAP_SCRIPT } from './src/shared/early-taps.ts';
import { fileURLToPath } from 'node:url';

const PAGE_SCRIPT = fileURLToPath(new URL('./src/browser/page.ts', import.meta.url));

/**
 * Every module `entry` imports statically, directly or not, itself included.
 * @param {string} entry
 * @param {(id: string) => { importedIds: readonly string[] } | null} getModuleInfo
 * @returns {Set<string>}
 */
function staticImports(entry, getModuleInfo) {
  const found = new Set();
  /** @param {string} id */
  const visit = (id) => {
    if (found.has(id)) return;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(entry);
  return found;
}

/** @type {Set<string> | null} */
let pageModules = null;

/**
 * The client's chunk groups. `react-runtime`: React, React DOM and Astro's React renderer, which every
 * island page loads together. `page`: the script of every page and all it imports (the header's stores,
 * nanostores, money formatting), which every page loads; islands that import some of it find it
 * already there. Without them Rolldown cuts both into a dozen small chunks, one per set of importers.
 */
/** @type {import('rolldown').CodeSplittingGroup[]} */
const chunkGroups = [
  { name: 'react-runtime', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
  {
    name: (id, context) => {
      // One client build per process: the module graph is complete by the time chunks are named.
      pageModules ??= staticImports(PAGE_SCRIPT, (module) => context.getModuleInfo(module));
      return pageModules.has(id) ? 'page' : null;
    },
  },
];

export default defineConfig({
  output: 'server',
  // The adapter's cap is the upload routes' limit; the shop's server (src/server/http/body-limit.ts)
  // refuses a body over 64 kB on every other route before Astro reads it.
  adapter: node({ mode: 'standalone', bodySizeLimit: LARGEST_BODY }),
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
      scriptDirective: { hashes: [scriptHash(SESSION_MARK_SCRIPT), scriptHash(EARLY_TAP_SCRIPT)] },
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
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Each chunk is fetched and compressed on its own, so code that is always loaded together
              // costs fewer bytes (and requests) as one file.
              codeSplitting: { groups: chunkGroups },
            },
          },
        },
      },
    },
  },
});
