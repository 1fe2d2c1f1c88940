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
import {
  lockOffers,
  setOffers,
  setStock,
  type CurrentOffer,
  type OfferChange,
  type StockChange,
} from '../catalog/offers.service.ts';
import { getDbHandle, intArray, queryRows, textArray } from '../db/client.ts';
import { isLockNotAvailable } from '../errors.ts';
import { nextTurn, slices } from '../event-loop.ts';
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
import { loadIds, type KnownId } from './exchange-ids.ts';
import { rememberSeen, targetOf } from './exchange-mappings.ts';
import { makeCharacteristics } from './characteristics.ts';
import {
  elementFailure,
  isPackagePart,
  xmlFailure,
  type ExchangeContext,
  type ExchangeOutcome,
} from './exchange-run.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';
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

type Offer = OfferRecord & { line: number; sku: string };

/** Offers handed to the writer at a time: the reader parses the next ones while these are written. */
const BATCH = 20_000;
/** The first batch is smaller: the database starts writing sooner while the reader parses on. */
const FIRST_BATCH = 4_000;

/**
 * Reads an offers file ahead of its writer: the price types and warehouses (which CommerceML puts before
 * the offers), then the offers in batches of `size` as they are parsed. The writer works on one batch in
 * the database while the next is parsed, so the two take turns on the two cores instead of one after
 * the other.
 */
class OffersReader {
  readonly priceTypes: PriceTypeRecord[] = [];
  readonly warehouses: { id: string; name: string }[] = [];
  /** How many offers have been read. */
  count = 0;
  readonly #ctx: ExchangeContext;
  readonly #size: number;
  readonly #first: number;
  /** Whether a batch has been handed out (the first may be smaller). */
  #handed = false;
  readonly #headers = new Map<string, Record<string, string>>();
  readonly #ready: Offer[][] = [];
  #current: Offer[] = [];
  #changesOnly = false;
  #anyQuantity = false;
  #offersBegun = false;
  #done = false;
  #stopped = false;
  #failure: unknown = null;
  #wake: (() => void) | null = null;
  readonly #running: Promise<void>;

  constructor(ctx: ExchangeContext, size: number) {
    this.#ctx = ctx;
    this.#size = size;
    this.#first = Math.min(size, FIRST_BATCH);
    this.#running = this.#read();
  }

