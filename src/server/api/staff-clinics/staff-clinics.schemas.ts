import { z } from '@hono/zod-openapi';
import { CLINIC_ROLE_LABELS, CLINIC_ROLES } from '../../../shared/clinic-roles.ts';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { PRICE_LIST_SCOPES } from '../../clinics/price-lists.queries.ts';
import { countryEnum } from '../common.schemas.ts';
import { bodyId, flag, line, queryInt, queryText, text, filledLine } from '../fields.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';

/** The back office's clinics and price lists (issue 37, staff). */

const REQUIRED = 'Обязательное поле.';
const MONEY = /^\d{1,12}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,2}(\.\d{1,2})?$/;
/** At most this many rules in one price list, and fixed prices in one change (an import takes more). */
const MAX_RULES = 200;
const MAX_PRICES = 500;

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Ожидается true или false.' })
  .transform((v) => v === 'true')
  .optional();

const slug = text(190)
  .transform((v) => v.trim())
  .nullable()
  .optional();

const percent = z
  .union([z.string().trim(), z.number()], { error: 'Введите процент числом.' })
  .transform((v) => String(v))
  .refine((v) => PERCENT.test(v) && Number(v) > 0 && Number(v) < 100, 'Процент больше 0 и меньше 100: 5 или 7.5.')
  .openapi({ type: 'string', example: '5' });

const price = z
  .union([z.string().trim(), z.number()], { error: 'Введите цену числом.' })
  .transform((v) => String(v))
  .refine((v) => MONEY.test(v) && Number(v) > 0, 'Цена больше 0, не больше 2 знаков после точки: 1200 или 1200.50.')
  .openapi({ type: 'string', example: '1200.00' });

const sku = filledLine(100).openapi({ example: '3M-Z250-A2' });

const ruleBody = z
  .object({
    scope: z.enum(PRICE_LIST_SCOPES, {
      error: (issue) =>
        issue.input === undefined ? REQUIRED : `Допустимые значения: ${PRICE_LIST_SCOPES.join(', ')}.`,
    }),
    brand: slug.openapi({ description: "The brand's slug, with scope `brand`." }),
    category: slug.openapi({ description: "The category's slug, with scope `category` (its subcategories too)." }),
    percent,
  })
  .openapi('PriceListRuleInput');

const rules = z
  .array(ruleBody, { error: 'Ожидается список скидок.' })
  .max(MAX_RULES, `Не больше ${MAX_RULES} скидок.`)
  .openapi({
    description:
      'The whole set of discounts, replacing the old one: percent off the public price for `all` products, a `brand` or a `category`; one per target. A fixed price wins over every discount.',
  });

const prices = z
  .array(z.object({ sku, price }).openapi('PriceListPriceInput'), { error: 'Ожидается список цен.' })
  .max(MAX_PRICES, `Не больше ${MAX_PRICES} цен за раз: больше — загрузкой цен с колонкой price_list.`)
  .openapi({ description: 'Fixed prices added or changed, by SKU, in the currency of the list’s country.' });

const listFields = {
  name: filledLine(200).openapi({ example: 'Договор 2026 — сеть «Улыбка»' }),
  country: countryEnum,
  comment: line(500),
};

export const priceListCreateBody = z
  .object({
    ...listFields,
    comment: listFields.comment.optional().default(''),
    rules: rules.optional().default([]),
    prices: prices.optional().default([]),
  })
  .openapi('PriceListCreate');

export const priceListUpdateBody = z
  .object({
    name: listFields.name.optional(),
    country: listFields.country.optional().openapi({
      description: 'Refused while clinics use the list or it has fixed prices (they are in its currency).',
    }),
    comment: listFields.comment.optional(),
    rules: rules.optional(),
    prices: prices.optional(),
    remove_prices: z
      .array(sku, { error: 'Ожидается список артикулов.' })
      .max(MAX_PRICES, `Не больше ${MAX_PRICES} артикулов за раз.`)
      .optional()
      .openapi({ description: 'SKUs whose fixed price goes.' }),
  })
  .openapi('PatchedPriceListUpdate');

export const priceListListQuery = z.object({
  ...paginationQuery(25),
  search: queryText().openapi({ param: { description: 'Part of the name or the comment.' } }),
  country: countryEnum.optional(),
});

