import { createRoute, z } from '@hono/zod-openapi';
import { detailSchema, errorResponses, idParam, jsonContent, slugParam } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import {
  brandListQuery,
  brandSchema,
  categoryNodeSchema,
  categorySchema,
  facetsSchema,
  productDetailQuery,
  relatedProductsSchema,
  productListItemSchema,
  productListQuery,
  suggestionsQuery,
  suggestionsSchema,
  productSchema,
  specificationListQuery,
  specificationSchema,
} from './products.schemas.ts';
import { resolvedLinesSchema, resolveLinesBody, resolveLinesForm } from './quick-order.schemas.ts';

const tags = ['Products'];
/** Product reads are public; a bearer token, when sent, must be valid: a clinic's member reads its contract prices. */
const badToken = {
  401: jsonContent(detailSchema, 'A bearer token was sent and is not valid (`token_not_valid`)'),
};

export const listProducts = createRoute({
  operationId: 'products_products_list',
  method: 'get',
  path: '/products/products/',
  tags,
  summary: 'Products sold in a country, filtered, searched, sorted and paged',
  request: { query: productListQuery },
  responses: {
    ...badToken,
    200: jsonContent(
      pageSchema(productListItemSchema).extend({ facets: facetsSchema.optional() }),
      'A page of products',
    ),
    400: errorResponses[400],
  },
});

export const getProduct = createRoute({
  operationId: 'products_products_retrieve',
  method: 'get',
  path: '/products/products/{slug}/',
  tags,
  summary: 'One product with its price and stock in the country',
  request: { params: slugParam, query: productDetailQuery },
  responses: {
    ...badToken,
    200: jsonContent(productSchema, 'The product'),
    ...errorResponses,
  },
});

export const getRelatedProducts = createRoute({
  operationId: 'products_products_related_retrieve',
  method: 'get',
  path: '/products/products/{slug}/related/',
  tags,
  summary: 'Products bought with this one and other products of its category, in stock in the country',
  request: { params: slugParam, query: productDetailQuery },
  responses: {
    ...badToken,
    200: jsonContent(relatedProductsSchema, 'Two rows of related products'),
    ...errorResponses,
  },
});

export const listCategories = createRoute({
  operationId: 'products_categories_list',
  method: 'get',
  path: '/products/categories/',
  tags,
  summary: 'The category tree',
  responses: { 200: jsonContent(z.array(categoryNodeSchema), 'Top-level categories with their children') },
});

export const getCategory = createRoute({
  operationId: 'products_categories_retrieve',
  method: 'get',
  path: '/products/categories/{slug}/',
  tags,
  summary: 'One category with its ancestors and children',
  request: { params: slugParam },
  responses: { 200: jsonContent(categorySchema, 'The category'), ...errorResponses },
});

export const listBrands = createRoute({
  operationId: 'products_brands_list',
  method: 'get',
  path: '/products/brands/',
  tags,
  summary: 'Brands, optionally those with products in a category',
  request: { query: brandListQuery },
  responses: { 200: jsonContent(pageSchema(brandSchema), 'A page of brands'), 400: errorResponses[400] },
});

export const getBrand = createRoute({
  operationId: 'products_brands_retrieve',
  method: 'get',
  path: '/products/brands/{id}/',
  tags,
  summary: 'One brand',
  request: { params: idParam },
  responses: { 200: jsonContent(brandSchema, 'The brand'), ...errorResponses },
});

export const listSpecifications = createRoute({
  operationId: 'products_specifications_list',
  method: 'get',
  path: '/products/specifications/',
  tags,
  summary: 'Specifications with their values and product counts',
  request: { query: specificationListQuery },
  responses: {
    200: jsonContent(pageSchema(specificationSchema), 'A page of specifications'),
    400: errorResponses[400],
  },
});

export const getSpecification = createRoute({
  operationId: 'products_specifications_retrieve',
  method: 'get',
  path: '/products/specifications/{id}/',
  tags,
  summary: 'One specification with its values',
  request: { params: idParam },
  responses: { 200: jsonContent(specificationSchema, 'The specification'), ...errorResponses },
});

export const suggestProducts = createRoute({
  operationId: 'products_suggestions_retrieve',
  method: 'get',
  path: '/products/suggestions/',
  tags,
  summary: 'What the search box suggests while typing: products, categories and brands',
  request: { query: suggestionsQuery },
  responses: {
    ...badToken,
    200: jsonContent(suggestionsSchema, 'Suggestions for the typed text'),
    400: errorResponses[400],
  },
});

export const resolveLines = createRoute({
  operationId: 'products_resolve_lines_create',
  method: 'post',
  path: '/products/resolve_lines/',
  tags,
  summary: 'A quick order: pasted lines or a CSV/.xlsx table checked against the country’s catalog and stock',
  description:
    'Each line is found by SKU (any case) or exact name; the lines found come back with their products, ' +
    'and each line that cannot go into the cart with its line number, what is wrong and what can be done. ' +
    'Send JSON `{country, text}` or a multipart form `{country, file}`.',
  request: {
    body: {
      content: {
        'application/json': { schema: resolveLinesBody },
        'multipart/form-data': { schema: resolveLinesForm },
      },
      required: false,
    },
  },
  responses: {
    ...badToken,
    200: jsonContent(resolvedLinesSchema, 'The lines found and the errors'),
    400: errorResponses[400],
  },
});
