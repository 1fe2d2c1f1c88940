/**
 * A phone number as the shop stores it, `+` and 10 to 15 digits (`+996555123456`), from what people
 * type: spaces, dashes, dots and brackets are dropped; Kazakhstan's domestic `8 7xx ...` becomes
 * `+7 7xx ...` and Kyrgyzstan's `0555 ...` becomes `+996 555 ...`. Null when it cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (!trimmed.startsWith('+') && digits.length === 11 && digits.startsWith('87')) digits = `7${digits.slice(1)}`;
  if (!trimmed.startsWith('+') && digits.length === 10 && digits.startsWith('0')) digits = `996${digits.slice(1)}`;
  if (digits.length < 10 || digits.length > 15 || digits.startsWith('0')) return null;
  return `+${digits}`;
}

/**
 * The digits a stored number starts with, for a number (or its beginning) typed the local way:
 * Kyrgyzstan's `0700 112 233` is `996700112233…`, Kazakhstan's `8 701 …` is `7701…`, as `normalizePhone`
 * reads them. Null when the digits do not start with a local trunk prefix followed by at least three digits.
 */
export function localPhonePrefix(digits: string): string | null {
  if (/^0\d{3,9}$/.test(digits)) return `996${digits.slice(1)}`;
  if (/^8\d{3,10}$/.test(digits)) return `7${digits.slice(1)}`;
  return null;
}

/** What a form and the API say of a number `normalizePhone` cannot read. */
export const PHONE_INVALID = 'Введите номер телефона с кодом страны, например +996 555 12-34-56 или +7 701 123-45-67.';
