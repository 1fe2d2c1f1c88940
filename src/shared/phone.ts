import { normalizePhone } from './phone-input.ts';

/**
 * A stored phone number (`+996312987654`) written the one way the shop writes phones, on the site, in
 * mails and in prefilled fields: the country code, the operator's or city's code, then the number in
 * pairs after a dash. Kyrgyzstan: `+996 312 98-76-54` (Bishkek), `+996 3222 5-47-80` (a four-digit
 * city code: Osh and the regions), `+996 555 12-34-56` (mobile). Kazakhstan: `+7 727 355-40-20` (Almaty),
 * `+7 7172 64-55-10` (a four-digit city code: Astana and the regions), `+7 701 555-12-34` (mobile). Any
 * other number is shown as stored.
 */
export function formatPhone(phone: string): string {
  const kg = /^\+996(\d{9})$/.exec(phone)?.[1];
  if (kg) {
    if (kg.startsWith('3') && !kg.startsWith('312')) return `+996 ${kg.slice(0, 4)} ${kg[4]}-${pairs(kg.slice(5))}`;
    return `+996 ${kg.slice(0, 3)} ${pairs(kg.slice(3))}`;
  }
  const kz = /^\+7(\d{10})$/.exec(phone)?.[1];
  if (kz) {
    if (/^7[123]/.test(kz) && !kz.startsWith('727')) return `+7 ${kz.slice(0, 4)} ${pairs(kz.slice(4))}`;
    return `+7 ${kz.slice(0, 3)} ${kz.slice(3, 6)}-${pairs(kz.slice(6))}`;
  }
  return phone;
}

/** `987654` → `98-76-54`. */
const pairs = (digits: string) => digits.match(/\d{2}/g)!.join('-');

/**
 * A phone as typed by staff or a visitor (an office's number, `+996 (312) 987654`), written the shop's way
 * and with the number `tel:` dials; as typed, with nothing to dial, when it is no phone number.
 */
export function readablePhone(typed: string): { text: string; dial: string } {
  const normalized = normalizePhone(typed);
  return normalized ? { text: formatPhone(normalized), dial: normalized } : { text: typed.trim(), dial: '' };
}

/** A phone as typed, written the shop's way (`formatPhone`), or as typed when it is no phone number. */
export const displayPhone = (typed: string): string => readablePhone(typed).text;
