/**
 * The JavaScript a page loads, gzipped, in two parts, each file counted once:
 * - initial: inline scripts, module scripts, island components and renderers and modulepreload links
 *   of the HTML, and every chunk they import statically (import / export … from): what the browser
 *   fetches to show the page. The budget applies to this.
 * - on demand: chunks reachable only through dynamic `import()` (and Vite's preload lists), fetched
 *   when the visitor does something (the first toast, the first cart lookup).
 */
import { gzipSync } from 'node:zlib';

export interface JsFile {
  url: string;
  bytes: number;
  gzip_bytes: number;
  on_demand: boolean;
}

export interface PageJs {
  page: string;
  path: string;
  status: number;
  /** The path the page answered from when the request was redirected (a signed-in page sends a stranger to log in). */
  redirected_to: string | null;
  files: number;
  external_files: number;
  inline_scripts: number;
  /** Initial load. */
  bytes: number;
  gzip_bytes: number;
  /** Loaded only on interaction. */
  on_demand_gzip_bytes: number;
  budget_gzip_bytes: number | null;
  verdict: 'OK' | 'OVER' | '-';
  list: JsFile[];
  warnings: string[];
}

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs.set(m[1].toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

const NON_JS_TYPES = /json|template|text\/(?!javascript)|importmap|speculationrules/i;

/** Script URLs and inline script bodies of an HTML page. */
export function scanHtml(html: string): { urls: string[]; inline: string[] } {
  const urls: string[] = [];
  const inline: string[] = [];
  // Scripts: with src the file, without it the inline body.
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = attributes(m[1]);
    const type = attrs.get('type') ?? '';
    if (type && NON_JS_TYPES.test(type)) continue;
    const src = attrs.get('src');
    if (src) urls.push(src);
    else if (m[2].trim()) inline.push(m[2]);
  }
  // Islands: the component module, its renderer and any before-hydration script.
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const value = attrs.get(name);
      if (value) urls.push(value);
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = attributes(m[1]);
    if ((attrs.get('rel') ?? '').toLowerCase() === 'modulepreload' && attrs.get('href')) urls.push(attrs.get('href')!);
  }
  return { urls, inline };
}

/**
 * Module specifiers a JavaScript file can load (relative, absolute path or URL; bare names are
 * returned too): static imports, and dynamic ones (import("…") and Vite's preload lists) apart.
 */
export function scanJs(code: string): { static: string[]; dynamic: string[] } {
  const found = { static: [] as string[], dynamic: [] as string[] };
  // import x from "…", import {a} from "…", export * from "…", import "…" (also minified: import{a}from"…").
  for (const m of code.matchAll(/(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'`]([^"'`\s]+)["'`]/g))
    found.static.push(m[1]);
  // import("…")
  for (const m of code.matchAll(/(?:^|[^\w$.])import\s*\(\s*["'`]([^"'`\s]+)["'`]\s*\)/g)) found.dynamic.push(m[1]);
  // Vite: const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["_astro/a.js","_astro/b.css"])))=>…
  for (const m of code.matchAll(/m\.f\s*=\s*\[([^\]]*)\]/g)) {
    for (const s of m[1].matchAll(/["'`]([^"'`]+)["'`]/g))
      found.dynamic.push(/^(\.{0,2}\/|[a-z]+:)/i.test(s[1]) ? s[1] : `/${s[1]}`);
  }
  return found;
}

const isJsUrl = (url: URL) => !/\.(css|json|svg|png|jpe?g|webp|avif|woff2?|wasm)$/i.test(url.pathname);

/** `headers` lets a signed-in page be measured (a `Cookie` with the session). */
export async function measurePageJs(
  origin: string,
  page: string,
  path: string,
  budget: number | null,
  headers: Record<string, string> = {},
): Promise<PageJs> {
  const pageUrl = new URL(path, origin);
  const response = await fetch(pageUrl, { redirect: 'follow', headers });
  const html = await response.text();
  const warnings: string[] = [];
  const { urls, inline } = scanHtml(html);
  const list: JsFile[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  let onDemandGzipBytes = 0;
  const seen = new Set<string>();
  // The initial graph first; dynamic imports wait in `later` until it is complete.
  const queue: URL[] = [];
  const later: [string, URL][] = [];
  let phase: 'initial' | 'on demand' = 'initial';
  const enqueue = (spec: string, base: URL) => {
    if (/^(data|blob):/i.test(spec)) return;
    if (spec.includes('${')) {
      warnings.push(`computed import \`${spec}\` not followed`);
      return;
    }
    if (!/^(\.{0,2}\/|https?:)/i.test(spec)) {
      // A bare module name would fail in the browser too; anything else is a false match in code.
      if (/^@?[\w-]+(\/[\w.-]+)*$/.test(spec)) warnings.push(`bare import "${spec}" not followed`);
      return;
    }
    const url = new URL(spec, base);
    url.hash = '';
    if (url.origin !== pageUrl.origin) {
      warnings.push(`external script ${url.href} not counted`);
      return;
    }
    if (!isJsUrl(url) || seen.has(url.href)) return;
    seen.add(url.href);
    queue.push(url);
  };
  for (const url of urls) enqueue(url, pageUrl);
  const follow = (code: string, base: URL) => {
    const found = scanJs(code);
    for (const spec of found.static) enqueue(spec, base);
    for (const spec of found.dynamic) later.push([spec, base]);
  };
  inline.forEach((body, i) => {
    const size = Buffer.byteLength(body);
    const gz = gzipSize(body);
    bytes += size;
    gzipBytes += gz;
    list.push({ url: `(inline script ${i + 1})`, bytes: size, gzip_bytes: gz, on_demand: false });
    follow(body, pageUrl);
  });
  for (;;) {
    if (queue.length === 0) {
      if (later.length === 0) break;
      phase = 'on demand';
      for (const [spec, base] of later.splice(0)) enqueue(spec, base);
      continue;
    }
    const url = queue.shift()!;
    const r = await fetch(url);
    if (!r.ok) {
      warnings.push(`${url.pathname}: HTTP ${r.status}`);
      await r.arrayBuffer();
      continue;
    }
    const body = Buffer.from(await r.arrayBuffer());
    const gz = gzipSize(body);
    const onDemand = phase === 'on demand';
    if (onDemand) onDemandGzipBytes += gz;
    else {
      bytes += body.length;
      gzipBytes += gz;
    }
    list.push({ url: url.pathname + url.search, bytes: body.length, gzip_bytes: gz, on_demand: onDemand });
    follow(body.toString('utf8'), url);
  }
  return {
    page,
    path,
    status: response.status,
    redirected_to: response.redirected ? new URL(response.url).pathname : null,
    files: list.length,
    external_files: list.length - inline.length,
    inline_scripts: inline.length,
    bytes,
    gzip_bytes: gzipBytes,
    on_demand_gzip_bytes: onDemandGzipBytes,
    budget_gzip_bytes: budget,
    verdict: budget === null ? '-' : gzipBytes <= budget ? 'OK' : 'OVER',
    list,
    warnings: [...new Set(warnings)],
  };
}
