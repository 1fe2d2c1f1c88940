/**
 * The catalog page's filter state and its URL, shared by the filter islands and the server-rendered page.
 *
 * URL format: `q`, `price_from`, `price_to` (left out when 0), `brand` repeated per slug (a comma list is
 * read too), `ordering` (left out when it is the default: `relevance` with a search, else `price`), `s.<specSlug>` repeated per value (what a plain GET form
 * of checkboxes named `s.<slug>` submits), `page` (left out when 1), `category` (a brand page's category choice).
 */

export interface PriceRange {
  minPrice: number;
  maxPrice: number;
}

export interface FiltersState {
  /** 0 means "no bound". */
  priceRange: PriceRange;
  /** Brand slugs, comma-separated; `''` for all brands. */
  brands: string;
  ordering: ProductOrdering;
  /** Selected values per specification slug; a slug with no values is absent. */
  specifications: Record<string, string[]>;
  /** A category slug chosen on a brand page (a category page has its category in the path). */
  category?: string;
}

export const PRODUCT_ORDERINGS = ['price', '-price', 'name', '-name', '-created_at', 'relevance'] as const;
export type ProductOrdering = (typeof PRODUCT_ORDERINGS)[number];
export const DEFAULT_ORDERING: ProductOrdering = 'price';

/** Search results are best first unless the visitor sorts them; everything else is cheapest first. */
export function defaultOrdering(search: string): ProductOrdering {
  return search.trim() ? 'relevance' : DEFAULT_ORDERING;
}

export const ORDERING_LABELS: Record<ProductOrdering, string> = {
  price: 'Сначала дешевле',
  '-price': 'Сначала дороже',
  name: 'По названию, А–Я',
  '-name': 'По названию, Я–А',
  '-created_at': 'Сначала новые',
  relevance: 'По релевантности',
};

export const SPEC_PARAM_PREFIX = 's.';

export function isProductOrdering(value: unknown): value is ProductOrdering {
  return typeof value === 'string' && (PRODUCT_ORDERINGS as readonly string[]).includes(value);
}

export function defaultFilters(): FiltersState {
  return { priceRange: { minPrice: 0, maxPrice: 0 }, brands: '', ordering: DEFAULT_ORDERING, specifications: {} };
}

/** A price bound from untrusted input: a non-negative finite number (a decimal comma is accepted), else 0. */
export function parsePrice(value: unknown): number {
  const n = typeof value === 'string' ? Number(value.trim().replace(/\s/g, '').replace(',', '.')) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
}

/** Brand slugs from a comma list or a list of comma lists, trimmed and without duplicates. */
export function splitBrands(value: string | readonly string[]): string[] {
  const parts = (typeof value === 'string' ? [value] : value).flatMap((v) => v.split(','));
  return [...new Set(parts.map((s) => s.trim()).filter(Boolean))];
}

function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface PageParams {
  page?: number;
  search?: string;
}

/** The catalog URL's query for the given filters, page and search; defaults are left out. */
export function filtersToSearchParams(
  filters: FiltersState,
  { page = 1, search = '' }: PageParams = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const q = search.trim();
  if (q) params.set('q', q);
  if (filters.category) params.set('category', filters.category);
  const minPrice = parsePrice(filters.priceRange.minPrice);
  const maxPrice = parsePrice(filters.priceRange.maxPrice);
  if (minPrice) params.set('price_from', String(minPrice));
  if (maxPrice) params.set('price_to', String(maxPrice));
  for (const brand of splitBrands(filters.brands)) params.append('brand', brand);
  if (filters.ordering !== defaultOrdering(q) && isProductOrdering(filters.ordering))
    params.set('ordering', filters.ordering);
  for (const slug of Object.keys(filters.specifications).sort(byCodeUnit)) {
    for (const value of new Set(filters.specifications[slug])) {
      if (value !== '') params.append(SPEC_PARAM_PREFIX + slug, value);
    }
  }
  if (Number.isInteger(page) && page > 1) params.set('page', String(page));
  return params;
}

export interface CatalogUrlState {
  filters: FiltersState;
  page: number;
  search: string;
}