  async #read(): Promise<void> {
    const ctx = this.#ctx;
    // A turn of the event loop every 200 offers (a few ms): the writer's answers from the database wait no longer.
    const slice = slices(200);
    const began = performance.now();
    let item: XmlItem | undefined;
    try {
      for await (item of xmlElements(ctx.file(), WANTED, this.#headers)) {
        if (this.#stopped) return;
        const name = item.node.name;
        if (name === 'СодержитТолькоИзменения') this.#changesOnly = item.node.text === 'true';
        else if (name === 'ТипЦены' || name === 'Склад') {
          // The schema's order: what the offers' prices and stock refer to comes before them.
          if (this.#offersBegun) throw new RecordError(EXCHANGE_TEXT.headerAfterOffers(name));
          if (name === 'ТипЦены') this.priceTypes.push(readPriceType(item.node));
          else this.warehouses.push({ id: textOf(item.node, 'Ид'), name: textOf(item.node, 'Наименование') });
        } else if (name === 'Предложение') {
          const offer = { ...readOffer(item.node), line: item.line, sku: textOf(item.node, 'Артикул') };
          if (!this.#offersBegun) {
            this.#offersBegun = true;
            this.#signal();
          }
          if (offer.quantity !== null) this.#anyQuantity = true;
          this.#current.push(offer);
          this.count += 1;
          if (this.#current.length >= (this.#handed ? this.#size : this.#first)) this.#hand();
          if (this.count % 20_000 === 0) await ctx.progress('reading', this.count, 0);
        }
        await slice.step();
      }
      this.#hand();
    } catch (error) {
      if (error instanceof XmlFileError) this.#failure = xmlFailure(ctx.filename, error.line, error.message);
      else if (error instanceof RecordError)
        this.#failure = elementFailure(
          ctx.filename,
          item?.line ?? 0,
          error.message,
          item ? elementName(item.node) : null,
        );
      else this.#failure = error;
    } finally {
      this.#done = true;
      this.#signal();
      log.debug(
        { task: ctx.taskId, offers: this.count, ms: Math.round(performance.now() - began) },
        'Offers file read',
      );
    }
  }

  #hand(): void {
    if (this.#current.length) {
      this.#ready.push(this.#current);
      this.#handed = true;
    }
    this.#current = [];
    this.#signal();
  }

  #signal(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  #next(): Promise<void> {
    return new Promise((resolve) => (this.#wake = resolve));
  }

  /** Once the offers begin (or the file ends): the price types and warehouses are all known. */
  async header(): Promise<void> {
    while (!this.#offersBegun && !this.#done) await this.#next();
    if (this.#failure) throw this.#failure;
  }

  /** The whole file read (the embedded database's one session cannot read it while a change is open). */
  async readToEnd(): Promise<void> {
    await this.#running;
    if (this.#failure) throw this.#failure;
  }

  /** The offers, a batch at a time, as they are read; throws at once when the file turns out broken. */
  async *batches(): AsyncGenerator<Offer[]> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      const batch = this.#ready.shift();
      if (batch) yield batch;
      else if (this.#done) return;
      else await this.#next();
    }
  }

  /** Whether a batch has been read and waits to be taken. */
  get hasBatch(): boolean {
    return this.#ready.length > 0;
  }

  /** A package of offers (not the changes only) that states quantities: what it omits has no stock left. */
  get full(): boolean {
    let changesOnly = this.#changesOnly;
    for (const [path, attrs] of this.#headers)
      if (path.endsWith('ПакетПредложений') && attrs['СодержитТолькоИзменения'] === 'true') changesOnly = true;
    // Only a package that states quantities says what is out of stock (a prices file does not).
    return !changesOnly && this.#anyQuantity;
  }

  /** Stops reading (the writer failed): the rest of the file is not parsed for nothing. */
  stop(): void {
    this.#stopped = true;
  }
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
  if (!countries.length) return 0;
  // 1C's products less the file's, found in `exchange_ids`: the offers the file has just written (each
  // with its old row beside it until the commit) are not scanned.
  const rows = await queryRows<{ local_id: number }>(
    write.tx,
    sql`select e.local_id from exchange_ids e
        where e.kind = 'product' and e.local_id is not null
          and not exists (select 1 from unnest(${intArray([...kept])}::int[]) k(id) where k.id = e.local_id)`,
  );
  const omitted = rows.map((r) => Number(r.local_id));
  if (!omitted.length) return 0;
  let zeroed = 0;
  for (const country of countries) {
    const offers = await lockWithoutWaiting(write, country, omitted);
    const changes: StockChange[] = [...offers.values()]
      .filter((offer) => offer.quantity > 0)
      .map((offer) => ({ offer, quantity: 0 }));
    await setStock(write, country, changes);
    zeroed += changes.length;
  }
  return zeroed;
}

/** What the file gives one product in one country (its first offer's price; its offers' stock added up). */
interface Wanted {
  price: string | null;
  quantity: number | null;
  /** The batch that wrote it; a later batch that adds stock to it leaves it to `writeAgain`. */
  batch: number;
}

/**
 * Writes an offers file's batches into one catalog change: finds each offer's product (by its 1C Ид, a
 * characteristic's own or its product's, else by the Артикул), locks the offers, writes what changed and
 * its audit rows, batch after batch.
 */
class OffersWriter {
  readonly notes: string[] = [];
  unknown = 0;
  noPrice = 0;
  created = 0;
  readonly touched = new Set<number>();
  /** Every product the file names. */
  readonly inFile = new Set<number>();
  readonly wanted = new Map<CountryCode, Map<number, Wanted>>();
  readonly #write: CatalogWrite;
  readonly #filename: string;
  readonly #countryOfType = new Map<string, CountryCode | null>();
  readonly #warehouseTarget = new Map<string, CountryCode | 'ignore'>();
  readonly #warehousesLooked = new Set<string>();
  readonly #products = new Map<number, { id: number; sku: string; categoryId: number }>();
  /** Products a later batch added stock to, by country. */
  readonly #again = new Map<CountryCode, Set<number>>();
  #batch = 0;
  /**
   * Changes planned for the batch locked last, by country, sent behind the next batch's lookup (or at
   * once when that batch is not read yet).
   */
  readonly #planned: [CountryCode, OfferChange[]][] = [];
  /** Writes sent and not yet waited for. */
  readonly #writing: Promise<void>[] = [];

  constructor(write: CatalogWrite, filename: string) {
    this.#write = write;
    this.#filename = filename;
  }

  /** The price types' countries: a mapping staff made wins over the currency; the first type of a country is its price. */
  async start(reader: OffersReader): Promise<void> {
    const tx = this.#write.tx;
    await rememberSeen(tx, 'price_type', reader.priceTypes);
    await rememberSeen(tx, 'warehouse', reader.warehouses);
    const mapped = await loadIds(
      tx,
      'price_type',
      reader.priceTypes.map((t) => t.id),
    );
    for (const type of reader.priceTypes) {
      const target = targetOf('price_type', mapped.get(type.id)?.value ?? null, type.currency);
      this.#countryOfType.set(type.id, target === 'ignore' ? null : target);
    }
    const unmapped = reader.priceTypes.filter((t) => !this.#countryOfType.get(t.id));
    if (unmapped.length)
      this.notes.push(
        `Типы цен без страны магазина пропущены: ${unmapped.map((t) => `«${t.name}» (${t.currency})`).join(', ')}.`,
      );
  }

  /**
   * Time spent per part of the batches, in ms (logged at debug at the end): finding the products (which
   * waits behind the previous batch's writes in the database), locking, planning, and waiting for the
   * last writes.
   */
  readonly timings = { find: 0, lock: 0, plan: 0, write: 0 };

  async writeBatch(offers: readonly Offer[]): Promise<void> {
    try {
      await this.#writeBatch(offers);
    } catch (error) {
      // A write that failed left the transaction aborted: its error is the one to tell.
      await this.#settle();
      throw error;
    }
  }

  async #writeBatch(offers: readonly Offer[]): Promise<void> {
    const tx = this.#write.tx;
    this.#batch += 1;
    let mark = performance.now();
    const lap = (part: keyof OffersWriter['timings']) => {
      const now = performance.now();
      this.timings[part] += now - mark;
      mark = now;
    };
    // Warehouses staff mapped: to a country, or `ignore`; one left alone is not mapped.
    const stores = [...new Set(offers.flatMap((o) => o.warehouses.map((w) => w.id)))].filter(
      (id) => !this.#warehousesLooked.has(id),
    );
    for (const [id, known] of await loadIds(tx, 'warehouse', stores)) {
      const target = targetOf('warehouse', known.value, null);
      if (target) this.#warehouseTarget.set(id, target);
    }
    for (const id of stores) this.#warehousesLooked.add(id);

    const found = this.#loadProducts(offers.map((o) => o.productId));
    // The previous batch's writes go behind this lookup: the database writes them while this process
    // works through what the lookup found. The lookup is let go out first (a turn of the event loop):
    // the writes' statements take this process a while to build, and the database would wait meanwhile.
    await nextTurn();
    this.#send();
    const bases = await found;
    this.created += await makeCharacteristics(
      this.#write,
      this.#filename,
      offers,
      new Map([...bases].flatMap(([id, known]) => (known.localId === null ? [] : [[id, known.localId] as const]))),
      this.notes,
    );
    // With no characteristic in the batch, the products' own ids are all there is to find.
    const byExternal = offers.some((o) => o.offerId !== o.productId)
      ? await loadIds(
          tx,
          'product',
          offers.flatMap((o) => (o.offerId === o.productId ? [o.productId] : [o.offerId, o.productId])),
        )
      : bases;
    const skus = offers.filter((o) => !byExternal.has(o.productId) && o.sku).map((o) => o.sku);
    const bySku = new Map(
      (skus.length
        ? await queryRows<{ id: number; sku: string }>(
            tx,
            sql`select id, sku from products where sku = any(${textArray(skus)}::text[])`,
          )
        : []
      ).map((r) => [r.sku, Number(r.id)]),
    );
    const productOf = (offer: Offer) =>
      byExternal.get(offer.offerId)?.localId ??
      byExternal.get(offer.productId)?.localId ??
      bySku.get(offer.sku) ??
      null;
    const ids = [...new Set(offers.map(productOf).filter((id): id is number => id !== null))];
    for (const id of ids) this.inFile.add(id);
    const fresh = ids.filter((id) => !this.#products.has(id));
    if (fresh.length)
      for (const r of await queryRows<{ id: number; sku: string; category_id: number }>(
        tx,
        sql`select id, sku, category_id from products where id = any(${intArray(fresh)}::int[])`,
      ))
        this.#products.set(Number(r.id), { id: Number(r.id), sku: r.sku, categoryId: Number(r.category_id) });

    /** This batch's products, by country. */
    const batchProducts = new Map<CountryCode, number[]>();
    for (const offer of offers) {
      const productId = productOf(offer);
      if (productId === null || !this.#products.has(productId)) {
        this.unknown += 1;
        continue;
      }
      const countries = new Map<CountryCode, string | null>();
      for (const price of offer.prices) {
        const country = this.#countryOfType.has(price.typeId)
          ? this.#countryOfType.get(price.typeId)
          : countryOfCurrency(price.currency);
        if (!country || countries.get(country)) continue;
        if (Number(price.price) <= 0) this.noPrice += 1;
        else countries.set(country, price.price);
      }
      // No price in the file (a `rests.xml`): the stock goes to every country the warehouses or price types name.
      if (!offer.prices.length)
        for (const country of new Set([...this.#countryOfType.values()].filter((c): c is CountryCode => c !== null)))
          countries.set(country, null);
      for (const [country, price] of countries) {
        // Once any of the offer's warehouses is mapped, only those mapped to this country count.
        const mapped = offer.warehouses.filter((w) => this.#warehouseTarget.has(w.id));
        const quantity = mapped.length
          ? mapped.filter((w) => this.#warehouseTarget.get(w.id) === country).reduce((n, w) => n + w.quantity, 0)
          : offer.quantity;
        const perCountry = this.wanted.get(country) ?? new Map<number, Wanted>();
        this.wanted.set(country, perCountry);
        const seen = perCountry.get(productId);
        if (!seen) {
          perCountry.set(productId, { price, quantity, batch: this.#batch });
          const list = batchProducts.get(country) ?? [];
          batchProducts.set(country, list);
          list.push(productId);
        } else if (seen.quantity !== null && quantity !== null) {
          seen.quantity += quantity;
          if (seen.batch !== this.#batch) {
            const again = this.#again.get(country) ?? new Set<number>();
            this.#again.set(country, again);
            again.add(productId);
          }
        }
      }
    }
    lap('find');
    await this.#lockAndPlan(batchProducts, lap);
  }

  /**
   * The products 1C's ids name, with the SKU and category of each (kept for the audit rows and the
   * summary): one statement, where looking the ids up and then the products would take two.
   */
  async #loadProducts(externalIds: readonly string[]): Promise<Map<string, KnownId>> {
    const unique = [...new Set(externalIds)];
    if (!unique.length) return new Map();
    const rows = await queryRows<{
      external_id: string;
      local_id: number | null;
      value: string | null;
      sku: string | null;
      category_id: number | null;
    }>(
      this.#write.tx,
      sql`select e.external_id, e.local_id, e.value, p.sku, p.category_id
          from exchange_ids e left join products p on p.id = e.local_id
          where e.kind = 'product' and e.external_id = any(${textArray(unique)}::text[])`,
    );
    const known = new Map<string, KnownId>();
    for (const r of rows) {
      const localId = r.local_id === null ? null : Number(r.local_id);
      known.set(r.external_id, { localId, value: r.value });
      if (localId !== null && r.sku !== null)
        this.#products.set(localId, { id: localId, sku: r.sku, categoryId: Number(r.category_id) });
    }
    return known;
  }

  /** The stock that offers of a later batch added to products an earlier batch wrote. */
  async writeAgain(): Promise<void> {
    await this.#lockAndPlan(new Map([...this.#again].map(([country, ids]) => [country, [...ids]])));
    await this.flush();
  }

  /**
   * Sends what is planned now, when the next batch is still being read: the database would otherwise wait
   * for it (the first batches are read more slowly than the database writes them). The next batch's lookup
   * then queues behind these writes.
   */
  sendUnlessBusy(reader: OffersReader): void {
    if (!reader.hasBatch) this.#send();
  }

  /** Sends what is planned and waits until every write sent has been done. */
  async flush(): Promise<void> {
    this.#send();
    const began = performance.now();
    await this.#settle();
    this.timings.write += performance.now() - began;
  }

  /**
   * Locks the batch's offers and plans their changes, sent with the next batch's lookup (or by `flush`):
   * the database writes one batch while this process works out the next (a batch's products are never
   * those of an earlier batch: a product seen again only adds stock, written by `writeAgain`).
   */
  async #lockAndPlan(
    products: ReadonlyMap<CountryCode, number[]>,
    lap: (part: 'lock' | 'plan') => void = () => {},
  ): Promise<void> {
    const locked: [CountryCode, number[], Map<number, CurrentOffer>][] = [];
    for (const [country, productIds] of products) {
      // A lock refused rolls back to its savepoint: no write may be on its way behind it.
      await this.#settle();
      locked.push([country, productIds, await lockWithoutWaiting(this.#write, country, productIds, this.#products)]);
    }
    lap('lock');
    for (const [country, productIds, offers] of locked)
      this.#planned.push([country, this.#plan(country, productIds, offers)]);
    lap('plan');
  }

  /** Writes the planned changes and their audit rows, without waiting for them (`#settle` does). */
  #send(): void {
    const planned = this.#planned.splice(0);
    if (!planned.length) return;
    const sent = planned.map(([country, changes]) => setOffers(this.#write, country, changes));
    sent.push(this.#write.writeJournal());
    const writing = Promise.allSettled(sent).then((results) => {
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    });
    // Awaited by `#settle`; caught here so that a failure is not unhandled meanwhile.
    writing.catch(() => {});
    this.#writing.push(writing);
  }

  /** Waits for the writes sent; throws the first that failed. */
  async #settle(): Promise<void> {
    for (const writing of this.#writing.splice(0)) await writing;
  }

  #plan(country: CountryCode, productIds: readonly number[], offers: ReadonlyMap<number, CurrentOffer>): OfferChange[] {
    const perCountry = this.wanted.get(country)!;
    const changes: OfferChange[] = [];
    for (const productId of productIds) {
      const { price, quantity } = perCountry.get(productId)!;
      const offer = offers.get(productId) ?? null;
      // Stock alone (no price in the file) goes only to offers there are.
      if (!offer && price === null) continue;
      const change: OfferChange = { product: this.#products.get(productId)!, offer };
      if (price !== null && price !== offer?.price) {
        change.price = price;
        // An old price that would no longer be above the price goes.
        change.oldPrice = offer?.oldPrice && Number(offer.oldPrice) > Number(price) ? offer.oldPrice : null;
      }
      if (quantity !== null && stockOf(quantity) !== (offer?.quantity ?? 0)) change.quantity = stockOf(quantity);
      if (change.price === undefined && change.quantity === undefined) continue;
      if (!offer) this.created += 1;
      changes.push(change);
      this.touched.add(productId);
    }
    return changes;
  }
}

/** Tries again after this many ms when an offer is locked by someone else (an order being placed)... */
const LOCK_RETRY_MS = 20;
/** ...this many times, then waits for the lock as any writer does. */
const LOCK_TRIES = 100;

/**
 * Locks the offers with `NOWAIT`, trying again while others hold one of them. The batches of a file
 * lock in file order, not product order as orders do: by not waiting while it holds the earlier
 * batches' locks, the import does not deadlock with an order (the order, which holds its offers for
 * milliseconds, waits for the import instead). A lock held for seconds (a staff import of the same
 * offers) is waited for after two seconds of tries.
 */
async function lockWithoutWaiting(
  write: CatalogWrite,
  country: CountryCode,
  productIds: readonly number[],
  known?: ReadonlyMap<number, { sku: string; categoryId: number }>,
) {
  for (let tries = 0; tries < LOCK_TRIES; tries += 1) {
    await write.tx.execute(sql`savepoint lock_offers`);
    try {
      const offers = await lockOffers(write, country, productIds, known, { wait: false });
      await write.tx.execute(sql`release savepoint lock_offers`);
      return offers;
    } catch (error) {
      if (!isLockNotAvailable(error)) throw error;
      await write.tx.execute(sql`rollback to savepoint lock_offers`);
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  }
  return lockOffers(write, country, productIds, known);
}

export async function importOffers(ctx: ExchangeContext, batch = BATCH): Promise<ExchangeOutcome> {
  const step = stepTimer(ctx.taskId);
  const reader = new OffersReader(ctx, batch);
  try {
    // The embedded database has one session: the file is read from it before the change takes it.
    if ((await getDbHandle()).kind === 'pglite') {
      await reader.readToEnd();
      await ctx.progress('checking', reader.count, reader.count);
    }
    await reader.header();
    step('read the header');
    const outcome = await writeCatalog(ctx.actor, async (write) => {
      await write.tx.execute(sql`select pg_advisory_xact_lock(hashtext('import_1c'))`);
      const writer = new OffersWriter(write, ctx.filename);
      await writer.start(reader);
      for await (const offers of reader.batches()) {
        await writer.writeBatch(offers);
        writer.sendUnlessBusy(reader);
      }
      await writer.flush();
      await writer.writeAgain();
      // The step's time less these parts is the time it waited for the reader (the writes and their audit
      // rows run in the database meanwhile: the parts that wait for them include their time).
      step(
        `read and wrote ${reader.count} offers (${Object.entries(writer.timings)
          .map(([part, ms]) => `${part} ${Math.round(ms)} ms`)
          .join(', ')})`,
      );
      const { notes } = writer;
      if (writer.unknown) notes.push(`Предложений для товаров, которых нет в магазине, пропущено: ${writer.unknown}.`);
      if (writer.noPrice) notes.push(`Цен, равных нулю, пропущено: ${writer.noPrice}.`);
      const countries = [...writer.wanted.keys()];
      let zeroed = 0;
      let deferred: ExchangeOutcome['deferred'];
      if (reader.full && isPackagePart(ctx.filename))
        // The other packages of the exchange hold the rest: what none of them holds goes to 0 at `complete`.
        deferred = { kind: 'offers', products: [...writer.inFile], countries };
      else if (reader.full) {
        zeroed = await zeroOmitted(write, countries, writer.inFile);
        if (zeroed) notes.push(`Остаток 0 у товаров, которых нет в полном файле предложений: ${zeroed}.`);
      }
      step('zeroed the omitted');
      return {
        counts: {
          rows: reader.count,
          created: writer.created,
          updated: writer.touched.size + zeroed,
          hidden: 0,
          errors: 0,
        },
        notes,
        ...(deferred ? { deferred } : {}),
      };
    });
    step('summary, commit and caches');
    return outcome;
  } finally {
    reader.stop();
  }
}
