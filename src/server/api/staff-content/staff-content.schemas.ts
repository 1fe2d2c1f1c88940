import { z } from '@hono/zod-openapi';
import { CITY_CODES } from '../../../shared/cities.ts';
import { countryEnum } from '../common.schemas.ts';
import { filledLine, flag, line, phone, text } from '../fields.ts';
import { telegramUsername } from '../../../shared/office-links.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import { vacancySchema } from '../services/services.schemas.ts';

/** The back office's content beyond publications: vacancies, exchange rates, the small tables. */

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MONEY = /^\d{1,10}(\.\d{1,2})?$/;

const salary = z
  .union([z.string().trim(), z.number()], { error: 'Введите сумму числом.' })
  .transform((v) => String(v))
  .refine((v) => MONEY.test(v), 'Введите сумму числом: 150000 или 150000.50.')
  .nullable()
  .openapi({ type: 'string', example: '150000' });

const items = z.array(filledLine(300)).max(30, 'Не больше 30 пунктов.');

const vacancyFields = {
  title: filledLine(200),
  slug: line(190).refine((v) => v === '' || SLUG.test(v), 'Только латиница, цифры и дефисы: menedzher-po-prodazham.'),
  country: countryEnum,
  city: z.enum(CITY_CODES as [string, ...string[]], { error: `Допустимые значения: ${CITY_CODES.join(', ')}.` }),
  employment_type: z.enum(['full_time', 'part_time', 'shift', 'internship'], {
    error: 'Допустимые значения: full_time, part_time, shift, internship.',
  }),
  salary_from: salary,
  salary_to: salary,
  lead: text(2000),
  duties: items,
  requirements: items,
  conditions: items,
  is_open: flag(),
  valid_through: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД.')
    .refine((v) => !Number.isNaN(Date.parse(v)), 'Такой даты нет.')
    .nullable(),
};

export const vacancyCreateBody = z
  .object({
    ...vacancyFields,
    slug: vacancyFields.slug.optional(),
    salary_from: vacancyFields.salary_from.optional().default(null),
    salary_to: vacancyFields.salary_to.optional().default(null),
    lead: vacancyFields.lead.optional().default(''),
    duties: items.optional().default([]),
    requirements: items.optional().default([]),
    conditions: items.optional().default([]),
    is_open: vacancyFields.is_open.optional().default(true),
    valid_through: vacancyFields.valid_through.optional().default(null),
  })
  .openapi('VacancyCreate');

export const vacancyUpdateBody = z.object(vacancyFields).partial().openapi('VacancyUpdate');

export const staffVacancyListQuery = z.object({
  ...paginationQuery(25),
  country: countryEnum.optional(),
  is_open: z
    .enum(['true', 'false'], { error: 'Ожидается true или false.' })
    .transform((v) => v === 'true')
    .optional(),
});

export const staffVacancyPageSchema = pageSchema(vacancySchema).openapi('StaffVacancyPage');

const RATE = /^\d{1,8}(\.\d{1,6})?$/;
const rate = (what: string) =>
  z
    .union([z.string().trim(), z.number()], { error: `${what}: введите число.` })
    .transform((v) => String(v))
    .refine((v) => RATE.test(v) && Number(v) > 0, 'Число больше 0, не больше 6 знаков после точки: 6.15.')
    .openapi({ type: 'string', description: `${what} за 1 сом.` });

export const exchangeCreateBody = z
  .object({ kzt: rate('Тенге'), usd: rate('Долларов'), rub: rate('Рублей') })
  .openapi('ExchangeCreate');

/** A site path (`/images/…`) or an http(s) URL: what an image may be. */
const imageUrl = line(500)
  .refine(
    (value) =>
      value === '' ||
      (value.startsWith('/')
        ? !value.startsWith('//')
        : URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)),
    'Путь на сайте (/images/…) или адрес http(s)://.',
  )
  .transform((value) => value || null)
  .nullable();

const taxonomySlug = line(190).refine((v) => v === '' || SLUG.test(v), 'Только латиница, цифры и дефисы: kompozity.');

const categoryFields = {
  name: filledLine(200),
  slug: taxonomySlug,
  parent: line(190).nullable().openapi({ description: "The parent's slug; null for a top category." }),
  position: z
    .number({ error: 'Введите целое число.' })
    .int('Введите целое число.')
    .min(0, 'Не меньше 0.')
    .max(100_000, 'Не больше 100 000.'),
  description: text(5000),
  image: imageUrl,
  is_active: flag(),
  companions: z
    .array(line(190), { error: 'Ожидается список адресов категорий.' })
    .max(12, 'Не больше 12 категорий.')
    .openapi({
      description:
        '«С этим покупают»: slugs of the categories whose products go with this one’s (an adhesive for a composite), in order.',
    }),
};

