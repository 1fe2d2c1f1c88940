import { z } from '@hono/zod-openapi';
import { CITY_CODES } from '../../../shared/cities.ts';
import { countryEnum, countryQuery } from '../common.schemas.ts';
import { email, filled, filledLine, line, phone, text, webLink } from '../fields.ts';

/**
 * Bodies of the public forms. Each takes JSON; the printing request and the vacancy application also
 * take `multipart/form-data` with a file. `website` is a field people never see (a trap for bots): a
 * body with it filled is answered as if accepted and dropped.
 */
const optionalEmail = () =>
  z
    .union([z.literal(''), email()])
    .optional()
    .default('');
const optionalText = (max: number) =>
  text(max)
    .transform((v) => v.trim())
    .optional()
    .default('');
const optionalLine = (max: number) => line(max).optional().default('');
const trap = text(200).optional().default('').openapi({ description: 'Leave empty (a field hidden from people).' });
const positiveInt = (max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, 'Введите целое число.').transform(Number)])
    .pipe(
      z
        .number({ error: 'Введите целое число.' })
        .int('Введите целое число.')
        .min(1, 'Не меньше 1.')
        .max(max, `Не больше ${max}.`),
    );

const contact = {
  country: countryQuery.openapi({ description: 'The storefront the visitor writes from: whose office answers.' }),
  name: filledLine(100),
  email: optionalEmail(),
  phone: phone({ allowEmpty: true }).optional().default(''),
  website: trap,
};

/** People must leave at least one way to answer them; a support question needs an email. */
const reachable = <T extends { email: string; phone: string }>(body: T, ctx: z.RefinementCtx) => {
  if (!body.email && !body.phone)
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'Укажите телефон или электронную почту, чтобы мы могли ответить.',
    });
};

export const supportBody = z
  .object({
    ...contact,
    email: email(),
    subject: optionalLine(150),
    message: filled(4000).transform((v) => v.trim()),
  })
  .openapi('SupportRequest');

export const courseRequestBody = z
  .object({
    ...contact,
    course: filledLine(200).openapi({ description: 'The course slug.' }),
    participants: positiveInt(50).optional().default(1),
    clinic: optionalLine(150),
    message: optionalText(2000),
  })
  .superRefine(reachable)
  .openapi('CourseRequest');

export const courseSearchRequestBody = z
  .object({
    ...contact,
    topic: filledLine(200).openapi({ description: 'What the dentist wants to learn.' }),
    city: z
      .preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .enum(CITY_CODES as [string, ...string[]], {
            error: `Неизвестный город. Допустимые значения: ${CITY_CODES.join(', ')}.`,
          })
          .optional(),
      )
      .transform((v) => v ?? '')
      .openapi({ type: 'string', description: 'City code; empty: any city.' }),
    message: optionalText(2000),
  })
  .superRefine(reachable)
  .openapi('CourseSearchRequest');

const file = z
  .instanceof(File, { message: 'Ожидается файл.' })
  .optional()
  .openapi({ type: 'string', format: 'binary' });

const printingFields = {
  ...contact,
  phone: phone(),
  printing_price: positiveInt(1_000_000_000)
    .optional()
    .openapi({ description: 'The price list row, when one is picked.' }),
  quantity: positiveInt(1000).optional().default(1),
  message: optionalText(4000),
  file_url: webLink(500).openapi({
    description: 'A link to the model instead of (or besides) the file: a cloud folder, for scans over 100 MB.',
  }),
};

export const printingRequestBody = z.object(printingFields).openapi('PrintingRequest');
export const printingRequestForm = z.object({
  ...printingFields,
  file: file.openapi({ description: 'STL, OBJ, PLY, 3MF or ZIP, up to 100 MB.' }),
});

const vacancyFields = {
  ...contact,
  email: email(),
  phone: phone(),
  vacancy: positiveInt(1_000_000_000).openapi({ description: 'The vacancy id.' }),
  message: optionalText(4000).openapi({ description: 'A cover letter, or a link to the CV.' }),
};

export const vacancyRequestBody = z.object(vacancyFields).openapi('VacancyRequest');
export const vacancyRequestForm = z.object({
  ...vacancyFields,
  resume: file.openapi({ description: 'The CV: PDF, DOC, DOCX, ODT or RTF, up to 5 MB.' }),
});

export const newsletterBody = z
  .object({ email: email(), country: contact.country, website: trap })
  .openapi('NewsletterSubscription');

/** What a stored request answers: its number and what it is about (no file contents). */
export const requestAnswerSchema = z
  .object({
    id: z.number().int(),
    number: z
      .string()
      .openapi({ description: 'The number people read, counted within its kind: «В-0003» is the third question.' }),
    kind: z.enum(['support', 'printing', 'vacancy', 'course', 'course_search']),
    country: countryEnum,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.union([z.string(), z.number()])),
    course: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }).nullable(),
    vacancy: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    printing_price: z.object({ id: z.number().int(), title: z.string() }).nullable(),
    attachment: z.object({ filename: z.string(), size: z.number().int() }).nullable(),
    created_at: z.string(),
    detail: z.string().openapi({ description: 'What happens next, in Russian, for the visitor.' }),
  })
  .openapi('VisitorRequest');

export const newsletterAnswerSchema = z
  .object({ email: z.string(), country: countryEnum, detail: z.string() })
  .openapi('NewsletterAnswer');
