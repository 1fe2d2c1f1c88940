import { z } from '@hono/zod-openapi';
import { countryFilter } from '../common.schemas.ts';
import { paginationQuery } from '../pagination.ts';
import { queryText } from '../fields.ts';

const decimal = z.string().openapi({ description: 'Units of this currency per 1 KGS, as a decimal string.' });

export const exchangeSchema = z
  .object({ id: z.number().int(), date: z.string(), kgs: decimal, kzt: decimal, usd: decimal, rub: decimal })
  .openapi('Exchange');

export const contactSchema = z
  .object({
    id: z.number().int(),
    country: z.string(),
    city: z.string(),
    address: z.string(),
    phones: z.array(z.string()),
    email: z.string(),
    working_hours: z.string(),
    whatsapp: z.string().openapi({ description: 'A phone with WhatsApp (`+` and digits), or empty.' }),
    telegram: z.string().openapi({ description: 'A Telegram username, or empty.' }),
  })
  .openapi('Contact');

export const bannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    image: z.string(),
    link: z.string(),
    country: z.string().nullable(),
  })
  .openapi('Banner');

export const documentSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    document_type: z.string(),
    title: z.string(),
    content: z.string(),
    file: z.string().nullable(),
  })
  .openapi('Document');

export const exchangeListQuery = z.object(paginationQuery(12));

/** Contacts and banners: optionally those of one country. */
export const countryListQuery = z.object({ country: countryFilter, ...paginationQuery(12) });

export const documentListQuery = z.object({
  document_type: queryText(50).openapi({ param: { description: 'offer, privacy, delivery...' } }),
  ...paginationQuery(12),
});