export const categoryCreateBody = z
  .object({
    ...categoryFields,
    slug: taxonomySlug.optional(),
    parent: categoryFields.parent.optional().default(null),
    position: categoryFields.position.optional().default(0),
    description: categoryFields.description.optional().default(''),
    image: imageUrl.optional().default(null),
    is_active: categoryFields.is_active.optional().default(true),
    companions: categoryFields.companions.optional(),
  })
  .openapi('CategoryCreate');

export const categoryUpdateBody = z.object(categoryFields).partial().openapi('CategoryUpdate');

export const staffCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    parent: z.string().nullable(),
    depth: z.number().int().openapi({ description: '0 for a top category.' }),
    position: z.number().int(),
    description: z.string(),
    image: z.string().nullable(),
    is_active: z.boolean(),
    products: z.number().int().openapi({ description: 'Products directly in it, hidden ones too.' }),
    companions: z.array(z.string()).openapi({ description: 'Slugs of its «С этим покупают» categories, in order.' }),
  })
  .openapi('StaffCategory');

export const staffCategoryPageSchema = pageSchema(staffCategorySchema).openapi('StaffCategoryPage');

const brandFields = {
  name: filledLine(200),
  slug: taxonomySlug,
  origin: line(100),
  description: text(5000),
  logo: imageUrl,
};

export const brandCreateBody = z
  .object({
    ...brandFields,
    slug: taxonomySlug.optional(),
    origin: brandFields.origin.optional().default(''),
    description: brandFields.description.optional().default(''),
    logo: imageUrl.optional().default(null),
  })
  .openapi('BrandCreate');

export const brandUpdateBody = z.object(brandFields).partial().openapi('BrandUpdate');

export const staffBrandSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    origin: z.string(),
    description: z.string(),
    logo: z.string().nullable(),
    products: z.number().int(),
  })
  .openapi('StaffBrand');

export const staffBrandPageSchema = pageSchema(staffBrandSchema).openapi('StaffBrandPage');

export const taxonomyListQuery = z.object({ ...paginationQuery(100) });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string({ error: 'Дата в формате ГГГГ-ММ-ДД.' })
  .regex(DAY, 'Дата в формате ГГГГ-ММ-ДД.')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Такой даты нет.');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Время в формате ЧЧ:ММ: 10:00.');
const seats = z
  .number({ error: 'Введите целое число.' })
  .int('Введите целое число.')
  .min(0, 'Не меньше 0.')
  .max(10_000, 'Не больше 10 000.');

const courseFields = {
  title: filledLine(200),
  slug: taxonomySlug,
  category: filledLine(190).openapi({ description: 'The course category’s slug.' }),
  city: z.enum(CITY_CODES as [string, ...string[]], { error: `Допустимые значения: ${CITY_CODES.join(', ')}.` }),
  venue: filledLine(200),
  address: line(300),
  start_date: day,
  end_date: day,
  day_starts: clock,
  day_ends: clock,
  schedule: text(2000),
  price: z
    .union([z.string().trim(), z.number()], { error: 'Введите цену числом.' })
    .transform((v) => String(v))
    .refine((v) => MONEY.test(v), 'Введите цену числом: 45000 или 45000.50.')
    .openapi({ type: 'string', description: 'In the currency of the city’s country.' }),
  lecturer: filledLine(200),
  lecturer_title: line(300),
  seats_total: seats.min(1, 'Хотя бы одно место.'),
  seats_left: seats,
  lead: text(1000),
  description: text(100_000).openapi({ description: 'HTML; sanitised on the server before it is stored.' }),
  cover: imageUrl,
  is_published: flag(),
};

export const courseCreateBody = z
  .object({
    ...courseFields,
    slug: taxonomySlug.optional(),
    address: courseFields.address.optional().default(''),
    day_starts: clock.optional().default('10:00'),
    day_ends: clock.optional().default('18:00'),
    schedule: courseFields.schedule.optional().default(''),
    lecturer_title: courseFields.lecturer_title.optional().default(''),
    seats_left: seats.optional().openapi({ description: 'Default: all seats free.' }),
    lead: courseFields.lead.optional().default(''),
    description: courseFields.description.optional().default(''),
    cover: imageUrl.optional().default(null),
    is_published: courseFields.is_published.optional().default(true),
  })
  .openapi('CourseCreate');

export const courseUpdateBody = z.object(courseFields).partial().openapi('CourseUpdate');

