import { filtersFromSearchParams, type FiltersState } from '../../shared/filters-url.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { getCategoryFacet, getFacets, type CategoryFacetValue, type Facets } from '../catalog/facets.queries.ts';
import type { ProductFilters } from '../catalog/product-filters.ts';
import { listProducts, type ProductSummary } from '../catalog/products.queries.ts';
import { ValidationError } from '../errors.ts';
import { withContractPrices } from '../clinics/contract-prices.queries.ts';
import { pagePrices } from './member-prices.ts';
import { pageNumberParam } from './page-input.ts';
import type { PageContext } from './page-session.ts';

export const LISTING_PAGE_SIZE = 24;

export interface Listing {
  items: ProductSummary[];
  count: number;
  facets: Facets;
  /** A brand page's category choices (its first filter); absent elsewhere. */
  categories?: CategoryFacetValue[];
  filters: FiltersState;
  search: string;
  page: number;
  pageCount: number;
  /** Set when filters of the URL no longer exist (a stale shared link) and were dropped. */
  notice?: string;
}

interface ListingScope {
  country: CountryCode;
  category?: string;
  /** A brand page: the brand is fixed, not a filter choice. */
  brand?: string;
  searchParams: URLSearchParams;
  /** The page's request: a clinic's member sees the clinic's prices (`member-prices.ts`). */
  reader?: PageContext;
}

/**
 * A catalog, brand or search page's products and filter choices, read from the page URL; null for a
 * `?page=` that is not a page number (the page answers 404, nothing is read).
 */
export async function loadListing(scope: ListingScope): Promise<Listing | null> {
  const page = pageNumberParam(scope.searchParams);
  if (page === null) return null;
  const { filters, search } = filtersFromSearchParams(scope.searchParams);
  // Only a brand page chooses its category in the query; a category page has it in the path.
  if (!scope.brand) filters.category = undefined;
  const toQuery = (f: FiltersState): ProductFilters => ({
    country: scope.country,
    category: scope.category ?? f.category,
    brands: scope.brand ? [scope.brand] : f.brands ? f.brands.split(',') : undefined,
    priceFrom: f.priceRange.minPrice ? String(f.priceRange.minPrice) : undefined,
    priceTo: f.priceRange.maxPrice ? String(f.priceRange.maxPrice) : undefined,
    specifications: f.specifications,
    search: search || undefined,
  });
  let notice: string | undefined;
  let query = toQuery(filters);
  const run = (q: ProductFilters) =>
    Promise.all([
      listProducts({
        ...q,
        ordering: filters.ordering,
        limit: LISTING_PAGE_SIZE,
        offset: (page - 1) * LISTING_PAGE_SIZE,
      }),
      getFacets(q),
      scope.brand ? getCategoryFacet(q) : undefined,
    ]);
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run(query);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    filters.category = undefined;
    filters.brands = '';
    filters.specifications = {};
    filters.priceRange = { minPrice: 0, maxPrice: 0 };
    notice = 'Некоторые фильтры из ссылки больше не действуют, поэтому они сброшены.';
    query = toQuery(filters);
    result = await run(query);
  }
  const [{ items, count }, facets, categories] = result;
  const prices = scope.reader
    ? await pagePrices(
        scope.reader,
        scope.country,
        items.map((item) => item.id),
      )
    : null;
  return {
    items: await withContractPrices(prices, items),
    count,
    // A brand spans unrelated categories: its specifications mean something only within one.
    facets: scope.brand && !filters.category ? { ...facets, specifications: [] } : facets,
    categories,
    filters,
    search,
    page,
    pageCount: Math.max(1, Math.ceil(count / LISTING_PAGE_SIZE)),
    notice,
  };
}
