import { map } from 'nanostores';
import { listBanners } from '~/lib/api/core.ts';
import type { Banner, CountryCode } from '~/lib/api/types.ts';
import { createFetcher } from './fetch-into.ts';

export interface BannersState {
  banners: Banner[];
  error: string | null;
}

export const $banners = map<BannersState>({ banners: [], error: null });

const fetchList = createFetcher($banners);

/** The active banners (of one country when given). */
export function fetchBanners(query: { country?: CountryCode; limit?: number } = {}): Promise<void> {
  return fetchList(
    () => listBanners(query),
    (page) => ({ banners: page.results }),
  );
}
