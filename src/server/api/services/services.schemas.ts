import { z } from '@hono/zod-openapi';
import { CITY_CODES } from '../../../shared/cities.ts';
import { MONTH_PATTERN } from '../../courses/course-dates.ts';
import { countryFilter, countryQuery, countryEnum } from '../common.schemas.ts';
import { paginationQuery } from '../pagination.ts';
import { queryBoolean, queryText } from '../fields.ts';

const link = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
const cityEnum = z.enum(CITY_CODES as [string, ...string[]]);

export const courseCategorySchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), description: z.string() })
  .openapi('CourseCategory');

const courseFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  category: link,
  city: cityEnum,
  city_name: z.string(),
  venue: z.string(),
  address: z.string(),
  start_date: z.string().openapi({ description: "First day, `YYYY-MM-DD` (the city's calendar)." }),
  end_date: z.string().openapi({ description: 'Last day, `YYYY-MM-DD`.' }),
  day_starts: z.string().openapi({ description: 'Local time each day starts, `HH:MM`.' }),
  day_ends: z.string(),
  schedule: z.string(),
  price: z.string().openapi({ description: 'Decimal string in `currency`.' }),
  currency: z.enum(['KGS', 'KZT']),
  lecturer: z.string(),
  lecturer_title: z.string(),
  seats_total: z.number().int(),
  seats_left: z.number().int(),
  lead: z.string(),
  cover: z.string().nullable(),
  is_upcoming: z.boolean().openapi({ description: 'False once the last day has passed.' }),
};

export const courseListItemSchema = z.object(courseFields).openapi('CourseListItem');
export const courseSchema = z
  .object({ ...courseFields, description: z.string().openapi({ description: 'Sanitised HTML.' }) })
  .openapi('Course');

const emptyIsAll = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const courseListQuery = z.object({
  category: emptyIsAll(queryText(100)).openapi({
    param: { description: 'Course category slug; empty: every category.' },
    type: 'string',
  }),
  city: emptyIsAll(
    z.enum(CITY_CODES as [string, ...string[]], {
      error: `Неизвестный город. Допустимые значения: ${CITY_CODES.join(', ')}.`,
    }),
  ).openapi({
    param: { description: `City code (${CITY_CODES.join(', ')}); empty: every city.` },
    type: 'string',
  }),
  month: z
    .string()
    .regex(MONTH_PATTERN, 'Укажите месяц в виде ГГГГ-ММ, например 2027-03.')
    .optional()
    .openapi({
      param: { description: 'The calendar: courses that run in this month (`YYYY-MM`), past ones included.' },
    }),
  ...paginationQuery(12),
});

export const courseCategoryListQuery = z.object(paginationQuery(12));

export const printingPriceSchema = z
  .object({
    id: z.number().int(),
    service: z.string(),
    material: z.string(),
    unit: z.string(),
    price: z.string().openapi({ description: "Decimal string in `currency`, the country's currency." }),
    currency: z.enum(['KGS', 'KZT']),
    lead_time: z.string(),
    description: z.string(),
  })
  .openapi('PrintingPrice');

export const printingListQuery = z.object({ country: countryQuery, ...paginationQuery(12) });
export const printingDetailQuery = z.object({ country: countryQuery });

export const vacancySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    country: countryEnum,
    city: cityEnum,
    city_name: z.string(),
    employment_type: z.enum(['full_time', 'part_time', 'shift', 'internship']),
    employment_type_label: z.string(),
    salary_from: z.string().nullable(),
    salary_to: z.string().nullable(),
    salary_currency: z.enum(['KGS', 'KZT']).nullable(),
    salary_label: z.string().openapi({ description: 'The salary as shown: a range, «от …», or «по договорённости».' }),
    lead: z.string(),
    duties: z.array(z.string()),
    requirements: z.array(z.string()),
    conditions: z.array(z.string()),
    published_at: z.string(),
    valid_through: z.string().nullable(),
    is_open: z.boolean(),
  })
  .openapi('Vacancy');

export const vacancyListQuery = z.object({
  country: countryFilter,
  city: emptyIsAll(
    z.enum(CITY_CODES as [string, ...string[]], {
      error: `Неизвестный город. Допустимые значения: ${CITY_CODES.join(', ')}.`,
    }),
  ).openapi({
    param: { description: 'City code.' },
    type: 'string',
  }),
  is_open: queryBoolean().openapi({
    param: { description: 'Only open (true) or closed (false) vacancies.' },
    type: 'boolean',
  }),
  ...paginationQuery(12),
});
