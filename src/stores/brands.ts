import { map } from 'nanostores';
import { getBrand, listBrands, type BrandListQuery } from '~/lib/api/catalog.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import type { Brand } from '~/lib/api/types.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

export interface BrandsState {
  brands: Brand[];
  brand: Brand | null;
  status: LoadStatus;
  errorMessage: string | null;
}

export const $brands = map<BrandsState>({ brands: [], brand: null, status: 'idle', errorMessage: null });

const listGuard = createLatestGuard();
const brandGuard = createLatestGuard();

/** Lists brands, optionally of one category: idle → pending → succeeded or failed. */
export async function fetchBrands(query: BrandListQuery = {}): Promise<void> {
  const ticket = listGuard.next();
  $brands.set({ ...$brands.get(), status: 'pending', errorMessage: null });
  try {
    const page = await listBrands({ limit: 100, ...query });
    if (!listGuard.isLatest(ticket)) return;
    $brands.set({ ...$brands.get(), brands: page.results, status: 'succeeded', errorMessage: null });
  } catch (error) {
    if (!listGuard.isLatest(ticket)) return;
    $brands.set({ ...$brands.get(), status: 'failed', errorMessage: apiErrorMessage(error) });
  }
}

export async function fetchBrand(id: number): Promise<void> {
  const ticket = brandGuard.next();
  $brands.set({ ...$brands.get(), status: 'pending', errorMessage: null });
  try {
    const brand = await getBrand(id);
    if (!brandGuard.isLatest(ticket)) return;
    $brands.set({ ...$brands.get(), brand, status: 'succeeded', errorMessage: null });
  } catch (error) {
    if (!brandGuard.isLatest(ticket)) return;
    $brands.set({ ...$brands.get(), brand: null, status: 'failed', errorMessage: apiErrorMessage(error) });
  }
}
