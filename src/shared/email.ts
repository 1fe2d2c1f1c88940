/** What a form and the API say of an address that cannot be an email address. */
export const EMAIL_INVALID = 'Введите правильный адрес электронной почты.';

/**
 * Whether typed text can be an email address: one `@`, something before it, a dotted domain after it,
 * no spaces. Looser than the API's check, which stays the judge; the form uses it to show this error
 * with the others on the first submit instead of after a round trip.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value.trim());
}
