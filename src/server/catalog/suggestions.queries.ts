import type { CountryCode } from '../../shared/countries.ts';
import { listBrands } from './brands.queries.ts';
import { memoCache } from '../cache/memo.ts';
import { loadCategories } from './categories.queries.ts';
import { listProducts, type ProductSummary } from './products.queries.ts';
import { parseSearch } from './search.ts';
import { wordVariants } from './search-variants.ts';

export interface Suggestions {
  products: ProductSummary[];
  categories: { slug: string; name: string }[];
  brands: { slug: string; name: string }[];
}

const LIMITS = { products: 5, categories: 4, brands: 3 };

/**
 * What the search box suggests while a visitor types: the best products of the search (the same
 * search the results page runs, so the two never disagree), and the categories and brands whose names
 * start with each typed word, in any of its spellings («ортод», «филт», «ашдеу»). Memoised per country
 * and text like every catalog read, and emptied with them.
 */
export function suggest(text: string, country: CountryCode): Promise<Suggestions> {
  const search = parseSearch(text);
  if (!search) return Promise.resolve({ products: [], categories: [], brands: [] });
  return cache.get(`${country}/${search.text.toLowerCase()}`, () => load(search.text, search.words, country));
}

const cache = memoCache<Suggestions>({
  scopes: ['catalog'],
  max: 2000,
  productsOf: (suggestions) => suggestions.products.map((product) => product.id),
});

async function load(text: string, words: string[], country: CountryCode): Promise<Suggestions> {
  const [found, categories, brands] = await Promise.all([
    listProducts({ country, search: text, ordering: 'relevance', limit: LIMITS.products, offset: 0 }),
    loadCategories(),
    listBrands({ limit: 1000, offset: 0 }),
  ]);
  return {
    products: found.items,
    categories: categories
      .filter((c) => namesMatch(c.name, words))
      .slice(0, LIMITS.categories)
      .map(({ slug, name }) => ({ slug, name })),
    brands: brands.items
      .filter((b) => namesMatch(b.name, words))
      .slice(0, LIMITS.brands)
      .map(({ slug, name }) => ({ slug, name })),
  };
}

/**
 * Whether every typed word, in one of its spellings, starts a word of the name. Spellings go two steps
 * deep, so a Latin brand typed in Cyrillic on the Latin layout («vtlbr» → «медик» → medic) still finds it.
 */
export function namesMatch(name: string, words: string[]): boolean {
  const nameWords = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => {
    const near = wordVariants(word);
    const spellings = [word, ...near, ...near.flatMap(wordVariants)];
    return spellings.some((spelling) => nameWords.some((w) => w.startsWith(spelling)));
  });
}
