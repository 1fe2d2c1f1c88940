/** What a demo product's pack shows (`pack-drawing.ts` draws it), kept with the photo's row. */
export interface PackRecipe {
  /** Written on the band: the brand as it is spelled. */
  brand: string;
  /** The product's name; its first part (before a comma) is the title, the rest the small print. */
  name: string;
  /** What kind of product it is («Композит»), at the foot of the pack. */
  kind: string;
  /** A shade such as «A2», drawn on a swatch. */
  shade?: string;
  /** The pack's colour (#rrggbb). */
  hue: string;
}

/** The packs' colours: a kind's is picked by its name, so a kind keeps its colour. */
export const PACK_HUES = [
  '#0f766e',
  '#5b3fb0',
  '#97600a',
  '#a3324f',
  '#2b7335',
  '#b24d17',
  '#0d6f92',
  '#87327a',
  '#3b5166',
  '#62660f',
  '#9b2f26',
  '#1e40af',
] as const;

export function hueFor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PACK_HUES[hash % PACK_HUES.length]!;
}
