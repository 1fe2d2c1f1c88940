import { getBrand as findBrand, listBrands as findBrands } from '../../catalog/brands.queries.ts';
import { getCategory as findCategory, getCategoryTree } from '../../catalog/categories.queries.ts';
import { getFacets } from '../../catalog/facets.queries.ts';
import type { ProductFilters } from '../../catalog/product-filters.ts';
import {
  getProduct as findProduct,
  getRelatedProducts as findRelatedProducts,
  listProducts as findProducts,
} from '../../catalog/products.queries.ts';
import { suggest } from '../../catalog/suggestions.queries.ts';
import {
  getSpecification as findSpecification,
  listSpecifications as findSpecifications,
} from '../../catalog/specifications.queries.ts';
import { FRESH_PUBLIC_CACHE_CONTROL } from '../../cache/lifetimes.ts';
import { MAX_ORDER_LINES, parseOrderText } from '../../catalog/order-lines.ts';
import { resolveOrderLines } from '../../catalog/quick-order.queries.ts';
import { ValidationError } from '../../errors.ts';
import { parseOrderFile } from '../../imports/order-lines-file.ts';
import { withContractPrices } from '../../clinics/contract-prices.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { readerPrices } from './member-prices.ts';
import { toMappedPage, toPage } from '../pagination.ts';
import { toBrandJson, toProductJson, toProductListItemJson, toSpecificationJson } from './products.mappers.ts';
import type * as routes from './products.routes.ts';
import { toResolvedLinesJson } from './quick-order.mappers.ts';

const QUICK_ORDER_INPUT = 'Пришлите строки заказа (`text`) или файл (`file`) и страну (`country`).';
const tooManyLines = `Не больше ${MAX_ORDER_LINES} строк за раз: разделите список.`;

async function* fileChunks(file: File): AsyncGenerator<Uint8Array> {
  yield new Uint8Array(await file.arrayBuffer());
}

export const listProducts: AppRouteHandler<typeof routes.listProducts> = async (c) => {
  const q = c.req.valid('query');
  const filters: ProductFilters = {
    country: q.country,
    category: q.category || undefined,
    brands: q.brand,
    priceFrom: q.price_from,
    priceTo: q.price_to,
    specifications: q.specifications,
    search: q.search || undefined,
    ids: q.ids,
    isActive: q.is_active,
  };
  const [{ items, count }, facets] = await Promise.all([
    findProducts({ ...filters, ordering: q.ordering, limit: q.limit, offset: q.offset }),
    q.facets ? getFacets(filters) : undefined,
  ]);
  // Products looked up by id are a cart's or checkout's: their stock and price are read fresh.
  if (q.ids?.length) c.header('Cache-Control', FRESH_PUBLIC_CACHE_CONTROL);
  const prices = await readerPrices(
    c,
    q.country,
    items.map((p) => p.id),
  );
  const shown = await withContractPrices(prices, items);
  const page = toPage(c.req.url, shown.map(toProductListItemJson), count, q.limit, q.offset);
  return c.json(facets ? { ...page, facets } : page, 200);
};

export const getProduct: AppRouteHandler<typeof routes.getProduct> = async (c) => {
  const { country } = c.req.valid('query');
  const product = await findProduct(c.req.valid('param').slug, country);
  const [shown] = await withContractPrices(await readerPrices(c, country, [product.id]), [product]);
  return c.json(toProductJson(shown!), 200);
};

export const getRelatedProducts: AppRouteHandler<typeof routes.getRelatedProducts> = async (c) => {
  const country = c.req.valid('query').country;
  const related = await findRelatedProducts(await findProduct(c.req.valid('param').slug, country), country);
  const prices = await readerPrices(
    c,
    country,
    [...related.boughtWith, ...related.sameCategory].map((p) => p.id),
  );
  return c.json(
    {
      bought_with: (await withContractPrices(prices, related.boughtWith)).map(toProductListItemJson),
      same_category: (await withContractPrices(prices, related.sameCategory)).map(toProductListItemJson),
    },
    200,
  );
};

export const listCategories: AppRouteHandler<typeof routes.listCategories> = async (c) =>
  c.json(await getCategoryTree(), 200);

export const getCategory: AppRouteHandler<typeof routes.getCategory> = async (c) =>
  c.json(await findCategory(c.req.valid('param').slug), 200);

export const listBrands: AppRouteHandler<typeof routes.listBrands> = async (c) => {
  const q = c.req.valid('query');
  const found = await findBrands({ category: q.category || undefined, limit: q.limit, offset: q.offset });
  return c.json(toMappedPage(c.req.url, q, found, toBrandJson), 200);
};

export const getBrand: AppRouteHandler<typeof routes.getBrand> = async (c) =>
  c.json(toBrandJson(await findBrand({ id: c.req.valid('param').id })), 200);

export const listSpecifications: AppRouteHandler<typeof routes.listSpecifications> = async (c) => {
  const q = c.req.valid('query');
  const found = await findSpecifications({
    categorySlug: q.category__slug || undefined,
    isFilter: q.is_filter,
    limit: q.limit,
    offset: q.offset,
  });
  return c.json(toMappedPage(c.req.url, q, found, toSpecificationJson), 200);
};

export const getSpecification: AppRouteHandler<typeof routes.getSpecification> = async (c) =>
  c.json(toSpecificationJson(await findSpecification(c.req.valid('param').id)), 200);

export const suggestProducts: AppRouteHandler<typeof routes.suggestProducts> = async (c) => {
  const { q, country } = c.req.valid('query');
  const found = await suggest(q ?? '', country);
  const prices = await readerPrices(
    c,
    country,
    found.products.map((p) => p.id),
  );
  return c.json(
    {
      query: q ?? '',
      products: (await withContractPrices(prices, found.products)).map(toProductListItemJson),
      categories: found.categories,
      brands: found.brands,
    },
    200,
  );
};

export const resolveLines: AppRouteHandler<typeof routes.resolveLines> = async (c) => {
  const json = c.req.valid('json');
  const form = c.req.valid('form');
  const input = 'country' in form ? form : 'country' in json ? json : null;
  if (!input) throw new ValidationError({ non_field_errors: [QUICK_ORDER_INPUT] });
  const parsed = 'file' in input ? await parseOrderFile(fileChunks(input.file)) : parseOrderText(input.text);
  if (parsed.length > MAX_ORDER_LINES) throw new ValidationError({ text: [tooManyLines] });
  const resolved = await resolveOrderLines(input.country, parsed);
  const found = [...resolved.lines.map((l) => l.product), ...resolved.errors.flatMap((e) => e.product ?? [])];
  const prices = await readerPrices(
    c,
    input.country,
    found.map((p) => p.id),
  );
  const priced = new Map((await withContractPrices(prices, found)).map((p) => [p.id, p]));
  return c.json(
    toResolvedLinesJson(resolved, (p) => priced.get(p.id) ?? p),
    200,
  );
};