const named = z.object({ slug: z.string(), name: z.string() });

export const priceListSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    country: z.enum(COUNTRY_CODES),
    comment: z.string(),
    rules: z.array(
      z
        .object({
          scope: z.enum(PRICE_LIST_SCOPES),
          brand: named.nullable(),
          category: named.nullable(),
          percent: z.string().openapi({ example: '5.00' }),
        })
        .openapi('PriceListRule'),
    ),
    prices_count: z.number().int(),
    prices: z
      .array(
        z
          .object({
            sku: z.string(),
            name: z.string(),
            price: z.string(),
            public_price: z
              .string()
              .nullable()
              .openapi({ description: "The product's public price in the list's country; null: not sold there." }),
          })
          .openapi('PriceListPrice'),
      )
      .optional()
      .openapi({ description: 'The fixed prices by SKU: in the detail only.' }),
    clinics: z.array(
      z
        .object({ id: z.number().int(), name: z.string(), tax_number: z.string(), verified: z.boolean() })
        .openapi('PriceListClinic'),
    ),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffPriceList');

export const priceListPageSchema = pageSchema(priceListSchema).openapi('StaffPriceListPage');

export const staffClinicListQuery = z.object({
  ...paginationQuery(25),
  search: queryText().openapi({ param: { description: 'Part of the name, or digits of the ИНН/БИН.' } }),
  country: countryEnum.optional(),
  verified: booleanQuery,
  price_list: queryInt({ min: 1 }).openapi({ param: { description: 'Clinics given this price list.' } }),
});

export const staffClinicUpdateBody = z
  .object({
    verified: flag().optional().openapi({ description: '«Проверена»: staff checked the ИНН/БИН.' }),
    price_list: bodyId('Ожидается id прайс-листа или null.')
      .nullable()
      .optional()
      .openapi({ description: "A price list of the clinic's country; null: public prices." }),
    owner: bodyId('Ожидается id участника клиники.').optional().openapi({
      description:
        "A member's user id (`members[].user`): they become an owner, beside the owners there are (a clinic left without one gets one).",
    }),
  })
  .openapi('PatchedStaffClinicUpdate');

const roleEnum = z.enum(CLINIC_ROLES).openapi({
  description: Object.entries(CLINIC_ROLE_LABELS)
    .map(([k, v]) => `\`${k}\` ${v}`)
    .join(', '),
});

export const staffClinicSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tax_number: z.string(),
    country: z.enum(COUNTRY_CODES),
    legal_address: z.string(),
    phone: z.string(),
    delivery_addresses: z.array(z.object({ city: z.string(), address: z.string() })),
    verified: z.boolean(),
    order_limit: z.string().nullable(),
    price_list: z
      .object({ id: z.number().int(), name: z.string(), country: z.enum(COUNTRY_CODES) })
      .nullable()
      .openapi('StaffClinicPriceList'),
    members_count: z.number().int(),
    owners_count: z
      .number()
      .int()
      .openapi({ description: "0: its last owner's account was deleted and no buyer was left to take over." }),
    orders_count: z
      .number()
      .int()
      .openapi({ description: "Orders the shop has (not those awaiting the owner's approval)." }),
    members: z
      .array(
        z
          .object({
            user: z.number().int(),
            email: z.string(),
            first_name: z.string(),
            last_name: z.string(),
            phone: z.string(),
            role: roleEnum,
            role_label: z.string(),
            joined_at: z.string().openapi({ format: 'date-time' }),
          })
          .openapi('StaffClinicMember'),
      )
      .optional()
      .openapi({ description: 'In the detail only: owners first.' }),
    orders: z
      .array(
        z
          .object({
            number: z.string(),
            status: z.string(),
            status_label: z.string(),
            total: z.string(),
            currency: z.string(),
            created_at: z.string().openapi({ format: 'date-time' }),
            placed_by: z.string(),
          })
          .openapi('StaffClinicOrder'),
      )
      .optional()
      .openapi({
        description:
          "In the detail only: the newest 20 orders the shop has of the clinic (never one awaiting the owner's approval).",
      }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('StaffClinic');

export const staffClinicPageSchema = pageSchema(staffClinicSchema).openapi('StaffClinicPage');
