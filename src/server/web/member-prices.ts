import type { CountryCode } from '../../shared/countries.ts';
import { REFRESH_COOKIE, TOKEN_COOKIE } from '../../shared/session-cookies.ts';
import { memberPrices, type ClinicPrices } from '../clinics/contract-prices.queries.ts';
import { getPageUser, type PageContext } from './page-session.ts';

/**
 * The contract prices a page shows its reader (issue 37): for a browser with a session, the signed-in
 * member's clinic prices in the page's country (`clinics/contract-prices.queries.ts`), else null. A page
 * that asks is personal for anyone signed in (`private, no-store`: `getPageUser`); a visitor (no session
 * cookie) costs nothing and the page stays public. The response cache never serves a request with a
 * session cookie (`http/response-cache.ts`), so a member never gets a visitor's kept page, nor the other way.
 * Pages show them with `withContractPrices`.
 */
export async function pagePrices(
  astro: PageContext,
  country: CountryCode,
  productIds: readonly number[],
): Promise<ClinicPrices | null> {
  if (!astro.cookies.has(TOKEN_COOKIE) && !astro.cookies.has(REFRESH_COOKIE)) return null;
  const user = await getPageUser(astro);
  return user ? memberPrices(user.id, country, productIds) : null;
}
