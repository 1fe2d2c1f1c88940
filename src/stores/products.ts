import { map } from 'nanostores';
import { getProduct, listProducts, type ProductListQuery } from '~/lib/api/catalog.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import type { CountryCode, Product, ProductFacets, ProductListItem } from '~/lib/api/types.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

export interface ProductsState {
  products: ProductListItem[];
  product: Product | null;
  /** Total matches of the last list query, across all pages. */
  count: number;
  /** Present when the last list query asked for facets. */
  facets: ProductFacets | null;
  status: LoadStatus;
  errorMessage: string | null;
}

export function initialProductsState(): ProductsState {
  return { products: [], product: null, count: 0, facets: null, status: 'idle', errorMessage: null };
}

export const $products = map<ProductsState>(initialProductsState());

const listGuard = createLatestGuard();
const productGuard = createLatestGuard();

/** Lists products: status goes to `pending`, then `succeeded` or `failed`. An answer to an older call is ignored. */
export async function fetchProducts(query: ProductListQuery): Promise<void> {
  const ticket = listGuard.next();
  $products.set({ ...$products.get(), status: 'pending', errorMessage: null });
  try {
    const page = await listProducts(query);
    if (!listGuard.isLatest(ticket)) return;
    $products.set({
      ...$products.get(),
      products: page.results,
      count: page.count,
      facets: page.facets ?? null,
      status: 'succeeded',
      errorMessage: null,
    });
  } catch (error) {
    if (!listGuard.isLatest(ticket)) return;
    $products.set({ ...$products.get(), status: 'failed', errorMessage: apiErrorMessage(error) });
  }
}

/** Loads one product: status becomes `succeeded` or `failed` (brief §4: no `pending` step). */
export async function fetchProduct(slug: string, country: CountryCode): Promise<void> {
  const ticket = productGuard.next();
  try {
    const product = await getProduct(slug, country);
    if (!productGuard.isLatest(ticket)) return;
    $products.set({ ...$products.get(), product, status: 'succeeded', errorMessage: null });
  } catch (error) {
    if (!productGuard.isLatest(ticket)) return;
    $products.set({ ...$products.get(), product: null, status: 'failed', errorMessage: apiErrorMessage(error) });
  }
}
