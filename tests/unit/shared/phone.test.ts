import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../src/shared/phone.ts';

describe('formatPhone', () => {
  it('groups Kyrgyz and Kazakh numbers and leaves others as stored', () => {
    expect(formatPhone('+996555123456')).toBe('+996 555 123 456');
    expect(formatPhone('+77011234567')).toBe('+7 701 123 45 67');
    expect(formatPhone('+4915112345678')).toBe('+4915112345678');
    expect(formatPhone('')).toBe('');
  });
});
