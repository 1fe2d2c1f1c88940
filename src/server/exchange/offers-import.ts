/**
 * `offers.xml` (and `prices*.xml`, `rests*.xml`, the numbered `offers0_1.xml`): each price type's currency
 * names the country (`KGS`/`417`/«сом» → kg, `KZT`/`398`/«тенге»/«₸» → kz, unless a price type is mapped
 * in `exchange_ids`), an offer's price becomes the product's price there and its quantity (or its
 * warehouses mapped to that country) the stock. Written in one catalog change through the offers' service,
 * as a staff prices and stock import is.
 */
import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { writeCatalog } from '../catalog/catalog-write.ts';
import { lockOffers, setPrices, setStock, type PriceChange, type StockChange } from '../catalog/offers.service.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import { slices } from '../event-loop.ts';
import {
  countryOfCurrency,
  readOffer,
  readPriceType,
  RecordError,
  stockOf,
  type OfferRecord,
  type PriceTypeRecord,
} from './commerceml.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';
import { loadIds } from './exchange-ids.ts';
import { ExchangeFailure, type ExchangeContext, type ExchangeOutcome } from './exchange-run.ts';
import { textOf } from './xml-elements.ts';
import { xmlElements, XmlFileError, type XmlItem } from './xml-elements.ts';

const WANTED = [
  'ТипыЦен/ТипЦены',
  'ПакетПредложений/Склады/Склад',
  'ПакетПредложений/Предложения/Предложение',
  'ПакетПредложений/СодержитТолькоИзменения',
];

interface OffersFile {
  priceTypes: PriceTypeRecord[];
  warehouses: string[];
  offers: (OfferRecord & { line: number; sku: string })[];
}

async function readOffersFile(ctx: ExchangeContext): Promise<OffersFile> {
  const file: OffersFile = { priceTypes: [], warehouses: [], offers: [] };
  const slice = slices(2000);
  let item: XmlItem | undefined;
  try {
    for await (item of xmlElements(ctx.file(), WANTED)) {
      const name = item.node.name;
      if (name === 'ТипЦены') file.priceTypes.push(readPriceType(item.node));
      else if (name === 'Склад') file.warehouses.push(textOf(item.node, 'Ид'));
      else if (name === 'Предложение') {
        file.offers.push({ ...readOffer(item.node), line: item.line, sku: textOf(item.node, 'Артикул') });
        if (file.offers.length % 20_000 === 0) await ctx.progress('reading', file.offers.length, 0);
      }
      await slice.step();
    }
  } catch (error) {
    if (error instanceof XmlFileError)
      throw new ExchangeFailure(EXCHANGE_TEXT.notXml(ctx.filename, error.line, error.message));
    if (error instanceof RecordError)
      throw new ExchangeFailure(EXCHANGE_TEXT.element(ctx.filename, item?.line ?? 0, error.message));
    throw error;
  }
  return file;
}

