import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

export const FAVOURITES_STORAGE_KEY = 'fav';

// Hand-written rather than zod: this runs in every page's bundle, where zod would cost ~25 kB.
function isProductId(id: unknown): id is number {
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
}

/** Reads the stored favourites (product ids), dropping anything that is not a positive integer and duplicates. */
export function decodeFavourites(raw: string): number[] {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  return [...new Set(data.filter(isProductId))];
}

export const $favourites = persistentAtom<number[]>(FAVOURITES_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeFavourites,
});

export const $favouritesCount = computed($favourites, (ids) => ids.length);

export function isFavourite(id: number, ids: readonly number[] = $favourites.get()): boolean {
  return ids.includes(id);
}

/** Removes the product when it is a favourite, otherwise adds it. Returns whether it is a favourite afterwards. */
export function toggleFavourite(id: number): boolean {
  const ids = $favourites.get();
  if (ids.includes(id)) {
    $favourites.set(ids.filter((other) => other !== id));
    return false;
  }
  if (!isProductId(id)) return false;
  $favourites.set([...ids, id]);
  return true;
}

export function clearFavourites(): void {
  $favourites.set([]);
}
