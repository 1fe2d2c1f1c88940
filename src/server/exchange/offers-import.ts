/**
 * `offers.xml` (and `prices*.xml`, `rests*.xml`, the numbered `offers0_1.xml`): each price type's currency
 * names the country (`KGS`/`417`/«сом» → kg, `KZT`/`398`/«тенге»/«₸» → kz, unless a price type is mapped
 * in `exchange_ids`), an offer's price becomes the product's price there and its quantity (or its
 * warehouses mapped to that country) the stock. Written in one catalog change through the offers' service,
 * as a staff prices and stock import is.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { writeCatalog, type CatalogWrite } from '../catalog/catalog-write.ts';
import { lockOffers, setOffers, setStock, type OfferChange, type StockChange } from '../catalog/offers.service.ts';
import { intArray, queryRows, textArray } from '../db/client.ts';
import { slices } from '../event-loop.ts';
import { logger } from '../logger.ts';
import {
  countryOfCurrency,
  readOffer,
  readPriceType,
  RecordError,
  stockOf,
  type OfferRecord,
  type PriceTypeRecord,
} from './commerceml.ts';
import { loadIds } from './exchange-ids.ts';
import { rememberSeen, targetOf } from './exchange-mappings.ts';
import { makeCharacteristics } from './characteristics.ts';
import {
  elementFailure,
  isPackagePart,
  xmlFailure,
  type ExchangeContext,
  type ExchangeOutcome,
} from './exchange-run.ts';
import { elementName, textOf, xmlElements, XmlFileError, type XmlItem } from './xml-elements.ts';

const log = logger.child({ module: 'exchange' });

/** Logs (at debug) how long each step of a run took since the one before. */
function stepTimer(taskId: string): (step: string) => void {
  let mark = performance.now();
  return (step) => {
    const now = performance.now();
    log.debug({ task: taskId, step, ms: Math.round(now - mark) }, 'Offers import step');
    mark = now;
  };
}

const WANTED = [
  'ТипыЦен/ТипЦены',
  'ПакетПредложений/Склады/Склад',
  'ПакетПредложений/Предложения/Предложение',
  'ПакетПредложений/СодержитТолькоИзменения',
];

interface OffersFile {
  /** A package of offers (not the changes only): what it omits has no stock left. */
  full: boolean;
  priceTypes: PriceTypeRecord[];
  warehouses: { id: string; name: string }[];
  offers: (OfferRecord & { line: number; sku: string })[];
}

async function readOffersFile(ctx: ExchangeContext): Promise<OffersFile> {
  const file: OffersFile = { full: false, priceTypes: [], warehouses: [], offers: [] };
  const headers = new Map<string, Record<string, string>>();
  const slice = slices(2000);
  let item: XmlItem | undefined;
  let changesOnly = false;
  try {
    for await (item of xmlElements(ctx.file(), WANTED, headers)) {
      const name = item.node.name;
      if (name === 'СодержитТолькоИзменения') changesOnly = item.node.text === 'true';
      else if (name === 'ТипЦены') file.priceTypes.push(readPriceType(item.node));
      else if (name === 'Склад')
        file.warehouses.push({ id: textOf(item.node, 'Ид'), name: textOf(item.node, 'Наименование') });
      else if (name === 'Предложение') {
        file.offers.push({ ...readOffer(item.node), line: item.line, sku: textOf(item.node, 'Артикул') });
        if (file.offers.length % 20_000 === 0) await ctx.progress('reading', file.offers.length, 0);
      }
      await slice.step();
    }
  } catch (error) {
    if (error instanceof XmlFileError) throw xmlFailure(ctx.filename, error.line, error.message);
    if (error instanceof RecordError)
      throw elementFailure(ctx.filename, item?.line ?? 0, error.message, item ? elementName(item.node) : null);
    throw error;
  }
  for (const [path, attrs] of headers)
    if (path.endsWith('ПакетПредложений')) {
      if (attrs['СодержитТолькоИзменения'] === 'true') changesOnly = true;
      // Only a package that states quantities says what is out of stock (a prices file does not).
      file.full = !changesOnly && file.offers.some((o) => o.quantity !== null);
    }
  return file;
}

