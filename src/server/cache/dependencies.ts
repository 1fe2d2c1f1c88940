/**
 * Which products an answer showed, so that a change to a few products (an order taking stock) drops
 * only the cached answers that show them (`invalidate('catalog', { products })`). Memoised reads that
 * know their products (`memoCache`'s `productsOf`) report them to the render in progress; the response
 * cache renders inside `collectProducts` and keeps the set with the answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

// On globalThis: the response cache (the start script's copy of this module) collects what the pages
// (the built server, which bundles its own copy) report; two stores would never meet, and no kept page
// would ever be dropped for the products it shows.
const collecting: AsyncLocalStorage<Set<number>> = ((
  globalThis as typeof globalThis & { __shopShownProducts?: AsyncLocalStorage<Set<number>> }
).__shopShownProducts ??= new AsyncLocalStorage<Set<number>>());

/** Runs `render` and gives the set that fills with the products it shows (as its reads report them). */
export function collectProducts<T>(render: () => T): { result: T; products: ReadonlySet<number> } {
  const products = new Set<number>();
  const result = collecting.run(products, render);
  return { result, products };
}

/** Tells the render in progress, if any, that it shows these products. */
export function reportProducts(ids: Iterable<number>): void {
  const products = collecting.getStore();
  if (products) for (const id of ids) products.add(id);
}