/** Reads the catalog URL's query; anything malformed falls back to its default instead of failing. */
export function filtersFromSearchParams(params: URLSearchParams): CatalogUrlState {
  const filters = defaultFilters();
  filters.priceRange = { minPrice: parsePrice(params.get('price_from')), maxPrice: parsePrice(params.get('price_to')) };
  filters.brands = splitBrands(params.getAll('brand')).join(',');
  const ordering = params.get('ordering');
  const search = (params.get('q') ?? '').trim();
  filters.ordering = isProductOrdering(ordering) ? ordering : defaultOrdering(search);
  const specifications = new Map<string, string[]>();
  for (const [key, value] of params) {
    if (!key.startsWith(SPEC_PARAM_PREFIX) || value === '') continue;
    const slug = key.slice(SPEC_PARAM_PREFIX.length);
    if (!slug) continue;
    const values = specifications.get(slug) ?? [];
    if (!values.includes(value)) values.push(value);
    specifications.set(slug, values);
  }
  filters.specifications = Object.fromEntries(specifications);
  const category = (params.get('category') ?? '').trim();
  if (category && category.length <= 200) filters.category = category;
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
  return { filters, page, search };
}

/** One active filter as a removable chip: its text and the query that drops it (the page resets to 1). */
export interface FilterChip {
  key: string;
  /** What the filter is, e.g. «Бренд», «Оттенок», «Цена от». */
  name: string;
  /** The chosen value as text; for price bounds the amount in the country's currency, as a decimal string. */
  value: string;
  kind: 'category' | 'brand' | 'specification' | 'price';
  /** The listing's query without this filter. */
  query: string;
}

export interface ChipLabels {
  categories?: Record<string, string>;
  brands?: Record<string, string>;
  specifications?: Record<string, string>;
}

/**
 * The active filters of a listing as chips, in the order the panel lists them (price, brands,
 * specifications; a brand page's category first); each chip's query keeps the search, the ordering and every other filter.
 */
export function activeFilterChips(filters: FiltersState, search: string, labels: ChipLabels = {}): FilterChip[] {
  const chips: FilterChip[] = [];
  const without = (change: (f: FiltersState) => void): string => {
    const next: FiltersState = {
      ...filters,
      priceRange: { ...filters.priceRange },
      specifications: Object.fromEntries(
        Object.entries(filters.specifications).map(([slug, values]) => [slug, [...values]]),
      ),
    };
    change(next);
    return filtersToSearchParams(next, { search }).toString();
  };
  if (filters.category) {
    const name = labels.categories?.[filters.category] ?? filters.category;
    // Specifications belong to a category: dropping it drops them too.
    chips.push({
      key: 'category',
      name: 'Категория',
      value: name,
      kind: 'category',
      query: without((f) => ((f.category = undefined), (f.specifications = {}))),
    });
  }
  const minPrice = parsePrice(filters.priceRange.minPrice);
  const maxPrice = parsePrice(filters.priceRange.maxPrice);
  if (minPrice)
    chips.push({
      key: 'price_from',
      name: 'Цена от',
      value: String(minPrice),
      kind: 'price',
      query: without((f) => (f.priceRange.minPrice = 0)),
    });
  if (maxPrice)
    chips.push({
      key: 'price_to',
      name: 'Цена до',
      value: String(maxPrice),
      kind: 'price',
      query: without((f) => (f.priceRange.maxPrice = 0)),
    });
  for (const brand of splitBrands(filters.brands)) {
    chips.push({
      key: `brand:${brand}`,
      name: 'Бренд',
      value: labels.brands?.[brand] ?? brand,
      kind: 'brand',
      query: without(
        (f) =>
          (f.brands = splitBrands(f.brands)
            .filter((b) => b !== brand)
            .join(',')),
      ),
    });
  }
  for (const slug of Object.keys(filters.specifications).sort(byCodeUnit)) {
    for (const value of new Set(filters.specifications[slug])) {
      if (value === '') continue;
      chips.push({
        key: `s.${slug}:${value}`,
        name: labels.specifications?.[slug] ?? slug,
        value,
        kind: 'specification',
        query: without((f) => {
          const rest = (f.specifications[slug] ?? []).filter((v) => v !== value);
          if (rest.length) f.specifications[slug] = rest;
          else delete f.specifications[slug];
        }),
      });
    }
  }
  return chips;
}

/** The query that clears every filter but keeps the search and the ordering. */
export function clearedFiltersQuery(filters: FiltersState, search: string): string {
  return filtersToSearchParams({ ...defaultFilters(), ordering: filters.ordering }, { search }).toString();
}
