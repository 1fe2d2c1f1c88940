import { map } from 'nanostores';
import type { ProductListQuery } from '~/lib/api/catalog.ts';
import type { CountryCode } from '~/lib/api/types.ts';
import {
  defaultFilters,
  isProductOrdering,
  parsePrice,
  splitBrands,
  type FiltersState,
  type PriceRange,
  type ProductOrdering,
} from '~/shared/filters-url.ts';

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
