/**
 * What the shop compresses and how it picks an encoding, shared by the response cache (which keeps
 * br, gzip and identity copies) and the live compression of everything else (`compressing-response.ts`).
 */
import type { OutgoingHttpHeader } from 'node:http';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Types worth compressing: text, JSON, XML, JavaScript, SVG. */
export const COMPRESSIBLE_TYPES =
  /^(text\/|application\/(json|xml|javascript|manifest\+json|rss\+xml|atom\+xml|problem\+json)|image\/svg\+xml)/i;

/** Bodies smaller than this are not worth compressing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The best encoding the client accepts among those offered: br, then gzip, else identity. Follows the
 * `q` values (`q=0` refuses) and `*`.
 */
export function preferredEncoding(
  acceptEncoding: string | string[] | undefined,
  offered: { br: boolean; gzip: boolean },
): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (offered.br && wants('br')) return 'br';
  if (offered.gzip && wants('gzip')) return 'gzip';
  return 'identity';
}

/** A `Vary` value with `add` in it (once, whatever its case). */
export function mergeVary(existing: OutgoingHttpHeader | undefined, add: string): string {
  const values = String(existing ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === add.toLowerCase() || v === '*')) values.push(add);
  return values.join(', ');
}
