import { CATALOG_TTL_MS, catalogCache } from '../catalog/cache.ts';

/**
 * Memoised reads of content and services (publications, courses, printing prices, vacancies): kept
 * as briefly as catalog reads and emptied by the same invalidation, in every process.
 */
export const contentCache = catalogCache<never>({ max: 500, ttlMs: CATALOG_TTL_MS }) as {
  get<V>(key: string, load: () => Promise<V>): Promise<V>;
};
