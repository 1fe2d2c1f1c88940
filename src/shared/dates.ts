/** Dates as the Russian UI writes them. Calendar days are `YYYY-MM-DD` strings; instants are `Date`s. */
import { COUNTRIES, type CountryCode } from './countries.ts';

// Publication dates and the courses' «today» are read on Almaty's calendar, the region's earliest
// midnight of the two, so a day starts at the same moment for every page.
const REGION_TIME_ZONE = COUNTRIES.kz.timeZone;

const dayMonthYear = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayShort = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const instantDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: REGION_TIME_ZONE,
});

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** «15 января 2027» */
export function formatDay(day: string): string {
  return dayMonthYear.format(utcDay(day)).replace(/\s*г\.$/, '');
}

/** «15–16 января 2027», «30 января – 2 февраля 2027», «15 января 2027» for one day. */
export function formatDayRange(start: string, end: string): string {
  if (start === end) return formatDay(start);
  const [sy, sm] = start.split('-');
  const [ey, em] = end.split('-');
  if (sy === ey && sm === em) return `${Number(start.slice(8))}–${formatDay(end)}`;
  if (sy === ey) return `${dayMonth.format(utcDay(start))} – ${formatDay(end)}`;
  return `${formatDay(start)} – ${formatDay(end)}`;
}

/** «январь 2027» → with a capital: «Январь 2027» */
export function formatMonth(month: string): string {
  const text = monthYear.format(utcDay(`${month}-01`)).replace(/\s*г\.$/, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** «пн», «вт»... */
export function formatWeekday(day: string): string {
  return weekdayShort.format(utcDay(day));
}

/** The date of an instant in the shop's region: «24 ноября 2026». */
export function formatPublished(date: Date): string {
  return instantDate.format(date).replace(/\s*г\.$/, '');
}

/** `YYYY-MM-DD` of an instant in the shop's region, for `<time datetime>`. */
export function isoDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: REGION_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** «22 ноября 2026 г.» (and «, 14:05» with `time`) on the country's clock, so the server and every browser print the same. */
export function formatCountryDate(
  instant: Date | string,
  country: CountryCode,
  options: { time?: boolean } = {},
): string {
  return new Intl.DateTimeFormat('ru-RU', {
    dateStyle: 'long',
    timeStyle: options.time ? 'short' : undefined,
    timeZone: COUNTRIES[country].timeZone,
  }).format(new Date(instant));
}

/** The offset of a time zone from UTC at an instant, in minutes («GMT+05:00» → 300). */
function zoneOffsetMinutes(at: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The instant a `YYYY-MM-DD` day starts on the shop's regional calendar (the days of staff date filters). */
export function regionDayStart(day: string): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  return new Date(utcMidnight.getTime() - zoneOffsetMinutes(utcMidnight, REGION_TIME_ZONE) * 60_000);
}
