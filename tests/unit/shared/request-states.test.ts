import { describe, expect, it } from 'vitest';
import { formatRequestNumber, parseRequestNumber } from '../../../src/shared/request-states.ts';

describe('formatRequestNumber and parseRequestNumber', () => {
  it('write four digits at least and read back what staff type', () => {
    expect(formatRequestNumber('support', 3)).toBe('В-0003');
    expect(formatRequestNumber('course_search', 12345)).toBe('ПК-12345');
    expect(parseRequestNumber('В-0003')).toEqual({ kind: 'support', number: 3 });
    expect(parseRequestNumber(' пк 12 ')).toEqual({ kind: 'course_search', number: 12 });
    expect(parseRequestNumber('P-7')).toEqual({ kind: 'vacancy', number: 7 });
    for (const text of ['№17', 'Айгуль', 'В-0', 'Х-3', 'В-99999999999', '17'])
      expect(parseRequestNumber(text), text).toBeNull();
  });
});
