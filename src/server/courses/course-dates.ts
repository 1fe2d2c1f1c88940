/**
 * Calendar rules of courses: local days, months of the calendar view, whether a course is upcoming.
 * Plain functions over `YYYY-MM-DD` strings (a course's days are its city's calendar days).
 */
import { isoDay } from '../../shared/dates.ts';

/** A calendar month as the API and the calendar page write it. */
export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Today's date in the shop's region (`Asia/Almaty`), `YYYY-MM-DD`. */
export function shopToday(now = new Date()): string {
  return isoDay(now);
}

/** The first and last day of `YYYY-MM`. */
export function monthRange(month: string): { first: string; last: string } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const days = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** The month `delta` months from `YYYY-MM`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** Adds whole days to `YYYY-MM-DD`. */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** Every day from `start` to `end`, both included. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A course is upcoming until its last day is over. */
export function isUpcoming(course: { endDate: string }, today = shopToday()): boolean {
  return course.endDate >= today;
}

/**
 * The weeks of a month as a calendar grid shows them, Monday first: each week is seven days, with
 * `null` for the days of the neighbouring months.
 */
export function monthGrid(month: string): (string | null)[][] {
  const { first, last } = monthRange(month);
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const cells: (string | null)[] = [...Array<null>(weekday).fill(null), ...daysBetween(first, last)];
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
