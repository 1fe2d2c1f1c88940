/**
 * The import graph of `src/`: every module (`.ts`, `.tsx`, `.astro`) with what it imports, resolved to
 * files inside `src/` or named as packages. Imports are read with TypeScript's own pre-processor
 * (static, dynamic and type-only imports and re-exports); an `.astro` file contributes its frontmatter
 * and its bundled `<script>` blocks.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface ModuleImports {
  /** Path relative to `src/`, with forward slashes. */
  file: string;
  /** Files inside `src/` this module imports (relative to `src/`). */
  internal: string[];
  /** Package names (`react`, `@hono/zod-openapi`, `astro:transitions`, `node:fs`). */
  packages: string[];
}

const EXTENSIONS = ['.ts', '.tsx', '.astro', '.js', '.mjs', '.css', '.json', '.d.ts'];

function listSources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'migrations') out.push(...listSources(full));
    } else if (/\.(ts|tsx|astro)$/.test(name)) {
      out.push(full);
    }
  }
  return out;
}

function importableText(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.astro')) return text;
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  // `is:inline` scripts are not bundled: they cannot import anything.
  const scripts = [...text.matchAll(/<script(?![^>]*is:inline)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join('\n');
}

function resolveInternal(srcDir: string, fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('~/')) base = path.join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? base;
  return path.relative(srcDir, found).split(path.sep).join('/');
}

function packageName(specifier: string): string {
  if (specifier.startsWith('@')) return specifier.split('/').slice(0, 2).join('/');
  return specifier.split('/')[0]!;
}

/** Every module under `srcDir` with its imports. */
export function readImportGraph(srcDir: string): ModuleImports[] {
  return listSources(srcDir).map((file) => {
    const { importedFiles } = ts.preProcessFile(importableText(file), true, true);
    const internal = new Set<string>();
    const packages = new Set<string>();
    for (const { fileName } of importedFiles) {
      const resolved = resolveInternal(srcDir, file, fileName);
      if (resolved !== null) internal.add(resolved);
      else packages.add(packageName(fileName));
    }
    return {
      file: path.relative(srcDir, file).split(path.sep).join('/'),
      internal: [...internal].sort(),
      packages: [...packages].sort(),
    };
  });
}

/** The import cycles among `modules` (strongly connected components of two or more modules, or a self-import). */
export function findCycles(modules: ModuleImports[]): string[][] {
  const edges = new Map(modules.map((m) => [m.file, m.internal]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  // Tarjan's algorithm, iterative so a deep graph cannot overflow the call stack.
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1)!;
      const targets = (edges.get(frame.node) ?? []).filter((t) => edges.has(t));
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfImport = component.length === 1 && (edges.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfImport) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