/**
 * The stock of the products 1C made that a full offers package left out: 0 in its countries (hidden
 * products stay hidden). @returns how many offers went to 0
 */
export async function zeroOmitted(
  write: CatalogWrite,
  countries: readonly CountryCode[],
  kept: ReadonlySet<number>,
): Promise<number> {
  let zeroed = 0;
  for (const country of countries) {
    const rows = await queryRows<{ product_id: number }>(
      write.tx,
      sql`select o.product_id from product_offers o
          where o.country = ${country} and o.quantity > 0
            and exists (select 1 from exchange_ids e where e.kind = 'product' and e.local_id = o.product_id)`,
    );
    const omitted = rows.map((r) => Number(r.product_id)).filter((id) => !kept.has(id));
    if (!omitted.length) continue;
    const offers = await lockOffers(write, country, omitted);
    const changes: StockChange[] = [...offers.values()].map((offer) => ({ offer, quantity: 0 }));
    await setStock(write, country, changes);
    zeroed += changes.length;
  }
  return zeroed;
}

export async function importOffers(ctx: ExchangeContext): Promise<ExchangeOutcome> {
  const step = stepTimer(ctx.taskId);
  const file = await readOffersFile(ctx);
  step('read the file');
  await ctx.progress('checking', file.offers.length, file.offers.length);
  const notes: string[] = [];

  const outcome = await writeCatalog(ctx.actor, async (write) => {
    await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_1c'))`);
    // Price types: a mapping staff made wins over the currency; the first type of a country is its price.
    await rememberSeen(write.tx, 'price_type', file.priceTypes);
    await rememberSeen(write.tx, 'warehouse', file.warehouses);
    const mapped = await loadIds(
      write.tx,
      'price_type',
      file.priceTypes.map((t) => t.id),
    );
    const countryOfType = new Map<string, CountryCode | null>();
    for (const type of file.priceTypes) {
      const target = targetOf('price_type', mapped.get(type.id)?.value ?? null, type.currency);
      countryOfType.set(type.id, target === 'ignore' ? null : target);
    }
    const unmapped = file.priceTypes.filter((t) => !countryOfType.get(t.id));
    if (unmapped.length)
      notes.push(
        `Типы цен без страны магазина пропущены: ${unmapped.map((t) => `«${t.name}» (${t.currency})`).join(', ')}.`,
      );
    // Warehouses staff mapped: to a country, or `ignore`; one left alone is not mapped.
    const warehouseTarget = new Map(
      [
        ...(await loadIds(
          write.tx,
          'warehouse',
          file.offers.flatMap((o) => o.warehouses.map((w) => w.id)),
        )),
      ].flatMap(([id, known]) => {
        const target = targetOf('warehouse', known.value, null);
        return target ? [[id, target] as const] : [];
      }),
    );

    // Products by their 1C Ид (a characteristic's own, else its product's), else by the offer's Артикул.
    const bases = await loadIds(
      write.tx,
      'product',
      file.offers.map((o) => o.productId),
    );
    const madeCharacteristics = await makeCharacteristics(
      write,
      ctx.filename,
      file.offers,
      new Map([...bases].flatMap(([id, known]) => (known.localId === null ? [] : [[id, known.localId] as const]))),
      notes,
    );
    // With no characteristic in the file, the products' own ids are all there is to find.
    const byExternal = file.offers.some((o) => o.offerId !== o.productId)
      ? await loadIds(
          write.tx,
          'product',
          file.offers.flatMap((o) => (o.offerId === o.productId ? [o.productId] : [o.offerId, o.productId])),
        )
      : bases;
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
      byExternal.get(offer.offerId)?.localId ??
      byExternal.get(offer.productId)?.localId ??
      bySku.get(offer.sku) ??
      null;
    const ids = [...new Set(file.offers.map(productOf).filter((id): id is number => id !== null))];
    const products = new Map(
      (
        await queryRows<{ id: number; sku: string; category_id: number }>(
          write.tx,
          sql`select id, sku, category_id from products where id = any(${intArray(ids)}::int[])`,
        )
      ).map((r) => [Number(r.id), { id: Number(r.id), sku: r.sku, categoryId: Number(r.category_id) }]),
    );
    step('found the products');
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
        const country = countryOfType.has(price.typeId)
          ? countryOfType.get(price.typeId)
          : countryOfCurrency(price.currency);
        if (!country || countries.get(country)) continue;
        if (Number(price.price) <= 0) noPrice += 1;
        else countries.set(country, price.price);
      }
      // No price in the file (a `rests.xml`): the stock goes to every country the warehouses or price types name.
      if (!offer.prices.length)
        for (const country of new Set([...countryOfType.values()].filter((c): c is CountryCode => c !== null)))
          countries.set(country, null);
      for (const [country, price] of countries) {
        // Once any of the offer's warehouses is mapped, only those mapped to this country count.
        const stores = offer.warehouses.filter((w) => warehouseTarget.has(w.id));
        const quantity = stores.length
          ? stores.filter((w) => warehouseTarget.get(w.id) === country).reduce((n, w) => n + w.quantity, 0)
          : offer.quantity;
        const perCountry = wanted.get(country) ?? new Map();
        wanted.set(country, perCountry);
        const seen = perCountry.get(productId);
        if (seen) {
          if (seen.quantity !== null && quantity !== null) seen.quantity += quantity;
        } else perCountry.set(productId, { price, quantity });
      }
    }
    let created = madeCharacteristics;
    const touched = new Set<number>();
    for (const [country, perCountry] of wanted) {
      const offers = await lockOffers(write, country, [...perCountry.keys()], products);
      step(`locked the offers (${country})`);
      const changes: OfferChange[] = [];
      for (const [productId, { price, quantity }] of perCountry) {
        const offer = offers.get(productId) ?? null;
        // Stock alone (no price in the file) goes only to offers there are.
        if (!offer && price === null) continue;
        const change: OfferChange = { product: products.get(productId)!, offer };
        if (price !== null && price !== offer?.price) {
          change.price = price;
          // An old price that would no longer be above the price goes.
          change.oldPrice = offer?.oldPrice && Number(offer.oldPrice) > Number(price) ? offer.oldPrice : null;
        }
        if (quantity !== null && stockOf(quantity) !== (offer?.quantity ?? 0)) change.quantity = stockOf(quantity);
        if (change.price === undefined && change.quantity === undefined) continue;
        if (!offer) created += 1;
        changes.push(change);
        touched.add(productId);
      }
      await setOffers(write, country, changes);
      step(`set ${changes.length} offers (${country})`);
    }
    if (unknown) notes.push(`Предложений для товаров, которых нет в магазине, пропущено: ${unknown}.`);
    if (noPrice) notes.push(`Цен, равных нулю, пропущено: ${noPrice}.`);
    const countries = [...wanted.keys()];
    const inFile = new Set(ids);
    let zeroed = 0;
    let deferred: ExchangeOutcome['deferred'];
    if (file.full && isPackagePart(ctx.filename))
      // The other packages of the exchange hold the rest: what none of them holds goes to 0 at `complete`.
      deferred = { kind: 'offers', products: [...inFile], countries };
    else if (file.full) {
      zeroed = await zeroOmitted(write, countries, inFile);
      if (zeroed) notes.push(`Остаток 0 у товаров, которых нет в полном файле предложений: ${zeroed}.`);
    }
    step('zeroed the omitted');
    return {
      counts: { rows: file.offers.length, created, updated: touched.size + zeroed, hidden: 0, errors: 0 },
      notes,
      ...(deferred ? { deferred } : {}),
    };
  });
  step('journal, summary, commit and caches');
  return outcome;
}
