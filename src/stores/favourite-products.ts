/**
 * The favourites' products, fetched for the current country: what the favourites page shows. Kept
 * apart from `favourites.ts` so the page script, which only counts favourites, does not ship the API client.
 */
import { computed } from 'nanostores';
import type { CountryCode, ProductListItem } from '~/lib/api/types.ts';
import { $favourites } from './favourites.ts';
import { createProductLookup } from './product-lookup.ts';

/** A favourite joined with its product; `product` is undefined while loading or when it is not sold in the country. */
export interface FavouriteItem {
  id: number;
  product: ProductListItem | undefined;
}

const lookup = createProductLookup();

/** Loading state of the favourites' product details for the current country. */
export const $favouriteProductsState = lookup.$lookup;
/** Favourite products by id for the current country (memory only). */
export const $favouriteProducts = computed(lookup.$lookup, (state) => state.byId);

export function loadFavouriteProducts(country: CountryCode): Promise<void> {
  return lookup.load($favourites.get(), country);
}

export const $favouriteItems = computed([$favourites, $favouriteProducts], (ids, products): FavouriteItem[] =>
  ids.map((id) => ({ id, product: products[id] })),
);
