import type { Context } from 'hono';
import { memberPrices, type ClinicPrices } from '../../clinics/contract-prices.queries.ts';
import type { CountryCode } from '../../../shared/countries.ts';
import { bearerToken } from '../../accounts/authenticate.ts';
import { requireUser } from '../auth.ts';

/** What every answer with a member's own prices says to caches: nobody else may keep or get it. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/**
 * The contract prices the request's reader sees for `productIds` in `country`: a member of a clinic of that
 * country with a price list, by the bearer token; null for anyone else. An answer priced with them is
 * marked `private, no-store`. A token that is not valid is refused (401), as on any other route, so the
 * client refreshes it rather than showing public prices to a member.
 */
export async function readerPrices(
  c: Context,
  country: CountryCode,
  productIds: readonly number[],
): Promise<ClinicPrices | null> {
  if (!bearerToken(c.req.header('Authorization'))) return null;
  const user = await requireUser(c);
  const prices = await memberPrices(user.id, country, productIds);
  if (prices) c.header('Cache-Control', PERSONAL_CACHE_CONTROL);
  return prices;
}
