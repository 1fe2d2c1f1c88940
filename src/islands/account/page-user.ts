import type { CountryCode } from '~/lib/api/types.ts';

const TIME_ZONES: Record<CountryCode, string> = { kg: 'Asia/Bishkek', kz: 'Asia/Almaty' };

/** «22 ноября 2026 г.» in the country's time zone, so the server and every browser print the same. */
export function formatDate(iso: string, country: CountryCode): string {
  return new Intl.DateTimeFormat('ru', { dateStyle: 'long', timeZone: TIME_ZONES[country] }).format(new Date(iso));
}
