/**
 * The one door through which the catalog is written: orders and cancellations, staff imports, single
 * edits and the back office all run their changes inside `writeCatalog`. It owns what every writer
 * would otherwise have to remember:
 * - one transaction for the whole change;
 * - an audit row per changed field for staff changes (who, when, product, country, old, new);
 * - the catalog summary refreshed for the categories whose prices or products changed;
 * - after the commit, the caches of every process emptied, and the people waiting for a product
 *   whose stock came back from zero mailed.
 * The services of this area (`offers.service.ts`, `products.service.ts`) do the writing itself.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { invalidate } from '../cache/invalidation.ts';
import { getDb, intArray, queryRows, textArray, type Db } from '../db/client.ts';
import { logger } from '../logger.ts';
import { detachedFromRequest } from '../request-scope.ts';
import { requestStockAlertSweep } from '../requests/stock-alerts.queue.ts';
import { refreshCatalogStats, refreshCatalogStatsInSteps } from './catalog-stats.ts';
import { addSearchWords } from './search.ts';

/** Who changes the catalog, and in which capacity. Only staff changes are audited, field by field. */
export interface CatalogActor {
  source: 'staff' | 'import' | 'undo' | 'order' | 'cancellation';
  /** The account that made the change; null for the shop itself (an expired order's cancellation). */
  userId: number | null;
  /** The import (task) the change belongs to. */
  taskId?: string | null;
}

/** One field of one product (and country, for offers) going from one value to another. */
export interface FieldChange {
  productId: number | null;
  sku: string;
  country: CountryCode | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

const log = logger.child({ module: 'catalog' });
/** A change this large logs how long its end took (at debug). */
const LOGGED_CHANGES = 1000;

const AUDITED: ReadonlySet<CatalogActor['source']> = new Set(['staff', 'import', 'undo']);

/**
 * What one catalog change written in several transactions (an import in steps on the embedded
 * database) leaves for its end: the steps keep their audit rows and search words, and the summary, the
 * caches and the back-in-stock alerts are seen to once, by `finishDeferred`, after the last step.
 */
export class DeferredCatalogWork {
  readonly categories = new Set<number>();
  readonly stockMoved = new Set<number>();
  changed = false;
  restocked = false;
}

/**
 * Runs what the steps of a change left (`DeferredCatalogWork`): the summary of their categories a
 * category at a time, each followed by `pause`, then the caches and alerts as one last, empty change.
 */
export async function finishDeferred(
  actor: CatalogActor,
  deferred: DeferredCatalogWork,
  pause: (tookMs: number) => Promise<void>,
): Promise<void> {
  if (deferred.categories.size) await refreshCatalogStatsInSteps(await getDb(), [...deferred.categories], pause);
  await writeCatalog(actor, async (write) => {
    write.markStockMoved(deferred.stockMoved);
    if (deferred.restocked) write.markRestocked();
    if (deferred.changed || deferred.categories.size) write.markChanged();
  });
}

/** A catalog change in progress: the transaction, and what must happen once it commits. */
export class CatalogWrite {
  readonly #categories = new Set<number>();
  readonly #priceCategories = new Set<number>();
  /** Products given an offer in a country where they had none, with their categories: added to the summary. */
  readonly #offered = new Map<CountryCode, Map<number, number>>();
  /** The countries whose summary the change moved; null: every country (a product itself changed). */
  #countries: Set<CountryCode> | null = new Set();
  readonly #changes: FieldChange[] = [];
  /** Audit rows already written by `writeJournal`. */
  #journaled = 0;
  #changed = false;
  #restocked = false;
  readonly #wordProducts = new Set<number>();
  /** Products whose stock moved without changing what listings show (in stock or not): only their entries go. */
  readonly #stockMoved = new Set<number>();

  readonly tx: Db;
  readonly actor: CatalogActor;
  readonly #deferred: DeferredCatalogWork | undefined;

  constructor(tx: Db, actor: CatalogActor, deferred?: DeferredCatalogWork) {
    this.tx = tx;
    this.actor = actor;
    this.#deferred = deferred;
  }

  /** Something listings show changed (a price, a name, a product running out...): every process empties its catalog caches after the commit. */
  markChanged(): void {
    this.#changed = true;
  }

