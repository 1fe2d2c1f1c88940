/**
 * A course as an iCalendar file (RFC 5545) for «Добавить в календарь»: one event per course that
 * repeats daily over its days, from the day's start to its end in the city's local time, written in
 * UTC so every calendar reads it without a time-zone table.
 */
import { CITIES, type CityCode } from '../../shared/cities.ts';
import { stripControlCharacters } from '../../shared/control-characters.ts';

export interface IcsCourse {
  slug: string;
  title: string;
  city: CityCode;
  venue: string;
  address: string;
  startDate: string;
  endDate: string;
  dayStarts: string;
  dayEnds: string;
  lead: string;
  updatedAt: Date;
}

/** `2027-01-15` + `10:00` in `+05:00` → `20270115T050000Z`. */
function utcStamp(day: string, time: string, utcOffset: string): string {
  const instant = new Date(`${day}T${time}:00${utcOffset}`);
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

// RFC 5545 §3.3.11: backslash, semicolon and comma are escaped, and every line break (CRLF, a lone CR
// or LF, a Unicode separator) is written as \n; no other control character may stand in a value, or a
// reader would take the rest for a new line of the file.
function escapeText(text: string): string {
  return text
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
    .map((line) => stripControlCharacters(line).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,'))
    .join('\\n');
}

// RFC 5545 §3.1: lines longer than 75 octets are folded, continuing with a space; a UTF-8
// character is never split.
function fold(line: string): string {
  const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
  if (bytes(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (bytes(current + char) > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** The `.ics` text of a course; `url` is the course page's absolute address. */
export function courseIcs(course: IcsCourse, url: string, host: string): string {
  const city = CITIES[course.city];
  const days = Math.round((Date.parse(course.endDate) - Date.parse(course.startDate)) / 86_400_000) + 1;
  const location = [course.venue, course.address, city.name].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//DentalMarket//Courses//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:course-${course.slug}@${host}`,
    `DTSTAMP:${course.updatedAt
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '')}`,
    `DTSTART:${utcStamp(course.startDate, course.dayStarts, city.utcOffset)}`,
    `DTEND:${utcStamp(course.startDate, course.dayEnds, city.utcOffset)}`,
    ...(days > 1 ? [`RRULE:FREQ=DAILY;UNTIL=${utcStamp(course.endDate, course.dayEnds, city.utcOffset)}`] : []),
    `SUMMARY:${escapeText(course.title)}`,
    `LOCATION:${escapeText(location)}`,
    `DESCRIPTION:${escapeText(`${course.lead}\n${url}`)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
