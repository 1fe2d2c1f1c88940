import { atom } from 'nanostores';
import { listProductsByIds } from '~/lib/api/catalog.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import type { ApiClient } from '~/lib/api/transport.ts';
import type { CountryCode, ProductListItem } from '~/lib/api/types.ts';
import { hasSessionCookie } from '~/shared/session-cookies.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

// The API caps `limit` at 100, so longer id lists are fetched in chunks.
const CHUNK = 100;

export interface ProductLookupState {
  /** Products by id, for `country`. An id missing after `succeeded` is not sold (or not active) there. */
  byId: Record<number, ProductListItem>;
  country: CountryCode | null;
  status: LoadStatus;
  errorMessage: string | null;
}

/**
 * The client a lookup reads with: a signed-in visitor's goes with the access token (the session client,
 * loaded then), so a clinic member's cart, checkout and favourites show the clinic's contract prices
 * beside the public ones, as its pages do (issue 37); a visitor's is the public one, which the shop's
 * response cache may answer.
 */
async function lookupClient(): Promise<ApiClient | undefined> {
  if (typeof document === 'undefined' || !hasSessionCookie()) return undefined;
  return (await import('~/lib/api/client.ts')).api;
}

/**
 * Memory-only product details for a persisted id list (cart, favourites): the persisted side keeps
 * ids only, and names and prices are always fetched fresh for the visitor's country.
 */
export function createProductLookup() {
  const $lookup = atom<ProductLookupState>({ byId: {}, country: null, status: 'idle', errorMessage: null });
  const guard = createLatestGuard();

  async function load(ids: readonly number[], country: CountryCode): Promise<void> {
    const ticket = guard.next();
    const unique = [...new Set(ids)];
    if (unique.length === 0) {
      $lookup.set({ byId: {}, country, status: 'succeeded', errorMessage: null });
      return;
    }
    const keep = $lookup.get().country === country ? $lookup.get().byId : {};
    $lookup.set({ byId: keep, country, status: 'pending', errorMessage: null });
    try {
      const chunks: number[][] = [];
      for (let i = 0; i < unique.length; i += CHUNK) chunks.push(unique.slice(i, i + CHUNK));
      const client = await lookupClient();
      const pages = await Promise.all(chunks.map((chunk) => listProductsByIds(chunk, country, client)));
      if (!guard.isLatest(ticket)) return;
      const byId: Record<number, ProductListItem> = {};
      for (const product of pages.flatMap((page) => page.results)) byId[product.id] = product;
      $lookup.set({ byId, country, status: 'succeeded', errorMessage: null });
    } catch (error) {
      if (!guard.isLatest(ticket)) return;
      $lookup.set({ ...$lookup.get(), status: 'failed', errorMessage: apiErrorMessage(error) });
    }
  }

  return { $lookup, load };
}