  /**
   * These products' stock changed but each stays in stock or out of it: every process drops only the
   * memoised reads and kept pages that show them (their counts), not whole listings.
   */
  markStockMoved(productIds: Iterable<number>): void {
    for (const id of productIds) this.#stockMoved.add(id);
  }

  /**
   * Offers (in `country`) or products (in every country) of these categories changed: their summary is
   * refreshed before the commit, in the countries touched.
   */
  touchCategories(ids: Iterable<number>, country?: CountryCode): void {
    for (const id of ids) this.#categories.add(id);
    this.#touchCountry(country);
    this.#changed = true;
  }

  /**
   * These products got an offer in `country`, where they had none (rows an insert made, not rows it found
   * there): their categories' summary gains them, which costs the size of the change, not of the categories.
   */
  addOffered(country: CountryCode, products: Iterable<{ id: number; categoryId: number }>): void {
    const offered = this.#offered.get(country) ?? new Map<number, number>();
    this.#offered.set(country, offered);
    for (const product of products) offered.set(product.id, product.categoryId);
    this.#touchCountry(country);
    this.#changed = true;
  }

  /** Only prices of offers these categories already had changed: the summary's price parts are refreshed. */
  touchPrices(ids: Iterable<number>, country?: CountryCode): void {
    for (const id of ids) this.#priceCategories.add(id);
    this.#touchCountry(country);
    this.#changed = true;
  }

  #touchCountry(country: CountryCode | undefined): void {
    if (country) this.#countries?.add(country);
    else this.#countries = null;
  }

  /** A product's stock in a country went from nothing to some: those waiting for it are mailed. */
  markRestocked(): void {
    this.#restocked = true;
    this.#changed = true;
  }

  /** These products' names or texts changed (or they are new): their words join the search word list. */
  markSearchWordsChanged(productIds: Iterable<number>): void {
    for (const id of productIds) this.#wordProducts.add(id);
    this.#changed = true;
  }

  /** Keeps audit rows for the changes (only staff changes are audited; others are ignored). */
  record(changes: readonly FieldChange[]): void {
    if (AUDITED.has(this.actor.source)) for (const change of changes) this.#changes.push(change);
  }

  /**
   * Writes the audit rows recorded so far now, in the change's transaction, rather than all at its end
   * (a long change that works in batches keeps the database busy while it reads its next one).
   */
  async writeJournal(): Promise<void> {
    const began = performance.now();
    const changes = this.#changes.splice(0);
    if (changes.length) await insertChanges(this.tx, this.actor, changes);
    this.#journaled += changes.length;
    this.timings.journal += Math.round(performance.now() - began);
  }

