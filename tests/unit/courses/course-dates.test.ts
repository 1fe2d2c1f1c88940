import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  isUpcoming,
  monthGrid,
  monthRange,
  shiftMonth,
  shopToday,
} from '../../../src/server/courses/course-dates.ts';

describe('course dates', () => {
  it("reads today in the shop's region, not in UTC", () => {
    // 20:30 UTC on 31 December is already 1 January in Almaty (UTC+5).
    expect(shopToday(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01');
    expect(shopToday(new Date('2026-12-31T18:30:00Z'))).toBe('2026-12-31');
  });

  it('gives the first and last day of a month, leap years included', () => {
    expect(monthRange('2027-02')).toEqual({ first: '2027-02-01', last: '2027-02-28' });
    expect(monthRange('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthRange('2027-12')).toEqual({ first: '2027-12-01', last: '2027-12-31' });
    expect(() => monthRange('2027-13')).toThrow(RangeError);
  });

  it('shifts months across years', () => {
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-03', 12)).toBe('2028-03');
  });

  it('adds days and lists the days of a range', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(daysBetween('2027-01-30', '2027-02-02')).toEqual(['2027-01-30', '2027-01-31', '2027-02-01', '2027-02-02']);
    expect(daysBetween('2027-01-30', '2027-01-30')).toEqual(['2027-01-30']);
  });

  it('counts a course as upcoming until its last day has passed', () => {
    expect(isUpcoming({ endDate: '2027-01-15' }, '2027-01-15')).toBe(true);
    expect(isUpcoming({ endDate: '2027-01-14' }, '2027-01-15')).toBe(false);
  });

  it('lays a month out in weeks from Monday with blanks outside it', () => {
    // March 2027 starts on a Monday and has 31 days: five weeks, the last with three days.
    const march = monthGrid('2027-03');
    expect(march).toHaveLength(5);
    expect(march[0]![0]).toBe('2027-03-01');
    expect(march[4]).toEqual(['2027-03-29', '2027-03-30', '2027-03-31', null, null, null, null]);
    // February 2026 starts on a Sunday.
    const february = monthGrid('2026-02');
    expect(february[0]).toEqual([null, null, null, null, null, null, '2026-02-01']);
    expect(february.every((week) => week.length === 7)).toBe(true);
  });
});
