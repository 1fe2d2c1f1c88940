import { describe, expect, it } from 'vitest';
import { localPhonePrefix, normalizePhone } from '../../../src/shared/phone-input.ts';

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

describe('localPhonePrefix', () => {
  it('reads a number typed the local way as the digits a stored number starts with', () => {
    expect(localPhonePrefix('0700112233')).toBe('996700112233');
    expect(localPhonePrefix('0700')).toBe('996700');
    expect(localPhonePrefix('87015556677')).toBe('77015556677');
    expect(localPhonePrefix('8701')).toBe('7701');
  });

  it('leaves alone what is not a local number: no trunk prefix, too short, too long', () => {
    for (const digits of ['700112233', '996700112233', '070', '870', '077001122334', '870155566778', ''])
      expect(localPhonePrefix(digits), digits).toBeNull();
  });

  it('agrees with normalizePhone on a whole local number', () => {
    for (const typed of ['0555 123 456', '8 701 123 45 67'])
      expect(`+${localPhonePrefix(typed.replace(/\D/g, ''))}`).toBe(normalizePhone(typed));
  });
});
