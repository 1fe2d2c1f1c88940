import { memoCache } from '../cache/memo.ts';

/** Memoised reads of what the shop publishes (publications, courses, printing prices, vacancies). */
export const contentCache = memoCache({ scopes: ['content'], max: 500 });