export const staffCourseListQuery = z.object({
  ...paginationQuery(25),
  search: text(100)
    .optional()
    .openapi({ param: { description: 'Part of the title or the lecturer’s name.' } }),
  city: z
    .enum(CITY_CODES as [string, ...string[]], { error: `Допустимые значения: ${CITY_CODES.join(', ')}.` })
    .optional(),
  when: z.enum(['upcoming', 'past'], { error: 'Допустимые значения: upcoming, past.' }).optional(),
});

export const staffCourseSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    category: z.object({ slug: z.string(), name: z.string() }),
    city: z.string(),
    venue: z.string(),
    address: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    day_starts: z.string(),
    day_ends: z.string(),
    schedule: z.string(),
    price: z.string(),
    currency: z.string(),
    lecturer: z.string(),
    lecturer_title: z.string(),
    seats_total: z.number().int(),
    seats_left: z.number().int(),
    seats_by_requests: z.number().int().openapi({
      description: 'Seats its accepted sign-ups hold (taken from the free seats when staff accepted them).',
    }),
    lead: z.string(),
    description: z.string(),
    cover: z.string().nullable(),
    is_published: z.boolean(),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffCourse');

export const staffCoursePageSchema = pageSchema(staffCourseSchema).openapi('StaffCoursePage');

const position = z
  .number({ error: 'Введите целое число.' })
  .int('Введите целое число.')
  .min(0, 'Не меньше 0.')
  .max(100_000, 'Не больше 100 000.');

/** A link on the site (`/kg/catalog/…`) or an http(s) address. */
const siteLink = line(500).refine(
  (value) =>
    value === '' ||
    (value.startsWith('/')
      ? !value.startsWith('//')
      : URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)),
  'Путь на сайте (/kg/catalog/…) или адрес http(s)://.',
);

const bannerFields = {
  title: filledLine(200),
  subtitle: line(300),
  image: imageUrl.refine((v) => v !== null, 'Укажите картинку.'),
  link: siteLink,
  country: countryEnum.nullable().openapi({ description: 'Null: every country.' }),
  position,
  is_active: flag(),
};

export const bannerCreateBody = z
  .object({
    ...bannerFields,
    subtitle: bannerFields.subtitle.optional().default(''),
    link: siteLink.optional().default(''),
    country: bannerFields.country.optional().default(null),
    position: position.optional().default(0),
    is_active: bannerFields.is_active.optional().default(true),
  })
  .openapi('BannerCreate');

export const bannerUpdateBody = z.object(bannerFields).partial().openapi('BannerUpdate');

export const staffBannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    image: z.string(),
    link: z.string(),
    country: z.string().nullable(),
    position: z.number().int(),
    is_active: z.boolean(),
  })
  .openapi('StaffBanner');

export const staffBannerPageSchema = pageSchema(staffBannerSchema).openapi('StaffBannerPage');

const contactFields = {
  country: countryEnum,
  city: filledLine(100),
  address: filledLine(300),
  phones: z.array(filledLine(40)).max(10, 'Не больше 10 телефонов.'),
  email: z.union([z.literal(''), z.email('Введите правильный адрес электронной почты.').max(254)]),
  working_hours: line(300),
  whatsapp: phone({ allowEmpty: true }).openapi({ description: 'A phone with WhatsApp; empty: none.' }),
  telegram: text(64)
    .transform((value, ctx) => {
      if (value.trim() === '') return '';
      const name = telegramUsername(value);
      if (name === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Имя пользователя Telegram: латиница, цифры и «_», от 5 до 32 знаков.',
        });
        return z.NEVER;
      }
      return name;
    })
    .openapi({ type: 'string', description: 'A Telegram username (`@` and `t.me/` are dropped); empty: none.' }),
  position,
};

export const contactCreateBody = z
  .object({
    ...contactFields,
    phones: contactFields.phones.optional().default([]),
    email: contactFields.email.optional().default(''),
    working_hours: contactFields.working_hours.optional().default(''),
    whatsapp: contactFields.whatsapp.optional().default(''),
    telegram: contactFields.telegram.optional().default(''),
    position: position.optional().default(0),
  })
  .openapi('ContactCreate');

export const contactUpdateBody = z.object(contactFields).partial().openapi('ContactUpdate');

export const staffContactSchema = z
  .object({
    id: z.number().int(),
    country: z.string(),
    city: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    email: z.string(),
    working_hours: z.string(),
    whatsapp: z.string(),
    telegram: z.string(),
    position: z.number().int(),
  })
  .openapi('StaffContact');

export const staffContactPageSchema = pageSchema(staffContactSchema).openapi('StaffContactPage');

