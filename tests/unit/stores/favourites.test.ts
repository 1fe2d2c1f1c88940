import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listProductsByIds } from '~/lib/api/catalog.ts';
import { $favourites, $favouritesCount, clearFavourites, isFavourite, toggleFavourite } from '~/stores/favourites.ts';
import { $favouriteItems, loadFavouriteProducts } from '~/stores/favourite-products.ts';
import { page, productItem } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listProductsByIds: vi.fn() }));

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  keepMount($favourites);
});

afterEach(() => {
  cleanStores($favourites, $favouritesCount, $favouriteItems);
  cleanTestStorage();
  vi.mocked(listProductsByIds).mockReset();
});

describe('favourites', () => {
  it('adds a product that is not a favourite', () => {
    expect(toggleFavourite(4)).toBe(true);
    expect($favourites.get()).toEqual([4]);
    expect(isFavourite(4)).toBe(true);
  });

  it('removes a product that is a favourite', () => {
    toggleFavourite(4);
    toggleFavourite(5);
    expect(toggleFavourite(4)).toBe(false);
    expect($favourites.get()).toEqual([5]);
    expect(isFavourite(4)).toBe(false);
  });

  it('counts favourites', () => {
    toggleFavourite(1);
    toggleFavourite(2);
    expect($favouritesCount.get()).toBe(2);
  });

  it('persists product ids under the fav key', () => {
    toggleFavourite(4);
    toggleFavourite(9);
    expect(getTestStorage()).toEqual({ fav: '[4,9]' });
  });

  it('drops invalid and duplicate stored ids', () => {
    setTestStorageKey('fav', '[3,"4",-1,3,2.5,{"id":6},7]');
    expect($favourites.get()).toEqual([3, 7]);
    setTestStorageKey('fav', 'nonsense');
    expect($favourites.get()).toEqual([]);
  });

  it('ignores an invalid id', () => {
    expect(toggleFavourite(0)).toBe(false);
    expect($favourites.get()).toEqual([]);
  });

  it('clears favourites', () => {
    toggleFavourite(1);
    clearFavourites();
    expect($favourites.get()).toEqual([]);
  });

  it('joins favourites with the products loaded for the country', async () => {
    toggleFavourite(1);
    toggleFavourite(2);
    vi.mocked(listProductsByIds).mockResolvedValue(page([productItem({ id: 2, country: 'kz', currency: 'KZT' })]));
    keepMount($favouriteItems);
    await loadFavouriteProducts('kz');
    expect(listProductsByIds).toHaveBeenCalledWith([1, 2], 'kz', undefined);
    expect($favouriteItems.get()).toEqual([
      { id: 1, product: undefined },
      { id: 2, product: productItem({ id: 2, country: 'kz', currency: 'KZT' }) },
    ]);
  });
});
