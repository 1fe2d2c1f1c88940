import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../../src/shared/phone-input.ts';

describe('normalizePhone', () => {
  it.each([
    ['+996 555 123 456', '+996555123456'],
    ['+7 (701) 123-45-67', '+77011234567'],
    ['8 701 123 45 67', '+77011234567'],
    ['0555 123 456', '+996555123456'],
    ['996555123456', '+996555123456'],
  ])('writes %s as %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each(['', '12345', 'call me', '+996 555 123 456 789 000', '+0555123456', '+996-555-12a-456'])(
    'refuses %j',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});