const courseCategoryFields = { name: filledLine(200), slug: taxonomySlug, description: text(2000), position };

export const courseCategoryCreateBody = z
  .object({
    ...courseCategoryFields,
    slug: taxonomySlug.optional(),
    description: courseCategoryFields.description.optional().default(''),
    position: position.optional().default(0),
  })
  .openapi('CourseCategoryCreate');

export const courseCategoryUpdateBody = z.object(courseCategoryFields).partial().openapi('CourseCategoryUpdate');

export const staffCourseCategorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    position: z.number().int(),
  })
  .openapi('StaffCourseCategory');

export const staffCourseCategoryPageSchema = pageSchema(staffCourseCategorySchema).openapi('StaffCourseCategoryPage');

const specificationFields = {
  name: filledLine(200),
  slug: taxonomySlug,
  unit: line(30)
    .transform((v) => v || null)
    .nullable(),
  is_filter: flag(),
  position,
};

export const specificationCreateBody = z
  .object({
    ...specificationFields,
    slug: taxonomySlug.optional(),
    unit: specificationFields.unit.optional().default(null),
    kind: z
      .enum(['number', 'text'], { error: 'Допустимые значения: number, text.' })
      .optional()
      .default('text')
      .openapi({ description: 'How values compare (fixed once products carry it).' }),
    is_filter: specificationFields.is_filter.optional().default(true),
    position: position.optional().default(0),
  })
  .openapi('SpecificationCreate');

export const specificationUpdateBody = z.object(specificationFields).partial().openapi('SpecificationUpdate');

export const staffSpecificationSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    kind: z.enum(['number', 'text']),
    is_filter: z.boolean(),
    position: z.number().int(),
  })
  .openapi('StaffSpecification');

export const staffSpecificationPageSchema = pageSchema(staffSpecificationSchema).openapi('StaffSpecificationPage');

const documentFields = {
  title: filledLine(300),
  slug: taxonomySlug,
  document_type: filledLine(50).openapi({ description: 'offer, privacy, licence, certificate…' }),
  content: text(200_000).openapi({ description: 'HTML; sanitised on the server before it is stored.' }),
  file: imageUrl.openapi({ description: 'A file to download (a path on the site or an http(s) address).' }),
};

export const documentCreateBody = z
  .object({
    ...documentFields,
    slug: taxonomySlug.optional(),
    content: documentFields.content.optional().default(''),
    file: imageUrl.optional().default(null),
  })
  .openapi('DocumentCreate');

export const documentUpdateBody = z.object(documentFields).partial().openapi('DocumentUpdate');

export const staffDocumentSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    document_type: z.string(),
    title: z.string(),
    content: z.string(),
    file: z.string().nullable(),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffDocument');

export const staffDocumentPageSchema = pageSchema(staffDocumentSchema).openapi('StaffDocumentPage');

const countryPrice = z
  .union([z.string().trim(), z.number()], { error: 'Введите цену числом или null.' })
  .transform((v) => String(v))
  .refine((v) => MONEY.test(v) && Number(v) > 0, 'Введите цену числом больше 0: 1200 или 1200.50.')
  .transform((v) => Number(v).toFixed(2))
  .nullable()
  .openapi({ type: 'string', description: 'In the country’s currency; null: not offered there.' });

const printingPriceFields = {
  service: filledLine(200),
  material: filledLine(200),
  unit: filledLine(50),
  lead_time: line(100),
  description: text(2000),
  position,
  is_active: flag(),
  prices: z.partialRecord(countryEnum, countryPrice).openapi({
    description: 'Per country code: the price, or null to stop offering it there; countries left out stay as they are.',
  }),
};

export const printingPriceCreateBody = z
  .object({
    ...printingPriceFields,
    lead_time: printingPriceFields.lead_time.optional().default(''),
    description: printingPriceFields.description.optional().default(''),
    position: position.optional().default(0),
    is_active: printingPriceFields.is_active.optional().default(true),
    prices: printingPriceFields.prices.optional().default({}),
  })
  .openapi('PrintingPriceCreate');

export const printingPriceUpdateBody = z.object(printingPriceFields).partial().openapi('PrintingPriceUpdate');

export const staffPrintingPriceSchema = z
  .object({
    id: z.number().int(),
    service: z.string(),
    material: z.string(),
    unit: z.string(),
    lead_time: z.string(),
    description: z.string(),
    position: z.number().int(),
    is_active: z.boolean(),
    prices: z.record(z.string(), z.string().nullable()),
  })
  .openapi('StaffPrintingPrice');

export const staffPrintingPricePageSchema = pageSchema(staffPrintingPriceSchema).openapi('StaffPrintingPricePage');
