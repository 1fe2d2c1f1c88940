/**
 * The floors of src/ARCHITECTURE.md, as code: pages and islands → adapters (server/api, server/web,
 * server/boot) → domain areas (server/<area>) → database (server/db), never upwards; browser code never
 * reaches the server; shared code stands alone; and the server has no import loops.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph, type ModuleImports } from '../../helpers/import-graph.ts';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

type Floor = 'page' | 'browser' | 'shared' | 'api' | 'web' | 'boot' | 'domain' | 'base' | 'db';

/** Which floor a file of `src/` stands on, from its folder. */
export function floorOf(file: string): Floor {
  const [top, second] = file.split('/');
  if (['pages', 'layouts', 'components', 'middleware.ts', 'env.d.ts'].includes(top!)) return 'page';
  if (['islands', 'stores', 'lib', 'browser'].includes(top!)) return 'browser';
  if (top === 'shared') return 'shared';
  if (top === 'server') {
    if (second === 'api') return 'api';
    if (second === 'web') return 'web';
    if (second === 'boot') return 'boot';
    if (second === 'db') return 'db';
    if (second?.endsWith('.ts')) return 'base';
    return 'domain';
  }
  throw new Error(`${file} is in no known folder of src/: add its folder to ARCHITECTURE.md and to this test`);
}

/** What each floor may import (its own floor included). */
const MAY_IMPORT: Record<Floor, readonly Floor[]> = {
  page: ['page', 'browser', 'shared', 'web', 'domain', 'base'],
  browser: ['browser', 'shared'],
  shared: ['shared'],
  api: ['api', 'domain', 'base', 'shared'],
  web: ['web', 'domain', 'base', 'shared'],
  boot: ['boot', 'domain', 'db', 'base', 'shared'],
  domain: ['domain', 'db', 'base', 'shared'],
  base: ['base', 'shared'],
  db: ['db', 'base', 'shared'],
};

// The two doors from the pages into the adapters that are not page data: the API endpoint hands
// requests to Hono, and the middleware makes sure the process has booted.
const DOORS: Record<string, Floor[]> = {
  'pages/api/v1/[...path].ts': ['api'],
  'middleware.ts': ['boot'],
};

const WEB_FRAMEWORKS = /^(astro|astro:.*|hono|@hono\/.*|@astrojs\/.*|react|react-dom)$/;
const SERVER_ONLY =
  /^(node:.*|postgres|drizzle-orm|@electric-sql\/.*|pg-boss|pino|jose|@node-rs\/.*|nodemailer|sanitize-html)$/;

function violations(modules: ModuleImports[]): string[] {
  const found: string[] = [];
  for (const module of modules) {
    const floor = floorOf(module.file);
    const allowed = [...MAY_IMPORT[floor], ...(DOORS[module.file] ?? [])];
    for (const target of module.internal) {
      if (!target.match(/\.(ts|tsx|astro)$/)) continue;
      const targetFloor = floorOf(target);
      if (!allowed.includes(targetFloor)) found.push(`${module.file} (${floor}) imports ${target} (${targetFloor})`);
    }
    for (const pkg of module.packages) {
      const knowsWeb = ['domain', 'db', 'base', 'shared', 'boot'].includes(floor) && WEB_FRAMEWORKS.test(pkg);
      const browserReachesServer = floor === 'browser' && SERVER_ONLY.test(pkg);
      const sharedUsesPackage = floor === 'shared' && !pkg.startsWith('node:') && pkg !== 'zod';
      if (knowsWeb || browserReachesServer || sharedUsesPackage)
        found.push(`${module.file} (${floor}) imports the package ${pkg}`);
    }
  }
  return found;
}

describe('import floors of src/', () => {
  const modules = readImportGraph(SRC);

  it('reads the whole tree', () => {
    expect(modules.length).toBeGreaterThan(100);
    expect(modules.some((m) => m.file === 'server/api/app.ts')).toBe(true);
  });

  it('never imports upwards or across the browser/server line', () => {
    expect(violations(modules)).toEqual([]);
  });

  it('has no import loops in the server', () => {
    const server = modules.filter((m) => m.file.startsWith('server/'));
    expect(findCycles(server)).toEqual([]);
  });

  it('puts every file on a known floor', () => {
    expect(() => modules.forEach((m) => floorOf(m.file))).not.toThrow();
  });
});

describe('the floor rules themselves', () => {
  const mod = (file: string, internal: string[] = [], packages: string[] = []): ModuleImports => ({
    file,
    internal,
    packages,
  });

  it('refuses a database module that imports a domain area', () => {
    expect(violations([mod('server/db/client.ts', ['server/accounts/users.admin.ts'])])).toHaveLength(1);
  });

  it('refuses a domain module that knows Astro or Hono', () => {
    expect(
      violations([mod('server/catalog/x.ts', [], ['astro']), mod('server/catalog/y.ts', [], ['hono'])]),
    ).toHaveLength(2);
  });

  it('refuses an island that imports server code', () => {
    expect(violations([mod('islands/cart/CartView.tsx', ['server/catalog/products.queries.ts'])])).toHaveLength(1);
  });

  it('lets a page use the pages adapter and a domain area', () => {
    expect(
      violations([
        mod('pages/[country]/index.astro', ['server/web/http.ts', 'shared/countries.ts'], ['astro:transitions']),
      ]),
    ).toEqual([]);
  });

  it('finds a loop of three modules', () => {
    const loop = [
      mod('server/a/a.ts', ['server/b/b.ts']),
      mod('server/b/b.ts', ['server/c/c.ts']),
      mod('server/c/c.ts', ['server/a/a.ts']),
    ];
    expect(findCycles(loop)).toEqual([['server/a/a.ts', 'server/b/b.ts', 'server/c/c.ts']]);
  });
});
