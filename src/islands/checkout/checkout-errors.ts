import { ApiError } from '~/lib/api/api-error.ts';
import type { FormErrors } from '~/islands/forms/index.ts';

/** The form's inputs by the API's nested error paths. */
const FIELD_OF: Record<string, Record<string, string>> = {
  contact: { name: 'first_name', phone: 'phone', email: 'email' },
  delivery: { method: 'delivery', pickup_point: 'pickup_point', city: 'city', address: 'address' },
  payment: { method: 'payment', organisation: 'organisation', tax_number: 'tax_number' },
};

export interface CheckoutErrors {
  form: FormErrors;
  /** Per cart line, in the order sent: the messages of that line. */
  lines: string[][];
}

const messages = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((m): m is string => typeof m === 'string')
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(messages)
      : [];

/**
 * A 400 of `order_create` as errors beside the checkout's inputs and its cart lines; null for any
 * other failure (the form kit shows those).
 */
export function checkoutErrors(error: unknown, lineCount: number): CheckoutErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object')
    return null;
  const data = error.data as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const form: string[] = [];
  const lines: string[][] = Array.from({ length: lineCount }, () => []);
  for (const [key, value] of Object.entries(data)) {
    if (key === 'items') {
      if (Array.isArray(value) && value.every((v) => v && typeof v === 'object' && !Array.isArray(v)))
        value.forEach((line, i) => lines[i]?.push(...messages(line)));
      else form.push(...messages(value));
      continue;
    }
    const inputs = FIELD_OF[key];
    if (inputs && value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, subValue] of Object.entries(value)) {
        const input = inputs[sub];
        if (input) fields[input] = messages(subValue);
        else form.push(...messages(subValue));
      }
    } else {
      form.push(...messages(value));
    }
  }
  if (lines.some((l) => l.length)) form.unshift('Проверьте товары: у некоторых строк есть замечания.');
  return { form: { fields, form, status: 400 }, lines };
}
