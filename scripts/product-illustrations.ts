/**
 * `node scripts/product-illustrations.ts`: writes one illustration per kind of demo product to
 * public/images/demo/kinds/<kind>.svg, so products of different kinds can be told apart at a glance
 * (issue 12): the kind's shape (its first picture in the seed), recoloured in a hue of its own, with its
 * name on a label. Shipped in the repo like the other demo pictures; run again after adding a kind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { kinds } from '../src/server/catalog/seed/kinds.ts';
import { KIND_LABELS } from '../src/server/catalog/seed/kind-labels.ts';

const root = path.resolve(import.meta.dirname, '..');
const demo = path.join(root, 'public/images/demo');

/** main, dark, light, pale, background circle: they replace the shapes' teal and its tints. */
const HUES: [string, string, string, string, string][] = [
  ['#14a3a0', '#0f766e', '#99e0d8', '#e3f4f2', '#e2edf0'],
  ['#7c5cd6', '#5b3fb0', '#d6cbf5', '#f1edfc', '#ebe6f8'],
  ['#d9911a', '#97600a', '#f5d9a8', '#fdf3e1', '#f6ecdc'],
  ['#d0506e', '#a3324f', '#f4c2cf', '#fcebef', '#f6e4e8'],
  ['#3f9a4a', '#2b7335', '#bfe3c3', '#eaf6eb', '#e3efe4'],
  ['#e06b2d', '#b24d17', '#f7cdb4', '#fdeee5', '#f6e7dd'],
  ['#1597c4', '#0d6f92', '#a9def0', '#e6f6fb', '#e0eef3'],
  ['#b3479f', '#87327a', '#ecc3e4', '#faebf7', '#f2e3ef'],
  ['#55708a', '#3b5166', '#cbd6e1', '#eef2f6', '#e4e9ee'],
  ['#8a8f1e', '#62660f', '#e0e2a6', '#f6f7e3', '#eeefdc'],
  ['#c8453a', '#9b2f26', '#f3c1bc', '#fcecea', '#f4e2df'],
  ['#2f6fde', '#1e40af', '#c7dcfb', '#e8f0fd', '#e3ebf8'],
];
const TEAL = HUES[0]!;

const escapeXml = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function illustrate(base: string, hue: (typeof HUES)[number], label: string): string {
  let svg = base;
  TEAL.forEach((colour, i) => {
    svg = svg.replaceAll(colour, hue[i]!);
  });
  // The label: a pill under the shape, sized to the text (about 0.6 em per character at 34 px).
  const width = Math.min(560, Math.round(label.length * 20 + 64));
  const x = 300 - width / 2;
  const pill =
    `<rect x="${x}" y="512" width="${width}" height="56" rx="28" fill="${hue[1]}"/>` +
    `<text x="300" y="550" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="30" font-weight="700" fill="#ffffff">${escapeXml(label)}</text>`;
  return svg.replace('</svg>', `${pill}</svg>`);
}

let written = 0;
Object.entries(kinds).forEach(([key, kind], index) => {
  const label = KIND_LABELS[key as keyof typeof KIND_LABELS];
  if (!label) throw new Error(`No label for the kind «${key}» in kind-labels.ts.`);
  const base = readFileSync(path.join(demo, kind.images[0]!), 'utf8');
  writeFileSync(path.join(demo, 'kinds', `${key}.svg`), illustrate(base, HUES[index % HUES.length]!, label));
  written += 1;
});
console.log(`Wrote ${written} illustrations to public/images/demo/kinds/.`);
