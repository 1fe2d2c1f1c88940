import { publicApi as api, type ApiClient } from './transport.ts';
import { pageToOffset } from './paging.ts';
import { compactQuery } from './query.ts';
import { assertRequired } from './required.ts';
import { encodeSpecifications, type SpecificationSelection } from '../../shared/specifications.ts';
import type {
  Brand,
  Category,
  CategoryNode,
  CountryCode,
  Paginated,
  Product,
  ProductComparison,
  ProductList,
  Specification,
} from './types.ts';

/** The server's default product page size (DESIGN.md); `listProducts` sends it when no `limit` is given. */
export const PRODUCT_PAGE_SIZE = 24;

/** The products store's query fields (brief §3), plus `ids` and `facets`. */
export interface ProductListQuery {
  /** Category slug. */
  slug?: string;
  priceFrom?: number;
  priceTo?: number;
  specifications?: SpecificationSelection;
  search?: string;
  ordering?: string;
  limit?: number;
  /** Brand slugs, comma-separated or as a list. */
  brand?: string | string[];
  /** 1-based. */
  page?: number;
  country: CountryCode;
  ids?: number[];
  facets?: boolean;
}

/** Maps the store's query to `GET /products/products/` parameters; empty values are left out and `is_active` is always true. */
export function toProductListParams(query: ProductListQuery): Record<string, string | number | boolean> {
  const limit = query.limit ?? PRODUCT_PAGE_SIZE;
  const brand = (Array.isArray(query.brand) ? query.brand : (query.brand ?? '').split(','))
    .map((slug) => slug.trim())
    .filter(Boolean)
    .join(',');
  const offset = pageToOffset(query.page, limit);
  return compactQuery({
    category: query.slug,
    price_from: query.priceFrom && query.priceFrom > 0 ? query.priceFrom : undefined,
    price_to: query.priceTo && query.priceTo > 0 ? query.priceTo : undefined,
    specifications: query.specifications ? encodeSpecifications(query.specifications) : undefined,
    is_active: true,
    ids: query.ids?.length ? query.ids.join(',') : undefined,
    brand,
    search: query.search?.trim(),
    ordering: query.ordering,
    limit,
    offset: offset > 0 ? offset : undefined,
    country: query.country,
    facets: query.facets ? true : undefined,
  });
}

export function listProducts(query: ProductListQuery, client: ApiClient = api): Promise<ProductList> {
  assertRequired(query, 'query', 'listProducts');
  assertRequired(query.country, 'country', 'listProducts');
  return client<ProductList>('/products/products/', { query: toProductListParams(query) });
}

/**
 * Active products by id for `country` (at most 100 ids, the API's page cap): the cart's and the
 * favourites' lookup. Sends the query `listProducts` sends for `{ ids, country, limit }`, without
 * its filter encoding, which pages that only look up ids do not need to download.
 */
export function listProductsByIds(
  ids: readonly number[],
  country: CountryCode,
  client: ApiClient = api,
): Promise<ProductList> {
  assertRequired(country, 'country', 'listProductsByIds');
  return client<ProductList>('/products/products/', {
    query: { is_active: true, ids: ids.join(','), limit: ids.length, country },
  });
}

/** The filter specifications of products (at most 100), to compare them side by side. */
export function compareProducts(ids: readonly number[], client: ApiClient = api): Promise<ProductComparison> {
  return client<ProductComparison>('/products/comparison/', { query: { ids: ids.join(',') } });
}

export function getProduct(slug: string, country: CountryCode, client: ApiClient = api): Promise<Product> {
  assertRequired(slug, 'slug', 'getProduct');
  assertRequired(country, 'country', 'getProduct');
  return client<Product>(`/products/products/${encodeURIComponent(slug)}/`, { query: { country } });
}

/** The whole category tree: root nodes with nested `children` (not paginated). */
export function listCategories(client: ApiClient = api): Promise<CategoryNode[]> {
  return client<CategoryNode[]>('/products/categories/');
}

export function getCategory(slug: string, client: ApiClient = api): Promise<Category> {
  assertRequired(slug, 'slug', 'getCategory');
  return client<Category>(`/products/categories/${encodeURIComponent(slug)}/`);
}

export interface BrandListQuery {
  /** Category slug. */
  category?: string;
  limit?: number;
  offset?: number;
}

export function listBrands(query: BrandListQuery = {}, client: ApiClient = api): Promise<Paginated<Brand>> {
  return client<Paginated<Brand>>('/products/brands/', { query: compactQuery({ ...query }) });
}

export function getBrand(id: number, client: ApiClient = api): Promise<Brand> {
  assertRequired(id, 'id', 'getBrand');
  return client<Brand>(`/products/brands/${encodeURIComponent(id)}/`);
}

export interface SpecificationListQuery {
  category__slug?: string;
  is_filter?: boolean;
  limit?: number;
  offset?: number;
}

export function listSpecifications(
  query: SpecificationListQuery = {},
  client: ApiClient = api,
): Promise<Paginated<Specification>> {
  return client<Paginated<Specification>>('/products/specifications/', { query: compactQuery({ ...query }) });
}
