import { describe, expect, it } from 'vitest';
import { courseIcs, type IcsCourse } from '../../../src/server/courses/course-ics.ts';
import { hasControlCharacters } from '../../../src/shared/control-characters.ts';

const course: IcsCourse = {
  slug: 'endo-master',
  title: 'Эндодонтия: ирригация, активация; обтурация',
  city: 'ALMATY',
  venue: 'Отель «Казахстан», конференц-зал',
  address: 'пр. Абая, 52',
  startDate: '2027-03-13',
  endDate: '2027-03-14',
  dayStarts: '10:00',
  dayEnds: '18:00',
  lead: 'Два дня практики на моделях.',
  updatedAt: new Date('2026-11-20T08:00:00Z'),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('course .ics', () => {
  it('ends every line with CRLF and keeps no lone CR or other control character from the course', () => {
    const ics = courseIcs(
      {
        ...course,
        title: 'Курс\rBEGIN:VALARM\u0007',
        venue: 'Зал\r\nEND:VEVENT',
        lead: 'Строка 1\nСтрока 2\rСтрока 3\u0000',
      },
      'https://x/',
      'x',
    );
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(hasControlCharacters(ics.replace(/\r\n/g, ''))).toBe(false);
    const lines = unfold(ics).split('\r\n');
    expect(lines).toContain('SUMMARY:Курс\\nBEGIN:VALARM');
    expect(lines).toContain('LOCATION:Зал\\nEND:VEVENT\\, пр. Абая\\, 52\\, Алматы');
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
  });

  it("writes the first day in UTC from the city's local time and repeats it daily to the last day", () => {
    const ics = unfold(courseIcs(course, 'https://shop.test/kz/courses/endo-master/', 'shop.test'));
    expect(ics).toContain('DTSTART:20270313T050000Z'); // 10:00 in Almaty (UTC+5)
    expect(ics).toContain('DTEND:20270313T130000Z');
    expect(ics).toContain('RRULE:FREQ=DAILY;UNTIL=20270314T130000Z');
    expect(ics).toContain('UID:course-endo-master@shop.test');
  });

  it("uses Bishkek's offset for a Bishkek course and no repeat for a one-day course", () => {
    const ics = unfold(courseIcs({ ...course, city: 'BISHKEK', endDate: course.startDate }, 'https://x/', 'x'));
    expect(ics).toContain('DTSTART:20270313T040000Z'); // 10:00 in Bishkek (UTC+6)
    expect(ics).not.toContain('RRULE');
  });

  it('escapes commas and semicolons, uses CRLF and folds lines at 75 octets without splitting a character', () => {
    const ics = courseIcs(course, 'https://shop.test/kz/courses/endo-master/', 'shop.test');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfold(ics)).toContain('SUMMARY:Эндодонтия: ирригация\\, активация\\; обтурация');
    for (const line of ics.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
    }
    expect(unfold(ics)).toContain('LOCATION:Отель «Казахстан»\\, конференц-зал\\, пр. Абая\\, 52\\, Алматы');
  });
});
