import { map } from 'nanostores';
import type { ProductListQuery } from '~/lib/api/catalog.ts';
import type { CountryCode, ProductFacets } from '~/lib/api/types.ts';
import {
  defaultFilters,
  isProductOrdering,
  parsePrice,
  splitBrands,
  type FiltersState,
  type PriceRange,
  type ProductOrdering,
} from '~/shared/filters-url.ts';
import { createLatestGuard } from './load-status.ts';

export {
  DEFAULT_ORDERING,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  ORDERING_LABELS,
  PRODUCT_ORDERINGS,
  type CatalogUrlState,
  type FiltersState,
  type PriceRange,
  type ProductOrdering,
} from '~/shared/filters-url.ts';

export const $filters = map<FiltersState>(defaultFilters());

/** Sets the price bounds; a negative or non-numeric bound becomes 0 ("no bound"). */
export function setPriceRange(range: PriceRange): void {
  $filters.setKey('priceRange', { minPrice: parsePrice(range.minPrice), maxPrice: parsePrice(range.maxPrice) });
}

/** Sets the brand filter from a comma list or a list of slugs; `''` or `[]` means all brands. */
export function setBrands(brands: string | readonly string[]): void {
  $filters.setKey('brands', splitBrands(brands).join(','));
}

export function toggleBrand(slug: string): void {
  const brands = splitBrands($filters.get().brands);
  setBrands(brands.includes(slug) ? brands.filter((b) => b !== slug) : [...brands, slug]);
}

/** An unknown ordering is ignored. */
export function setOrdering(ordering: string): void {
  if (isProductOrdering(ordering)) $filters.setKey('ordering', ordering satisfies ProductOrdering);
}

/** Sets the selected values of one specification; an empty list removes the specification. */
export function setSpecification(slug: string, values: readonly string[]): void {
  const { [slug]: _previous, ...others } = $filters.get().specifications;
  const unique = [...new Set(values.filter((v) => v !== ''))];
  $filters.setKey('specifications', unique.length ? { ...others, [slug]: unique } : others);
}

export function toggleSpecificationValue(slug: string, value: string): void {
  const values = $filters.get().specifications[slug] ?? [];
  setSpecification(slug, values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);
}

/** Resets the price range to 0, specifications to none and brands to all; the ordering stays. */
export function clearFilters(): void {
  const defaults = defaultFilters();
  $filters.set({
    ...$filters.get(),
    priceRange: defaults.priceRange,
    specifications: defaults.specifications,
    brands: defaults.brands,
  });
}

/** Replaces every filter, e.g. with the state read from the page URL. */
export function replaceFilters(filters: FiltersState): void {
  $filters.set({ ...filters, priceRange: { ...filters.priceRange }, specifications: { ...filters.specifications } });
}

/** The product list query for the filters plus the page's own parameters. */
export function filtersToProductQuery(
  filters: FiltersState,
  page: { country: CountryCode; slug?: string; page?: number; search?: string; limit?: number; facets?: boolean },
): ProductListQuery {
  return {
    ...page,
    priceFrom: filters.priceRange.minPrice || undefined,
    priceTo: filters.priceRange.maxPrice || undefined,
    brand: filters.brands || undefined,
    ordering: filters.ordering,
    specifications: filters.specifications,
  };
}

/**
 * What the phone sheet's choices would leave, counted by the API while the visitor chooses: the sheet
 * shows it («Показать N товаров») without leaving the page. `result` is null until an answer comes.
 */
export interface FiltersDraft {
  result: { count: number; facets: ProductFacets } | null;
  /** The last count failed; applying the choices still works. */
  failed: boolean;
}

export const $filtersDraft = map<FiltersDraft>({ result: null, failed: false });

/** The listing a draft is counted in: its country, and the category, brand or search the page fixes. */
export interface DraftScope {
  country: CountryCode;
  category?: string;
  brand?: string;
  search?: string;
}

const draftRequests = createLatestGuard();

/**
 * Counts the products the current filters leave in `scope` (`GET /products/products/?facets=true&limit=1`);
 * an answer to an older call is ignored. On a brand page the specifications are offered only once a
 * category is chosen: they belong to one category.
 */
export async function countDraft(scope: DraftScope): Promise<void> {
  const ticket = draftRequests.next();
  try {
    const { listProducts } = await import('~/lib/api/catalog.ts');
    const filters = $filters.get();
    const query = filtersToProductQuery(filters, {
      country: scope.country,
      slug: filters.category || scope.category,
      search: scope.search || undefined,
      limit: 1,
      facets: true,
    });
    const answer = await listProducts(scope.brand ? { ...query, brand: scope.brand } : query);
    if (!draftRequests.isLatest(ticket) || !answer.facets) return;
    const facets = scope.brand && !filters.category ? { ...answer.facets, specifications: [] } : answer.facets;
    $filtersDraft.set({ result: { count: answer.count, facets }, failed: false });
  } catch {
    if (draftRequests.isLatest(ticket)) $filtersDraft.setKey('failed', true);
  }
}

/** Forgets the draft, and any count still on its way (the sheet closed, or a new listing opened). */
export function discardDraft(): void {
  draftRequests.next();
  $filtersDraft.set({ result: null, failed: false });
}
