/**
 * A demo product's pack, drawn from its recipe: a box in its kind's colour with the brand on a band, the
 * product's name and packaging on the front and its shade (when it has one) on a swatch, so fifty
 * composites no longer look the same. The text is drawn as outlines of the bundled font (`server/fonts.ts`),
 * so the picture is the same on any machine, fonts installed or not.
 */
import * as fontkit from 'fontkit';
import { fontFile } from '../fonts.ts';
import { PACK_HUES, type PackRecipe } from './pack-recipe.ts';

export type { PackRecipe };

/** Vita classical shades: an approximate tooth colour for each letter group. */
const SHADE_COLOURS: Record<string, string> = { A: '#ecd9b8', B: '#efe2bd', C: '#ddd3c0', D: '#e4d6c4' };

type Font = fontkit.Font;
let fonts: { bold: Font; regular: Font } | undefined;

function loadFonts() {
  fonts ??= {
    bold: fontkit.create(fontFile('bold')) as Font,
    regular: fontkit.create(fontFile('regular')) as Font,
  };
  return fonts;
}

function textWidth(font: Font, text: string, size: number): number {
  return (font.layout(text).advanceWidth * size) / font.unitsPerEm;
}

/** The outline of one line of text, its baseline starting at (x, y). */
function textPath(font: Font, text: string, size: number, x: number, y: number): string {
  const scale = size / font.unitsPerEm;
  const run = font.layout(text);
  let pen = 0;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const gx = x + (pen + position.xOffset) * scale;
    const gy = y - position.yOffset * scale;
    // Font units go up, the picture's go down: flip and move each glyph into place.
    const path = glyph.path.scale(scale, -scale).translate(gx, gy).toSVG();
    if (path) parts.push(path);
    pen += position.xAdvance;
  });
  return parts.join('').replace(/(\d+\.\d)\d+/g, '$1');
}

/** Breaks text into at most `lines` lines no wider than `width`; the last one ends with «…» if cut. */
function wrap(font: Font, text: string, size: number, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const result: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(font, candidate, size) <= width || !line) line = candidate;
    else {
      result.push(line);
      line = word;
    }
  }
  if (line) result.push(line);
  if (result.length <= lines) return result;
  const kept = result.slice(0, lines);
  let last = kept[lines - 1]!;
  while (last.length > 1 && textWidth(font, `${last}…`, size) > width) last = last.slice(0, -1).trimEnd();
  kept[lines - 1] = `${last}…`;
  return kept;
}

/** Fits one line into `width` by shrinking from `size` down to `min`, then cutting. */
function fitLine(font: Font, text: string, size: number, min: number, width: number): [string, number] {
  let current = size;
  while (current > min && textWidth(font, text, current) > width) current -= 1;
  return [wrap(font, text, current, width, 1)[0] ?? '', current];
}

export function drawPack(recipe: PackRecipe): string {
  const { bold, regular } = loadFonts();
  const hue = /^#[0-9a-f]{6}$/i.test(recipe.hue) ? recipe.hue : PACK_HUES[0];
  const [title, ...rest] = recipe.name.split(', ');
  const small = rest.filter((part) => !(recipe.shade && part.includes(recipe.shade))).join(', ');
  // The front face: x 120…440, y 150…530; the side and the top give it depth.
  const left = 140;
  const inner = 280;
  const [brand, brandSize] = fitLine(bold, recipe.brand.toUpperCase(), 34, 20, inner);
  const titleLines = wrap(bold, title ?? recipe.name, 30, inner, 3);
  const smallLines = small ? wrap(regular, small, 21, inner, 2) : [];
  let y = 268;
  const paths: string[] = [];
  for (const line of titleLines) {
    paths.push(`<path d="${textPath(bold, line, 30, left, y)}" fill="#0f172a"/>`);
    y += 36;
  }
  y += 6;
  for (const line of smallLines) {
    paths.push(`<path d="${textPath(regular, line, 21, left, y)}" fill="#334155"/>`);
    y += 27;
  }
  const [kind, kindSize] = fitLine(bold, recipe.kind.toUpperCase(), 18, 12, recipe.shade ? 170 : inner);
  const swatch = recipe.shade
    ? `<g><rect x="322" y="440" width="104" height="72" rx="12" fill="${SHADE_COLOURS[recipe.shade[0]!.toUpperCase()] ?? '#eadfc8'}" stroke="#94a3b8" stroke-width="2"/>` +
      `<path d="${textPath(bold, recipe.shade, 32, 374 - textWidth(bold, recipe.shade, 32) / 2, 488)}" fill="#1f2937"/></g>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">` +
    `<rect width="600" height="600" fill="#eef4f6"/>` +
    `<ellipse cx="300" cy="548" rx="210" ry="18" fill="#d2e0e5"/>` +
    // Top and side of the box.
    `<path d="M120 150 L160 110 H480 L440 150 Z" fill="${hue}" opacity="0.55"/>` +
    `<path d="M440 150 L480 110 V490 L440 530 Z" fill="${hue}"/>` +
    `<path d="M440 150 L480 110 V490 L440 530 Z" fill="#000" opacity="0.18"/>` +
    // The front: a band with the brand, the name, the kind and the swatch.
    `<rect x="120" y="150" width="320" height="380" fill="#ffffff" stroke="#cbd5e1" stroke-width="2"/>` +
    `<rect x="120" y="150" width="320" height="76" fill="${hue}"/>` +
    `<path d="${textPath(bold, brand, brandSize, left, 150 + 38 + brandSize * 0.36)}" fill="#ffffff"/>` +
    paths.join('') +
    `<rect x="${left}" y="474" width="${Math.round(textWidth(bold, kind, kindSize)) + 24}" height="32" rx="16" fill="${hue}" opacity="0.14"/>` +
    `<path d="${textPath(bold, kind, kindSize, left + 12, 490 + kindSize * 0.36)}" fill="${hue}"/>` +
    swatch +
    `</svg>`
  );
}
