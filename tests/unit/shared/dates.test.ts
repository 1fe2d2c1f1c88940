import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange, formatMonth, formatPublished, isoDay } from '../../../src/shared/dates.ts';

describe('dates in Russian', () => {
  it('writes a day and ranges the way Russian text does', () => {
    expect(formatDay('2027-01-15')).toBe('15 января 2027');
    expect(formatDayRange('2027-01-15', '2027-01-15')).toBe('15 января 2027');
    expect(formatDayRange('2027-01-15', '2027-01-16')).toBe('15–16 января 2027');
    expect(formatDayRange('2027-01-30', '2027-02-02')).toBe('30 января – 2 февраля 2027');
    expect(formatDayRange('2026-12-30', '2027-01-02')).toBe('30 декабря 2026 – 2 января 2027');
  });

  it('names a month with a capital letter', () => {
    expect(formatMonth('2027-03')).toBe('Март 2027');
  });

  it("dates an instant in the shop's region", () => {
    const lateEvening = new Date('2026-11-23T20:00:00Z'); // already 24 November in Almaty
    expect(isoDay(lateEvening)).toBe('2026-11-24');
    expect(formatPublished(lateEvening)).toBe('24 ноября 2026');
  });
});
