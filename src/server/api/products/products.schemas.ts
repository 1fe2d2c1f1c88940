import { z } from '@hono/zod-openapi';
import { decodeSpecifications } from '../../../shared/specifications.ts';
import { NUL_MESSAGE, queryBoolean, queryDecimal, queryText } from '../fields.ts';
import { ORDERINGS } from '../../catalog/product-filters.ts';
import { countryQuery, countryEnum } from '../common.schemas.ts';
import { paginationQuery } from '../pagination.ts';

const link = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const productListItemSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    sku: z.string(),
    name: z.string(),
    brand: link.nullable(),
    category: link,
    images: z.array(z.string()),
    price: z
      .string()
      .nullable()
      .openapi({ description: 'Decimal string in `currency`; null when not sold in the country.' }),
    list_price: z.string().nullable().openapi({
      description:
        'The public price. A signed-in member of a clinic with a price list (bearer token) reads the clinic’s contract price as `price` and the public one here, in a `private, no-store` answer; for anyone else it equals `price`.',
    }),
    old_price: z.string().nullable(),
    currency: z.enum(['KGS', 'KZT']),
    quantity: z.number().int(),
    in_stock: z.boolean(),
    is_active: z.boolean(),
    country: countryEnum,
  })
  .openapi('ProductListItem');

export const productSchema = productListItemSchema
  .extend({
    description: z.string().openapi({ description: 'Sanitised HTML.' }),
    specifications: z.array(
      z.object({ slug: z.string(), name: z.string(), unit: z.string().nullable(), value: z.string() }),
    ),
    breadcrumbs: z.array(link),
    available_in_country: z.boolean(),
    offers: z.array(z.object({ country: countryEnum, in_stock: z.boolean() })),
    family: z
      .string()
      .nullable()
      .openapi({ description: "The product line's key shared by its shades, sizes and packs." }),
    family_members: z
      .array(
        z.object({
          id: z.number().int(),
          slug: z.string(),
          name: z.string(),
          label: z.string().openapi({ description: 'What sets this member apart: shade, size, pack.' }),
          available: z.boolean().openapi({ description: 'Offered in the country.' }),
          in_stock: z.boolean(),
          current: z.boolean(),
        }),
      )
      .openapi({ description: "The family's active products, this one included; empty without a family." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Product');

export const relatedProductsSchema = z
  .object({
    bought_with: z
      .array(productListItemSchema)
      .openapi({ description: 'From orders that hold this product, topped up from neighbouring categories.' }),
    same_category: z
      .array(productListItemSchema)
      .openapi({ description: "The category's other products, one per family, cheapest first." }),
  })
  .openapi('RelatedProducts');

const facetValue = z.object({ value: z.string(), count: z.number().int() });

export const facetsSchema = z
  .object({
    price: z.object({ min: z.string().nullable(), max: z.string().nullable() }),
    brands: z.array(link.extend({ count: z.number().int() })),
    specifications: z.array(
      z.object({
        id: z.number().int(),
        slug: z.string(),
        name: z.string(),
        unit: z.string().nullable(),
        kind: z.enum(['number', 'text']),
        values: z.array(facetValue),
      }),
    ),
  })
  .openapi('ProductFacets', {
    description:
      'For the current filters: how many products each brand and specification value would leave (each facet ignores its own filter), and the price range ignoring the price filter.',
  });

export const specificationsParam = z
  .string()
  .max(2000)
  .transform((raw, ctx) => {
    const decoded = decodeSpecifications(raw);
    if (!decoded.ok) {
      ctx.addIssue({
        code: 'custom',
        message: `Неверный формат: ${decoded.error}. Ожидается slug:значение1,значение2;slug2:значение.`,
      });
      return z.NEVER;
    }
    if (
      Object.entries(decoded.value).some(
        ([slug, values]) => slug.includes('\0') || values.some((v) => v.includes('\0')),
      )
    ) {
      ctx.addIssue({ code: 'custom', message: NUL_MESSAGE });
      return z.NEVER;
    }
    return decoded.value;
  })
  .optional()
  .openapi({
    type: 'string',
    param: {
      description:
        'Specification filters: `slug:value1,value2;slug2:value`. Pairs are separated by `;`, the slug from its values by `:`, values by `,`; every slug and value is percent-encoded (encodeURIComponent) before joining, so a value like «2,5» is written `2%2C5`. Values of one specification are alternatives (OR); different specifications all apply (AND).',
    },
    example: 'ottenok-vita:A2,A3;obem:2',
  });

export const productListQuery = z.object({
  country: countryQuery,
  category: queryText(200).openapi({
    param: { description: 'Category slug; products of its subcategories are included.' },
  }),
  brand: z
    .string()
    .max(1000)
    .regex(/^[\w.-]+(,[\w.-]+)*$/, 'Ожидается список slug или id брендов через запятую.')
    .transform((v) => v.split(','))
    .optional()
    .openapi({ type: 'string', param: { description: 'Brand slugs or ids, comma-separated (any of them).' } }),
  price_from: queryDecimal().openapi({ param: { description: "Lowest price in the country's currency." } }),
  price_to: queryDecimal().openapi({ param: { description: "Highest price in the country's currency." } }),
  specifications: specificationsParam,
  search: queryText(200).openapi({
    param: {
      description:
        'Words of the name, brand or description in any Russian word form, with typos forgiven (a letter or two); or a SKU. ' +
        'A search that no product matches well (only look-alike words) answers the ordinary empty list, `count` 0. ' +
        'A specification value typed among the words (a size «M», a shade «A2») ranks the products that have it first.',
    },
  }),
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Ожидается список числовых id через запятую.')
    .transform((v) => v.split(',').map(Number))
    .optional()
    .openapi({ type: 'string', param: { description: 'Product ids, comma-separated.' } }),
  is_active: queryBoolean().openapi({
    type: 'boolean',
    param: { description: 'Only active products are public; `false` gives an empty list.' },
  }),
  ordering: z
    .enum(ORDERINGS, { error: `Допустимые значения: ${ORDERINGS.join(', ')}.` })
    .optional()
    .openapi({
      param: { description: 'Default `price`; `relevance` (the default when searching) puts exact SKU matches first.' },
    }),
  facets: queryBoolean().openapi({
    type: 'boolean',
    param: { description: 'Add `facets` (filter counts and price range) to the answer.' },
  }),
  ...paginationQuery(24),
});

export const productDetailQuery = z.object({ country: countryQuery });

export const brandSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    origin: z.string(),
    description: z.string(),
    logo: z.string().nullable(),
  })
  .openapi('Brand');

export const brandListQuery = z.object({
  category: queryText(200).openapi({
    param: { description: 'Category slug: only brands with products in that subtree.' },
  }),
  ...paginationQuery(12),
});

type CategoryNodeJson = { id: number; slug: string; name: string; image: string | null; children: CategoryNodeJson[] };
export const categoryNodeSchema: z.ZodType<CategoryNodeJson> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      children: z.array(categoryNodeSchema),
    }),
  )
  .openapi('CategoryNode');

