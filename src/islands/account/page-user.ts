import type { CountryCode } from '~/lib/api/types.ts';
import { formatCountryDate } from '~/shared/dates.ts';

/** «22 ноября 2026 г.» in the country's time zone, so the server and every browser print the same. */
export function formatDate(iso: string, country: CountryCode): string {
  return formatCountryDate(iso, country);
}
