import { brandSeeds, type BrandSeed } from './brands.ts';
import { flattenCategories } from './categories.ts';
import type { Family, Variant } from './family.ts';
import { equipmentFamilies } from './families-equipment.ts';
import { prostheticsFamilies } from './families-prosthetics.ts';
import { supplyFamilies } from './families-supplies.ts';
import { therapyFamilies } from './families-therapy.ts';
import type { Kind } from './kind.ts';
import { kinds } from './kinds.ts';
import { buildOffers, roundKgs, type OfferDraft } from './offers.ts';
import { randomFor, type Random } from '../../seeding/random.ts';
import { specKinds, specSlugs, type SpecKey, type SpecValues } from './specifications.ts';
import { escapeMarkup } from '../../../shared/escape.ts';
import { slugify } from '../../../shared/slug.ts';
import { stripHtml } from '../../seeding/text.ts';
import { hueFor, type PackRecipe } from '../../media/pack-recipe.ts';
import { KIND_LABELS } from './kind-labels.ts';

export const demoFamilies: Family[] = [
  ...therapyFamilies,
  ...prostheticsFamilies,
  ...supplyFamilies,
  ...equipmentFamilies,
];

/** Creation dates of demo products fall within the year before this moment. */
export const DEMO_NOW = Date.UTC(2026, 10, 20, 6, 0, 0);
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A whole-minute moment within the year before DEMO_NOW. */
export function demoCreatedAt(rng: Random): Date {
  return new Date(Math.floor((DEMO_NOW - rng.next() * YEAR_MS) / 60000) * 60000);
}

export interface SpecDraft {
  /** Specification slug. */
  slug: string;
  value: string;
  valueNumber: string | null;
}

export interface ProductDraft {
  slug: string;
  sku: string;
  name: string;
  /** The family's code when it has more than one variant, else null. */
  family: string | null;
  description: string;
  searchText: string;
  brand: string;
  category: string;
  images: string[];
  /** The product's pack, drawn as its first photo (`media/pack-drawing.ts`) when the demo is seeded. */
  pack: PackRecipe;
  specs: SpecDraft[];
  offers: OfferDraft[];
  createdAt: Date;
  /** Base price in KGS the offers were derived from. */
  price: number;
}

/** The demo catalog; identical on every run. */
export function buildDemoProducts(): ProductDraft[] {
  const brands = new Map(brandSeeds.map((b) => [b.slug, b]));
  const categories = new Map(flattenCategories().map((c) => [c.slug, c]));
  const taken = { slugs: new Set<string>(), skus: new Set<string>() };
  return demoFamilies.flatMap((family) => {
    const kind: Kind = kinds[family.kind];
    const brand = brands.get(family.brand);
    const category = categories.get(family.category);
    if (!brand) throw new Error(`Demo family ${family.code} names an unknown brand "${family.brand}".`);
    if (!category?.isLeaf)
      throw new Error(`Demo family ${family.code} must be in a leaf category, not "${family.category}".`);
    const [low, high] = family.price ?? kind.price;
    const basePrice = low + randomFor(`price:${family.code}`).next() * (high - low);
    const variants = family.variants ?? [{}];
    return variants.map((variant, index): ProductDraft => {
      const specs: SpecValues = { ...kind.specs, ...family.specs, ...variant.specs, country: brand.origin };
      const name = productName(family, kind, variant, specs);
      const sku = unique(
        taken.skus,
        variants.length === 1 && !variant.sku ? family.code : `${family.code}-${skuSuffix(variant, index)}`,
      );
      const rng = randomFor(sku);
      const price = roundKgs(basePrice * (variant.factor ?? 1));
      const description = describe(family, kind, brand, name, rng);
      return {
        slug: unique(taken.slugs, slugify(name)),
        sku,
        name,
        family: variants.length > 1 ? family.code : null,
        description,
        searchText: `${brand.name} ${category.name} ${stripHtml(description)}`,
        brand: brand.slug,
        category: category.slug,
        // Its kind's own illustration first (coloured and labelled: scripts/product-illustrations.ts), then the rest.
        images: [
          `/images/demo/kinds/${family.kind}.svg`,
          ...kind.images.slice(1).map((file) => `/images/demo/${file}`),
        ],
        pack: {
          brand: brand.name,
          name,
          kind: KIND_LABELS[family.kind as keyof typeof KIND_LABELS],
          ...(specs.shade !== undefined ? { shade: String(specs.shade) } : {}),
          hue: hueFor(family.brand),
        },
        specs: specRows(specs),
        offers: buildOffers(price, randomFor(`offer:${sku}`)),
        createdAt: demoCreatedAt(rng),
        price,
      };
    });
  });
}

function productName(family: Family, kind: Kind, variant: Variant, specs: SpecValues): string {
  const hasSlot = family.name.includes('{v}');
  const head = hasSlot
    ? family.name
        .replace('{v}', variant.label ?? '')
        .replace(/\s+/g, ' ')
        .trim()
    : family.name;
  // A family's packaging text already names its amounts, so only what varies is added.
  const source = family.pack ? (variant.specs ?? {}) : specs;
  const tail = !hasSlot && variant.label !== undefined ? [variant.label] : (kind.parts?.(source) ?? []);
  return [head, family.pack, ...tail].filter((part): part is string => Boolean(part)).join(', ');
}

function skuSuffix(variant: Variant, index: number): string {
  if (variant.sku) return variant.sku;
  const tokens = Object.entries(variant.specs ?? {}).map(([key, value]) => {
    if (typeof value === 'number')
      return `${String(value).replace('.', '')}${key === 'g' ? 'G' : key === 'ml' ? 'ML' : ''}`;
    // Latin letters and digits only: «гранулы 0,25–1 мм» → "0251", «S1–F3 ассорти» → "S1F3".
    return value
      .replace(/[а-яё]+/gi, '')
      .replace(/[^a-z0-9]/gi, '')
      .toUpperCase();
  });
  return tokens.filter(Boolean).join('-') || String(index + 1);
}

function unique(taken: Set<string>, wanted: string): string {
  let candidate = wanted;
  for (let n = 2; taken.has(candidate); n++) candidate = `${wanted}-${n}`;
  taken.add(candidate);
  return candidate;
}

function specRows(specs: SpecValues): SpecDraft[] {
  return (Object.entries(specs) as Array<[SpecKey, string | number | undefined]>)
    .filter((entry): entry is [SpecKey, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => {
      const numeric = specKinds[key] === 'number' ? Number(value) : null;
      return {
        slug: specSlugs[key],
        value: numeric === null ? String(value) : String(numeric).replace('.', ','),
        valueNumber: numeric === null ? null : String(numeric),
      };
    });
}

function describe(family: Family, kind: Kind, brand: BrandSeed, name: string, rng: Random): string {
  const intro = `<p><strong>${escapeMarkup(name)}</strong> — ${kind.noun} производства ${escapeMarkup(brand.name)} (${brand.origin}). ${family.about ?? kind.lead}</p>`;
  const features = kind.features.filter(() => rng.chance(0.85));
  const shown = features.length >= 2 ? features : kind.features.slice(0, 3);
  const body = rng.chance(0.6)
    ? `<ul>${shown.map((f) => `<li>${f}</li>`).join('')}</ul>`
    : `<p>${shown.map((f) => `${f}.`).join(' ')}</p>`;
  return `${intro}${body}<p><em>Применение.</em> ${kind.usage}</p>`;
}
