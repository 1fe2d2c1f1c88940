/**
 * Loaded first by `scripts/start.ts`, before any of the shop's modules: resolves the imports of packages
 * from one read of each package's `package.json`, where Node 24 parses it again for every import.
 *
 * Two of Node's steps parse a package's whole `package.json` (its `exports` map included) each time:
 * - the format of every file it loads (the nearest `package.json`'s `"type"`);
 * - every import of a package by name (`drizzle-orm`, `drizzle-orm/pg-core`), once per importing file.
 * drizzle-orm's `package.json` is 179 kB, the shop loads over a hundred of its files and imports it by name
 * from over a hundred of its own: the parses took more than 150 MB of heap at start and left every shop
 * process that much larger for good (importing `drizzle-orm/pg-core` alone: RSS 250 MB, 53 MB with these hooks).
 *
 * What the hooks answer themselves, everything else resolving as Node resolves it:
 * - a relative import from a file in `node_modules` to a `.mjs` or `.cjs` file, or to a `.js` file whose
 *   nearest `package.json` says `"type"` (a package without it may ship either, which Node tells by reading
 *   the file);
 * - an import by name already resolved from another file that finds the same package (the same
 *   `node_modules` directory): Node's answer for the first is kept.
 * `tests/unit/scripts/module-format-hooks.test.ts` loads packages of every kind with and without them.
 */
import { existsSync, readFileSync } from 'node:fs';
import nodeModule, { type ResolveFnOutput } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Format = 'module' | 'commonjs';

/** Per directory, the `"type"` of its nearest `package.json` (undefined when it has none). */
const typeOfDirectory = new Map<string, Format | undefined>();

function packageType(directory: string): Format | undefined {
  if (typeOfDirectory.has(directory)) return typeOfDirectory.get(directory);
  const file = path.join(directory, 'package.json');
  const parent = path.dirname(directory);
  let type: Format | undefined;
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { type?: unknown };
    type = json.type === 'module' || json.type === 'commonjs' ? json.type : undefined;
  } else type = parent === directory ? undefined : packageType(parent);
  typeOfDirectory.set(directory, type);
  return type;
}

function formatOf(file: string): Format | undefined {
  if (file.endsWith('.mjs')) return 'module';
  if (file.endsWith('.cjs')) return 'commonjs';
  if (file.endsWith('.js')) return packageType(path.dirname(file));
  return undefined;
}

/** The package a name starts with: `drizzle-orm` of `drizzle-orm/pg-core`, `@hono/node-server` of itself. */
function packageName(specifier: string): string | undefined {
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return name && /^(@[\w.-]+\/)?[\w.-]+$/.test(name) ? name : undefined;
}

/** Per directory and package name, the `node_modules` directory Node finds the package in, walking up. */
const homes = new Map<string, string | null>();

function packageHome(directory: string, name: string): string | null {
  const key = `${directory}\0${name}`;
  let home = homes.get(key);
  if (home === undefined) {
    const parent = path.dirname(directory);
    if (existsSync(path.join(directory, 'node_modules', name, 'package.json')))
      home = path.join(directory, 'node_modules');
    else home = parent === directory ? null : packageHome(parent, name);
    homes.set(key, home);
  }
  return home;
}

/** Node's answers to imports by name, per package home, name and conditions. */
const byName = new Map<string, ResolveFnOutput>();

// Node before 22.15 has no synchronous hooks: it resolves as it always did.
nodeModule.registerHooks?.({
  resolve(specifier, context, nextResolve) {
    const parent = context.parentURL;
    if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
    if (parent.includes('/node_modules/') && (specifier.startsWith('./') || specifier.startsWith('../'))) {
      const url = new URL(specifier, parent);
      const file = fileURLToPath(url);
      const format = url.search || url.hash ? undefined : formatOf(file);
      // A file that is not there is left to Node, which says so as it always does.
      if (format && existsSync(file)) return { url: pathToFileURL(file).href, format, shortCircuit: true };
      return nextResolve(specifier, context);
    }
    const name = specifier.startsWith('node:') ? undefined : packageName(specifier);
    const home = name && packageHome(path.dirname(fileURLToPath(parent)), name);
    if (!home) return nextResolve(specifier, context);
    const key = [home, specifier, ...(context.conditions ?? [])].join('\0');
    const known = byName.get(key);
    if (known) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    byName.set(key, resolved);
    return resolved;
  },
});
