import { ValidationError } from '../errors.ts';

/** Field errors of the account flows, gathered before they are thrown as one DRF-shaped ValidationError. */
export type FieldErrors = Record<string, string[]>;

export function addError(errors: FieldErrors, field: string, ...messages: string[]): void {
  if (!messages.length) return;
  // Own keys only: a field named like an Object.prototype member (`constructor`) is still a field.
  (Object.hasOwn(errors, field) ? errors[field]! : (errors[field] = [])).push(...messages);
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ValidationError(errors);
}
