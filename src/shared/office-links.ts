/**
 * Links to an office in the channels clinics here use first: WhatsApp and Telegram chats, and the office
 * on 2GIS's map (the map people in Kyrgyzstan and Kazakhstan use). Pure: the pages and the footer build
 * them from an office's stored `whatsapp` (a phone, `+` and digits) and `telegram` (a username).
 */
import type { CountryCode } from './countries.ts';

/** A Telegram username as typed (`@dental_kg`, `t.me/dental_kg`, `dental_kg`) without its wrapping; null when it cannot be one. */
export function telegramUsername(input: string): string | null {
  const name = input
    .trim()
    .replace(/^(?:https?:\/\/)?(?:t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(name) ? name : null;
}

export const whatsappLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;

export const telegramLink = (username: string) => `https://t.me/${username}`;

/** The office found on 2GIS (2gis.kg, 2gis.kz) by its city and address. */
export function mapLink(country: CountryCode, office: { city: string; address: string }): string {
  return `https://2gis.${country}/search/${encodeURIComponent(`${office.city}, ${office.address}`)}`;
}