export const categorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    description: z.string(),
    parent: link.nullable(),
    ancestors: z.array(link),
    children: z.array(categoryNodeSchema),
  })
  .openapi('Category');

export const specificationSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    unit: z.string().nullable(),
    kind: z.enum(['number', 'text']),
    is_filter: z.boolean(),
    values: z.array(facetValue),
  })
  .openapi('Specification');

export const specificationListQuery = z.object({
  category__slug: queryText(200).openapi({
    param: {
      description: 'Only specifications with values on products of this category subtree; counts are within it.',
    },
  }),
  is_filter: queryBoolean().openapi({ type: 'boolean' }),
  ...paginationQuery(12),
});

export const suggestionsQuery = z.object({
  q: queryText(200).openapi({ param: { description: 'What the visitor has typed so far; empty gives empty lists.' } }),
  country: countryQuery,
});

const nameLink = z.object({ slug: z.string(), name: z.string() });

export const suggestionsSchema = z
  .object({
    query: z.string(),
    products: z
      .array(productListItemSchema)
      .openapi({ description: 'The best products of the same search the results page runs, at most 5.' }),
    categories: z.array(nameLink).openapi({
      description: 'Categories whose name starts with each typed word (in any keyboard layout or alphabet), at most 4.',
    }),
    brands: z.array(nameLink).openapi({ description: 'Brands the same way, at most 3.' }),
  })
  .openapi('ProductSuggestions');