  /** Writes what must be in the same transaction: the audit rows and the summary. */
  async beforeCommit(): Promise<void> {
    const began = performance.now();
    const journaled = this.timings.journal;
    await this.writeJournal();
    const deferred = this.#deferred;
    if (deferred) {
      // A step's own products' words: in the step, which stays about as long as what it writes.
      if (this.#wordProducts.size) await addSearchWords(this.tx, [...this.#wordProducts]);
      for (const id of [...this.#categories, ...this.#priceCategories]) deferred.categories.add(id);
      for (const offered of this.#offered.values()) for (const id of offered.values()) deferred.categories.add(id);
      for (const id of this.#stockMoved) deferred.stockMoved.add(id);
      deferred.changed ||= this.#changed;
      deferred.restocked ||= this.#restocked;
      return;
    }
    if (this.#categories.size || this.#priceCategories.size || this.#offered.size)
      await refreshCatalogStats(this.tx, [...this.#categories], {
        pricesOnly: [...this.#priceCategories],
        countries: this.#countries ? [...this.#countries] : undefined,
        offered: [...this.#offered].map(([country, products]) => ({
          country,
          productIds: [...products.keys()],
          categoryIds: [...new Set(products.values())],
        })),
      });
    if (this.#wordProducts.size) await addSearchWords(this.tx, [...this.#wordProducts]);
    this.timings.summary = Math.round(performance.now() - began) - (this.timings.journal - journaled);
  }

  /**
   * How long the end of the change took, in ms (logged at debug for a large change); audit rows sent
   * behind other statements (`writeJournal` while an import's writes run) count those statements' time too.
   */
  readonly timings = { journal: 0, summary: 0 };

  /** How many audit rows the change keeps. */
  get recorded(): number {
    return this.#journaled + this.#changes.length;
  }

  /** What happens once the change is committed; never throws (each step logs its own failure). */
  async afterCommit(): Promise<void> {
    if (this.#deferred) return;
    if (this.#changed) await invalidate('catalog');
    else if (this.#stockMoved.size) await invalidate('catalog', { products: [...this.#stockMoved] });
    if (this.#restocked) requestStockAlertSweep(this.actor.source);
  }
}

/**
 * Runs `work` as one catalog change: in one transaction, with its audit rows and summary, then the
 * caches and back-in-stock alerts once it has committed. A throw rolls everything back. With `deferred`,
 * a step of a longer change: only its writes and audit rows, the rest left to `finishDeferred`.
 */
export async function writeCatalog<T>(
  actor: CatalogActor,
  work: (write: CatalogWrite) => Promise<T>,
  options: { db?: Db; deferred?: DeferredCatalogWork } = {},
): Promise<T> {
  const db = options.db ?? (await getDb());
  let write: CatalogWrite | undefined;
  let workDone = 0;
  const result = await db.transaction(async (tx) => {
    write = new CatalogWrite(tx, actor, options.deferred);
    const value = await work(write);
    await write.beforeCommit();
    workDone = performance.now();
    return value;
  });
  const committed = performance.now();
  // What follows a commit is done even if the client that asked for the change has gone meanwhile.
  await detachedFromRequest(() => write!.afterCommit());
  if (write!.recorded >= LOGGED_CHANGES)
    log.debug(
      {
        task: actor.taskId,
        changes: write!.recorded,
        ...write!.timings,
        commit: Math.round(committed - workDone),
        caches: Math.round(performance.now() - committed),
      },
      'Catalog change ended',
    );
  return result;
}

/**
 * Audit rows in one statement, however many (an import of 100,000 stock rows); an import's (a task's)
 * are counted in `catalog_change_counts` in the same transaction.
 */
export async function insertChanges(
  tx: Db,
  actor: Pick<CatalogActor, 'userId' | 'taskId'> & { source: string },
  changes: readonly FieldChange[],
): Promise<void> {
  if (actor.taskId && changes.length) {
    const perCountry = new Map<string | null, number>();
    for (const change of changes) perCountry.set(change.country, (perCountry.get(change.country) ?? 0) + 1);
    await tx.execute(sql`
      insert into catalog_change_counts (task_id, source, country, changes)
      select ${actor.taskId}::uuid, ${actor.source}, c.country, c.changes
      from unnest(${textArray([...perCountry.keys()])}::text[], ${intArray([...perCountry.values()])}::int[]) as c(country, changes)
      on conflict on constraint catalog_change_counts_key
        do update set changes = catalog_change_counts.changes + excluded.changes`);
  }
  const CHUNK = 50_000;
  for (let start = 0; start < changes.length; start += CHUNK) {
    const part = changes.slice(start, start + CHUNK);
    await tx.execute(sql`
      insert into catalog_changes (source, user_id, task_id, product_id, sku, country, field, old_value, new_value)
      select ${actor.source}, ${actor.userId}, ${actor.taskId ?? null}::uuid, c.product_id, c.sku, c.country, c.field,
             c.old_value, c.new_value
      from unnest(
        ${textArray(part.map((c) => (c.productId === null ? null : String(c.productId))))}::int[],
        ${textArray(part.map((c) => c.sku))}::text[],
        ${textArray(part.map((c) => c.country))}::text[],
        ${textArray(part.map((c) => c.field))}::text[],
        ${textArray(part.map((c) => c.oldValue))}::text[],
        ${textArray(part.map((c) => c.newValue))}::text[]
      ) as c(product_id, sku, country, field, old_value, new_value)`);
  }
}

/** The audit rows of one product, newest first (the back office's history of a product). */
export async function listProductChanges(db: Db, productId: number, limit = 100) {
  return queryRows<{
    at: Date;
    source: string;
    user_id: number | null;
    task_id: string | null;
    country: string | null;
    field: string;
    old_value: string | null;
    new_value: string | null;
  }>(
    db,
    sql`select at, source, user_id, task_id, country, field, old_value, new_value from catalog_changes
        where product_id = ${productId} and source <> 'preview' order by at desc, id desc limit ${limit}`,
  );
}
