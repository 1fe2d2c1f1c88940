/**
 * How an order is delivered and paid, in the words the shop's pages, mails and the back office share,
 * and the organisation's tax number a bank transfer needs in each country.
 */
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from './countries.ts';

export const DELIVERY_METHODS = ['pickup', 'courier'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  pickup: 'Самовывоз',
  courier: 'Курьером',
};

export const PAYMENT_METHODS = ['on_receipt', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  on_receipt: 'Оплата при получении',
  bank_transfer: 'Безналичный расчёт по счёту',
};

/** ИНН in Kyrgyzstan: 14 digits; БИН in Kazakhstan: 12 digits. */
export const TAX_NUMBER = {
  kg: { name: 'ИНН', digits: 14 },
  kz: { name: 'БИН', digits: 12 },
} as const satisfies Record<CountryCode, { name: string; digits: number }>;

/** Null when the ИНН/БИН is right for the country, else the message: orders by invoice and clinics check it alike. */
export function taxNumberProblem(country: CountryCode, value: string): string | null {
  const rule = TAX_NUMBER[country];
  return new RegExp(`^\\d{${rule.digits}}$`).test(value) ? null : `${rule.name} — это ${rule.digits} цифр.`;
}

/**
 * The tax number's rule as its field says it before anything is typed (its hint): «ИНН — 14 цифр.» in a
 * country's form; without a country (the profile), each country's: «ИНН — 14 цифр (Кыргызстан), …».
 */
export function taxNumberHint(country?: CountryCode): string {
  const rule = (code: CountryCode) => `${TAX_NUMBER[code].name} — ${TAX_NUMBER[code].digits} цифр`;
  if (country) return `${rule(country)}.`;
  return `${COUNTRY_CODES.map((code) => `${rule(code)} (${COUNTRIES[code].name})`).join(', ')}.`;
}