export async function importOffers(ctx: ExchangeContext): Promise<ExchangeOutcome> {
  const file = await readOffersFile(ctx);
  await ctx.progress('checking', file.offers.length, file.offers.length);
  const notes: string[] = [];

  return writeCatalog(ctx.actor, async (write) => {
    await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_1c'))`);
    // Price types: a mapping staff made wins over the currency; the first type of a country is its price.
    const mapped = await loadIds(
      write.tx,
      'price_type',
      file.priceTypes.map((t) => t.id),
    );
    const countryOfType = new Map<string, CountryCode | null>();
    for (const type of file.priceTypes) {
      const given = mapped.get(type.id)?.value;
      countryOfType.set(
        type.id,
        given && (COUNTRY_CODES as readonly string[]).includes(given)
          ? (given as CountryCode)
          : countryOfCurrency(type.currency),
      );
    }
    const unmapped = file.priceTypes.filter((t) => !countryOfType.get(t.id));
    if (unmapped.length)
      notes.push(
        `Типы цен без страны магазина пропущены: ${unmapped.map((t) => `«${t.name}» (${t.currency})`).join(', ')}.`,
      );
    const warehouseCountry = await loadIds(write.tx, 'warehouse', file.warehouses);

    // Products by their 1C Ид, else by the offer's Артикул.
    const byExternal = await loadIds(
      write.tx,
      'product',
      file.offers.map((o) => o.productId),
    );
    const skus = file.offers.filter((o) => !byExternal.has(o.productId) && o.sku).map((o) => o.sku);
    const bySku = new Map(
      (
        await queryRows<{ id: number; sku: string }>(
          write.tx,
          sql`select id, sku from products where sku = any(${textArray(skus)}::text[])`,
        )
      ).map((r) => [r.sku, Number(r.id)]),
    );
    const productOf = (offer: OfferRecord & { sku: string }) =>
      byExternal.get(offer.productId)?.localId ?? bySku.get(offer.sku) ?? null;
    const ids = [...new Set(file.offers.map(productOf).filter((id): id is number => id !== null))];
    const products = new Map(
      (
        await queryRows<{ id: number; sku: string; category_id: number }>(
          write.tx,
          sql`select id, sku, category_id from products where id = any(${intArray(ids)}::int[])`,
        )
      ).map((r) => [Number(r.id), { id: Number(r.id), sku: r.sku, categoryId: Number(r.category_id) }]),
    );
    let unknown = 0;
    let noPrice = 0;
    /** Per country, per product: the price and stock the file gives (the first offer of a product wins its price; characteristics' stock adds up). */
    const wanted = new Map<CountryCode, Map<number, { price: string | null; quantity: number | null }>>();
    for (const offer of file.offers) {
      const productId = productOf(offer);
      if (productId === null || !products.has(productId)) {
        unknown += 1;
        continue;
      }
      const countries = new Map<CountryCode, string | null>();
      for (const price of offer.prices) {
        const country = countryOfType.get(price.typeId) ?? countryOfCurrency(price.currency);
        if (!country || countries.get(country)) continue;
        if (Number(price.price) <= 0) noPrice += 1;
        else countries.set(country, price.price);
      }
      // No price in the file (a `rests.xml`): the stock goes to every country the warehouses or price types name.
      if (!offer.prices.length)
        for (const country of new Set([...countryOfType.values()].filter((c): c is CountryCode => c !== null)))
          countries.set(country, null);
      for (const [country, price] of countries) {
        const stores = offer.warehouses.filter((w) => warehouseCountry.has(w.id));
        const quantity = stores.length
          ? stores.filter((w) => warehouseCountry.get(w.id)!.value === country).reduce((n, w) => n + w.quantity, 0)
          : offer.quantity;
        const perCountry = wanted.get(country) ?? new Map();
        wanted.set(country, perCountry);
        const seen = perCountry.get(productId);
        if (seen) {
          if (seen.quantity !== null && quantity !== null) seen.quantity += quantity;
        } else perCountry.set(productId, { price, quantity });
      }
    }
    let created = 0;
    const touched = new Set<number>();
    for (const [country, perCountry] of wanted) {
      const productIds = [...perCountry.keys()];
      const offers = await lockOffers(write, country, productIds);
      const prices: PriceChange[] = [];
      for (const [productId, { price }] of perCountry) {
        if (price === null) continue;
        const offer = offers.get(productId) ?? null;
        if (offer && offer.price === price) continue;
        // An old price that would no longer be above the price goes.
        const oldPrice = offer?.oldPrice && Number(offer.oldPrice) > Number(price) ? offer.oldPrice : null;
        if (!offer) created += 1;
        prices.push({ product: products.get(productId)!, offer, price, oldPrice });
        touched.add(productId);
      }
      await setPrices(write, country, prices);
      const current = prices.length ? await lockOffers(write, country, productIds) : offers;
      const stock: StockChange[] = [];
      for (const [productId, { quantity }] of perCountry) {
        const offer = current.get(productId);
        if (!offer || quantity === null || stockOf(quantity) === offer.quantity) continue;
        stock.push({ offer, quantity: stockOf(quantity) });
        touched.add(productId);
      }
      await setStock(write, country, stock);
    }
    if (unknown) notes.push(`Предложений для товаров, которых нет в магазине, пропущено: ${unknown}.`);
    if (noPrice) notes.push(`Цен, равных нулю, пропущено: ${noPrice}.`);
    return {
      counts: { rows: file.offers.length, created, updated: touched.size, hidden: 0, errors: 0 },
      notes,
    };
  });
}
