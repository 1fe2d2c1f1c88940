/**
 * Each process's search index: every product's search words (the lexemes of its `search_vector`, as the
 * database stemmed them), SKU, name, state, category, brand, its price in each country it is sold in and
 * its specification values, so that a search matches, ranks, filters, counts and counts its facets in
 * memory. The database still does the language work (the typo-tolerant query and its stems, search.ts);
 * the index answers it without reading thousands of rows, so a search costs the same at 1,000 products as
 * at 100,000.
 *
 * Kept fresh across processes by `search_index_changes` (rows written by triggers on `products`,
 * `product_offers` and `product_specifications`, migrations 0036 and 0037, whoever writes): after any cache invalidation the next search reads
 * the changes since the last one and reloads those products. A change is never skipped: the triggers
 * hold an advisory lock shared until their transaction ends, and the index moves its settled mark past
 * a change number only while it can take that lock exclusively, i.e. when nothing noted is uncommitted.
 */
import { sql, type SQL } from 'drizzle-orm';
import { getDbHandle, intArray, queryRows, type Db } from '../db/client.ts';
import { cacheGeneration } from '../cache/invalidation.ts';
import { logger } from '../logger.ts';
import { vectorLexemes, type TsQuery } from './tsquery.ts';
import { SlotLists, WordPostings } from './packed-lists.ts';
import { trigramSequence, wordSimilarityOf } from './word-similarity.ts';

/** The advisory lock the triggers of migration 0036 hold shared. */
export const SEARCH_INDEX_LOCK = 4_720_612;
/** Text rank of a word found in the name or SKU, and in the rest (brand, category, description): ts_rank's A and B weights. */
const RANK_NAME = 10;
const RANK_TEXT = 4;
/** More changed products than this share of the index rebuild it instead of reloading them one by one. */
const REBUILD_SHARE = 0.25;
/** Change rows older than this are pruned (a process further behind rebuilds its index). */
const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * Without any invalidation, the log is still read this often: a hand edit in psql tells no process,
 * and shows in search within this time, as it does in the other caches' lifetimes.
 */
const CHECK_EVERY_MS = 30_000;
/** Product ids are below 2^31 (serial): the ranking key keeps them in its low bits. */
const ID_SPAN = 2 ** 31;
/** Keys at or above this are exact SKU matches (exact × 16 × 2 × 256 × ID_SPAN). */
const EXACT_KEY = 16 * 2 * 256 * ID_SPAN;
/** SKUs are bucketed by their first characters, so a SKU search reads a bucket, not every SKU. */
const SKU_BUCKET = 2;
/** An index this large is rebuilt while searches go on with the old one (below it, they wait). */
const REBUILD_IN_BACKGROUND = 20_000;
/** Products indexed between two yields to the event loop. */
const LOAD_CHUNK = 2000;
/**
 * Products read from the database in one go. The embedded database's memory (WebAssembly's) grows to the
 * largest answer it ever built and never shrinks: the whole catalog's words in one value took it from
 * 0.2 to 0.9 GB at 100,000 products, in every process for good.
 */
const READ_CHUNK = 1000;

/**
 * `round(closeness::numeric, 1)` in tenths, as the database rounds a float4: printed to six significant
 * digits, then half away from zero (0.45 → 5 though 0.45 is 0.44999999 in float4).
 */
function tenths(value: number): number {
  return Math.round(value * 10 + 5e-6);
}

const idOfKey = (key: number) => ID_SPAN - 1 - (key % ID_SPAN);

/** Ids up to this are looked up in an array (ids are serial); larger ones in a map. */
const DENSE_IDS = 10_000_000;

/** A filter as the index checks it. */
interface CompiledFilter {
  isActive: boolean;
  countryBit: number;
  /** The country's price column, or -1 when nothing is sold there. */
  country: number;
  categorySet?: Set<number>;
  brandSet?: Set<number>;
  idSet?: Set<number>;
  from?: number;
  to?: number;
  /** Per chosen specification, the (specification, value) keys it accepts. */
  specs: { id: number; keys: Set<number> }[];
}

/** A specification value's name in `SearchIndex.specKeys`. */
const specValueName = (specificationId: number, value: string) => `${specificationId}\u0001${value}`;

/** Which of a product's facet filters fail: none, one (that facet still counts it), or more. */
const FAILS_NONE = -1;
const FAILS_PRICE = -2;
const FAILS_BRAND = -3;
const FAILS_MORE = -4;

/** What a search found: every match, and the ranking worked out page by page. */
export interface SearchMatches {
  /** Every matching product id (active or not, any country), best first by an upper bound of the ranking. */
  ids: number[];
  /** Products whose SKU is exactly the search text: they lead whatever the ordering. */
  exactSkuIds: number[];
  /** One page of the matches the filters keep, in ranking order, and how many they keep. */
  page(filter: IndexFilter, offset: number, limit: number): { ids: number[]; count: number };
  /** What each facet's values would leave of the matches (every filter applies but the facet's own). */
  facets(filter: IndexFilter): IndexFacets;
}

/** Facet counts over a search's matches, by ids; facets.queries.ts names them. */
export interface IndexFacets {
  /** The price range of the matches every filter but the price keeps (null when none). */
  price: { min: string | null; max: string | null };
  brands: Map<number, number>;
  /** Per specification value: unchosen specifications within every filter, chosen ones without their own. */
  specifications: { specificationId: number; value: string; sortNumber: string | null; count: number }[];
}

/** What the index reads of a product, one row per product. */
interface ProductRow {
  id: number;
  sku: string;
  name: string;
  isActive: boolean;
  categoryId: number;
  brandId: number | null;
  /** Lexemes of the name and SKU (weight A), and of every field. */
  nameLexemes: string[];
  allLexemes: string[];
}

/** What a search asks the index: the normalised tsquery and the text as typed. */
export interface IndexQuery {
  tsquery: TsQuery | undefined;
  /** The search text as typed, lower-cased: an exact SKU or the beginning of SKUs. */
  skuText: string;
  /** The text as typed and its other spellings (search-variants.ts), for closeness to the name. */
  text: string;
  variants: string[];
  /** The words of the text (search.ts `parseSearch`): a specification value among them («M», «A2») ranks its variant first. */
  words: readonly string[];
}

/** The words of a text as a search splits them: lower-cased letters and digits. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A listing's filters (`ResolvedFilters` is one): the index applies them all. */
export interface IndexFilter {
  isActive: boolean;
  country: string;
  categoryIds?: readonly number[];
  brandIds?: readonly number[];
  /** Decimal strings, in the country's currency. */
  priceFrom?: string;
  priceTo?: string;
  /** Each specification keeps products with any of its values. */
  specifications?: readonly { id: number; values: readonly string[] }[];
  ids?: readonly number[];
}

/**
 * A string of its own: a part cut from a longer string (`split`, `slice`) may keep the whole of it alive,
 * and the index would hold every text it read (a chunk's words, hundreds of kilobytes) for one word of it.
 */
const ownCopy = (text: string): string => (text.length < 13 ? text : (JSON.parse(JSON.stringify(text)) as string));

// Products are read as one text (fields split by \x01, products by \x02): the embedded database hands
// over one large value far faster than 100,000 rows (0.4 s against 1.4 s for the same columns).
const FIELD = '\u0001';
const ROW = '\u0002';

async function readProducts(db: Db, where: SQL): Promise<ProductRow[]> {
  const [row] = await queryRows<{ text: string | null }>(
    db,
    sql`select string_agg(concat_ws(chr(1), p.id, lower(translate(p.sku, chr(1) || chr(2), '  ')),
          translate(p.name, chr(1) || chr(2), '  '), p.is_active::int, p.category_id, coalesce(p.brand_id::text, ''),
          strip(ts_filter(p.search_vector, '{a}'))::text, strip(p.search_vector)::text), chr(2)) as text
        from products p where ${where}`,
  );
  if (!row?.text) return [];
  return row.text.split(ROW).map((line) => {
    const [id, sku, name, active, categoryId, brandId, nameVector, allVector] = line.split(FIELD);
    return {
      id: Number(id),
      sku: sku!,
      name: name!,
      isActive: active === '1',
      categoryId: Number(categoryId),
      brandId: brandId ? Number(brandId) : null,
      nameLexemes: vectorLexemes(nameVector!),
      allLexemes: vectorLexemes(allVector!),
    };
  });
}

/** A product's offer in a country: the price as the database prints it (`1250.00`). */
interface OfferRow {
  country: string;
  price: string;
}

/** The countries each product is sold in and its prices there, as one text per country. */
async function readOffers(db: Db, where: SQL): Promise<Map<number, OfferRow[]>> {
  const rows = await queryRows<{ country: string; offers: string }>(
    db,
    sql`select country, string_agg(product_id::text || ':' || price::text, ',') as offers
        from product_offers where ${where} group by country`,
  );
  const byProduct = new Map<number, OfferRow[]>();
  for (const row of rows) {
    for (const offer of row.offers.split(',')) {
      const colon = offer.indexOf(':');
      const id = Number(offer.slice(0, colon));
      const entry = { country: row.country, price: offer.slice(colon + 1) };
      const list = byProduct.get(id);
      if (list) list.push(entry);
      else byProduct.set(id, [entry]);
    }
  }
  return byProduct;
}

/** A product's specification value (`value_number` as the database prints it, for sorting values). */
type SpecRow = [specificationId: number, value: string, valueNumber: string | null];

/** The specification values of products, as one JSON value (any character may be in a value). */
async function readSpecs(db: Db, where: SQL): Promise<Map<number, SpecRow[]>> {
  const [row] = await queryRows<{ specs: string | null }>(
    db,
    sql`select json_agg(json_build_array(product_id, specification_id, value, value_number::text))::text as specs
        from product_specifications where ${where}`,
  );
  const byProduct = new Map<number, SpecRow[]>();
  for (const [id, ...spec] of JSON.parse(row?.specs ?? '[]') as [number, ...SpecRow][]) {
    const list = byProduct.get(id);
    if (list) list.push(spec);
    else byProduct.set(id, [spec]);
  }
  return byProduct;
}

/** What the index holds of products besides their rows. */
interface ProductExtras {
  offers: Map<number, OfferRow[]>;
  specs: Map<number, SpecRow[]>;
}

export class SearchIndex {
  // Per slot: a product as last loaded; a reloaded product gets a new slot and its old one dies.
  private ids: number[] = [];
  private skus: string[] = [];
  private active: boolean[] = [];
  private category: number[] = [];
  private brand: (number | null)[] = [];
  /** The countries a product is sold in, a bit each (`countryBits`), and its price in each (NaN where none). */
  private countries: number[] = [];
  private countryBits = new Map<string, number>();
  private prices: number[][] = [];
  /** A product's specification values, as keys of `specKeys` (a specification and a value). */
  private specs = new SlotLists();
  private specKeys = new Map<string, number>();
  private keySpec: number[] = [];
  private keyValue: string[] = [];
  /** The smallest `value_number` seen with the value (what the database sorts numeric values by). */
  private keyNumber: (string | null)[] = [];
  /** Specification values by their first word, with all their words (built when a search first needs it). */
  private valuesByWord: Map<string, { key: number; words: string[] }[]> | undefined;
  private alive: boolean[] = [];
  /** The name's trigrams in order, numbered by `gramNumbers`. */
  private grams = new SlotLists();
  private gramNumbers = new Map<number, number>();
  /** Per trigram number, the slots whose name has it (each once), in `gramSlotCount[n]` first places. */
  private gramSlots: Int32Array[] = [];
  private gramSlotCount: number[] = [];
  private lastpos = new Int32Array(0);
  private slotOf = new Map<number, number>();
  private slotById = new Int32Array(0);
  private skuBuckets = new Map<string, number[]>();
  private postings = new WordPostings();
  private sortedLexemes: string[] | undefined;

  get size(): number {
    return this.slotOf.size;
  }

  /** Slots no product uses any more: the index is rebuilt when they are too many. */
  get deadSlots(): number {
    return this.ids.length - this.slotOf.size;
  }

  /**
   * Adds (or replaces) products, yielding to other work every few thousand (100,000 take seconds). A
   * build loads every product, then `compact`s once; a refresh packs its words as they grow many.
   */
  async load(rows: readonly ProductRow[], extras: ProductExtras, { building = false } = {}): Promise<void> {
    for (let start = 0; start < rows.length; start += LOAD_CHUNK) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      this.loadSome(rows.slice(start, start + LOAD_CHUNK), extras);
    }
    if (!building) this.postings.settle();
  }

  /**
   * Gives back the room the pools keep for growth (tens of megabytes once a build at 100,000 products has
   * read them), and the numbers of the lists a product's reload or removal emptied; the index keeps
   * working, and grows again as it must.
   */
  compact(): void {
    this.postings.settle({ always: true });
    this.grams.compact();
    this.specs.compact();
    this.gramSlots = this.gramSlots.map((slots, gram) => slots.slice(0, this.gramSlotCount[gram]));
  }

  private loadSome(rows: readonly ProductRow[], { offers, specs }: ProductExtras): void {
    for (const row of rows) {
      this.remove(row.id);
      const slot = this.ids.length;
      this.ids.push(row.id);
      this.skus.push(ownCopy(row.sku));
      const bucket = row.sku.slice(0, SKU_BUCKET);
      const inBucket = this.skuBuckets.get(bucket);
      if (inBucket) inBucket.push(slot);
      else this.skuBuckets.set(bucket, [slot]);
      this.active.push(row.isActive);
      this.category.push(row.categoryId);
      this.brand.push(row.brandId);
      for (const prices of this.prices) prices.push(NaN);
      this.countries.push(this.placeOffers(slot, offers.get(row.id)));
      this.specs.push((specs.get(row.id) ?? []).map(([id, value, number]) => this.specKey(id, value, number)));
      this.alive.push(true);
      const grams = trigramSequence(row.name).map((trigram) => this.gramNumber(trigram));
      this.grams.push(grams);
      for (const gram of new Set(grams)) this.addGramSlot(gram, slot);
      this.slotOf.set(row.id, slot);
      if (row.id < DENSE_IDS) {
        if (row.id >= this.slotById.length) {
          const grown = new Int32Array(Math.max(1024, row.id * 2)).fill(-1);
          grown.set(this.slotById);
          this.slotById = grown;
        }
        this.slotById[row.id] = slot;
      }
      const inName = new Set(row.nameLexemes);
      for (const lexeme of row.allLexemes) {
        const known = this.postings.has(lexeme);
        if (!known) this.sortedLexemes = undefined;
        this.postings.add(known ? lexeme : ownCopy(lexeme), slot, inName.has(lexeme));
      }
    }
    if (this.lastpos.length < this.gramNumbers.size) {
      this.lastpos = new Int32Array(this.gramNumbers.size * 2).fill(-1);
    }
  }

  /** A country's bit (a catalog sells in a handful of countries; 30 fit), and its price columns. */
  private countryBit(country: string): number {
    let bit = this.countryBits.get(country);
    if (bit === undefined) {
      this.countryBits.set(country, (bit = 1 << this.countryBits.size));
      this.prices.push(Array.from(this.ids, () => NaN));
    }
    return bit;
  }

  private specKey(specificationId: number, value: string, number: string | null): number {
    const name = specValueName(specificationId, value);
    let key = this.specKeys.get(name);
    if (key === undefined) {
      this.specKeys.set(name, (key = this.keySpec.length));
      this.keySpec.push(specificationId);
      this.keyValue.push(value);
      this.keyNumber.push(number);
      this.valuesByWord = undefined;
    } else if (number !== null && (this.keyNumber[key] === null || Number(number) < Number(this.keyNumber[key]))) {
      this.keyNumber[key] = number;
    }
    return key;
  }

  private compile(filter: IndexFilter): CompiledFilter {
    const bit = this.countryBits.get(filter.country) ?? 0;
    return {
      isActive: filter.isActive,
      countryBit: bit,
      country: bit ? 31 - Math.clz32(bit) : -1,
      categorySet: filter.categoryIds && new Set(filter.categoryIds),
      brandSet: filter.brandIds && new Set(filter.brandIds),
      idSet: filter.ids && new Set(filter.ids),
      from: filter.priceFrom ? Number(filter.priceFrom) : undefined,
      to: filter.priceTo ? Number(filter.priceTo) : undefined,
      specs: (filter.specifications ?? []).map((spec) => ({
        id: spec.id,
        keys: new Set(spec.values.flatMap((value) => this.specKeys.get(specValueName(spec.id, value)) ?? [])),
      })),
    };
  }

  /** The specification values (keys) whose words all stand, in order, among the search words. */
  private valuesTyped(words: readonly string[]): Set<number> | undefined {
    if (!this.valuesByWord) {
      this.valuesByWord = new Map();
      this.keyValue.forEach((value, key) => {
        const valueWords = wordsOf(value);
        if (!valueWords.length) return;
        const list = this.valuesByWord!.get(valueWords[0]!);
        if (list) list.push({ key, words: valueWords });
        else this.valuesByWord!.set(valueWords[0]!, [{ key, words: valueWords }]);
      });
    }
    const keys = new Set<number>();
    words.forEach((word, at) => {
      for (const value of this.valuesByWord!.get(word) ?? []) {
        if (value.words.every((w, i) => words[at + i] === w)) keys.add(value.key);
      }
    });
    return keys.size ? keys : undefined;
  }

  private gramNumber(trigram: number): number {
    let n = this.gramNumbers.get(trigram);
    if (n === undefined) {
      this.gramNumbers.set(trigram, (n = this.gramNumbers.size));
      this.gramSlots.push(new Int32Array(4));
      this.gramSlotCount.push(0);
    }
    return n;
  }

  private addGramSlot(gram: number, slot: number): void {
    let slots = this.gramSlots[gram]!;
    const count = this.gramSlotCount[gram]!;
    if (count === slots.length) {
      const grown = new Int32Array(count * 2);
      grown.set(slots);
      this.gramSlots[gram] = slots = grown;
    }
    slots[count] = slot;
    this.gramSlotCount[gram] = count + 1;
  }

  /**
   * Sets the countries and prices of products already loaded, in place (`offers` holds all of each
   * product's offers; one without any is sold nowhere): a price list changes prices by the 100,000, and
   * reloading those products whole (their names, words and trigrams, which did not change) took seconds
   * and a second index beside the first. @returns the ids that had no slot
   */
  setOffers(ids: readonly number[], offers: ReadonlyMap<number, readonly OfferRow[]>): number[] {
    const missing: number[] = [];
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) {
        missing.push(id);
        continue;
      }
      for (const prices of this.prices) prices[slot] = NaN;
      this.countries[slot] = this.placeOffers(slot, offers.get(id));
    }
    return missing;
  }

  /** Writes a slot's price in each country of `offers` (its columns hold none yet). @returns its country bits */
  private placeOffers(slot: number, offers: readonly OfferRow[] = []): number {
    let bits = 0;
    for (const offer of offers) {
      const bit = this.countryBit(offer.country);
      bits |= bit;
      const column = 31 - Math.clz32(bit);
      this.prices[column]![slot] = Number(offer.price);
    }
    return bits;
  }

  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive[slot] = false;
    this.grams.clear(slot);
    this.specs.clear(slot);
    this.slotOf.delete(id);
    if (id < this.slotById.length) this.slotById[id] = -1;
  }

  /**
   * Every product the query matches (active or not, in any country), and what ranks them: an exact SKU,
   * then closeness of the name to the text (pg_trgm's word similarity to the text as typed or, when that
   * is below 0.5, as meant; in tenths, so near-ties fall through), then whether one of its specification
   * values was typed (the size in «перчатки M», the shade in «filtek A2»: that variant before its
   * siblings), then where the words were found (name above the rest), then the smaller id. Closeness is worked out only for the products a page shows
   * (`SearchMatches.page`): every other match needs only its upper bound.
   */
  search(query: IndexQuery): SearchMatches {
    const rank = query.tsquery ? this.evaluate(query.tsquery) : new Uint8Array(this.ids.length);
    // SKUs that start with the text (an exact one among them) match whatever the words do.
    const bySku = new Uint8Array(rank.length);
    if (query.skuText) {
      for (const slot of this.skuBucket(query.skuText)) {
        if (this.alive[slot] && this.skus[slot]!.startsWith(query.skuText)) bySku[slot] = 1;
      }
    }
    const texts = [query.text, ...query.variants].map((text) => this.queryGrams(text));
    // How many of each text's trigrams each name has, from the trigrams' slot lists: the work follows the
    // text's few trigrams, not the length of every matching name.
    const slotCount = rank.length;
    const shared = texts.map((text) => {
      const counts = new Uint16Array(slotCount);
      for (const gram of text.numbers) {
        const slots = this.gramSlots[gram]!;
        for (let i = 0, n = this.gramSlotCount[gram]!; i < n; i += 1) counts[slots[i]!]! += 1;
      }
      return counts;
    });
    const typedValues = this.valuesTyped(query.words);
    const typedVariant = (slot: number) => {
      if (!typedValues) return 0;
      for (const key of this.specs.get(slot)) if (typedValues.has(key)) return 1;
      return 0;
    };
    // One number per match that sorts as the ranking does (exact SKU, closeness in tenths, a typed value,
    // text rank, smaller id), first with closeness at its upper bound: the share of the text's trigrams
    // the name has.
    const keyOf = (slot: number, closeness: number) =>
      (((Number(this.skus[slot] === query.skuText) * 16 + closeness) * 2 + typedVariant(slot)) * 256 + rank[slot]!) *
        ID_SPAN +
      (ID_SPAN - 1 - this.ids[slot]!);
    let matches = 0;
    const bounds = new Float64Array(slotCount);
    for (let slot = 0; slot < slotCount; slot += 1) {
      if (rank[slot]! > 0 ? !this.alive[slot] : bySku[slot] === 0) continue;
      let bound = 0;
      for (let i = 0; i < texts.length; i += 1)
        bound = Math.max(bound, tenths(shared[i]![slot]! / texts[i]!.distinct + 1e-6));
      bounds[matches++] = keyOf(slot, bound);
    }
    const sorted = bounds.subarray(0, matches).sort().reverse();
    let exactCount = 0;
    while (exactCount < matches && sorted[exactCount]! >= EXACT_KEY) exactCount += 1;
    const exactSkuIds = Array.from(sorted.subarray(0, exactCount), idOfKey);
    // Worked out when first asked: a listing by relevance needs only pages, the search page's facets all ids.
    let ids: number[] | undefined;
    // The slots as they are when the first page or the facets are asked for (a refresh may give a product
    // a new slot meanwhile).
    let slots: Int32Array | undefined;
    const matchSlots = () => (slots ??= Int32Array.from(sorted, (key) => this.slotAt(idOfKey(key))));
    const [typed, ...variants] = texts;
    const exactKey = (slot: number) => {
      const grams = this.grams.get(slot);
      let close = wordSimilarityOf(grams, typed!.isQuery, typed!.distinct, this.lastpos);
      if (close < 0.5) {
        for (const v of variants) close = Math.max(close, wordSimilarityOf(grams, v.isQuery, v.distinct, this.lastpos));
      }
      return keyOf(slot, tenths(close));
    };
    return {
      get ids() {
        return (ids ??= Array.from(sorted, idOfKey));
      },
      exactSkuIds,
      page: (keep, offset, limit) => {
        const slots = matchSlots();
        const want = offset + limit;
        const filter = this.compile(keep);
        const passes = (slot: number) => this.fails(slot, filter) === FAILS_NONE;
        // Walk the kept matches by upper bound, working out the real key of each, until `want` real keys
        // are at least the next bound (nothing further down can overtake them); then only count.
        const found: number[] = [];
        let settled = want === 0;
        let count = 0;
        for (let i = 0; i < sorted.length; i += 1) {
          const slot = slots[i]!;
          if (!passes(slot)) continue;
          count += 1;
          if (settled) continue;
          if (found.length >= want) {
            found.sort((x, y) => y - x);
            found.length = want;
            if (found[want - 1]! >= sorted[i]!) {
              settled = true;
              continue;
            }
          }
          found.push(exactKey(slot));
        }
        found.sort((x, y) => y - x);
        return { ids: found.slice(offset, want).map(idOfKey), count };
      },
      facets: (keep) => this.facetsOf(matchSlots(), this.compile(keep)),
    };
  }

  /** The slot of a product id, or -1. */
  private slotAt(id: number): number {
    return id < this.slotById.length ? this.slotById[id]! : (this.slotOf.get(id) ?? -1);
  }

  /**
   * Which facet filter `slot` fails: none, the price, the brand, one specification (its place in
   * `filter.specs`), or more than one; a product the other filters (state, country, category, ids) drop
   * fails more.
   */
  private fails(slot: number, filter: CompiledFilter): number {
    if (slot < 0 || this.active[slot] !== filter.isActive || (this.countries[slot]! & filter.countryBit) === 0)
      return FAILS_MORE;
    if (filter.categorySet && !filter.categorySet.has(this.category[slot]!)) return FAILS_MORE;
    if (filter.idSet && !filter.idSet.has(this.ids[slot]!)) return FAILS_MORE;
    let failed = FAILS_NONE;
    const fail = (which: number) => (failed = failed === FAILS_NONE ? which : FAILS_MORE);
    if (filter.from !== undefined || filter.to !== undefined) {
      const price = this.prices[filter.country]![slot]!;
      if ((filter.from !== undefined && !(price >= filter.from)) || (filter.to !== undefined && !(price <= filter.to)))
        fail(FAILS_PRICE);
    }
    if (filter.brandSet && !filter.brandSet.has(this.brand[slot] ?? -1)) fail(FAILS_BRAND);
    if (filter.specs.length) {
      const keys = this.specs.get(slot);
      filter.specs.forEach((spec, i) => {
        if (failed !== FAILS_MORE && !keys.some((key) => spec.keys.has(key))) fail(i);
      });
    }
    return failed;
  }

  /** The facet counts of `slots` (a search's matches) under `filter`. */
  private facetsOf(slots: Int32Array, filter: CompiledFilter): IndexFacets {
    let min = -1;
    let max = -1;
    const brands = new Map<number, number>();
    const specCounts = new Map<number, number>();
    const chosen = new Map(filter.specs.map((spec, i) => [spec.id, i]));
    const prices = this.prices[filter.country];
    for (const slot of slots) {
      const failed = this.fails(slot, filter);
      if (failed === FAILS_MORE) continue;
      if (failed === FAILS_NONE || failed === FAILS_PRICE) {
        const price = prices![slot]!;
        if (min < 0 || price < prices![min]!) min = slot;
        if (max < 0 || price > prices![max]!) max = slot;
      }
      const brand = this.brand[slot];
      if ((failed === FAILS_NONE || failed === FAILS_BRAND) && brand != null)
        brands.set(brand, (brands.get(brand) ?? 0) + 1);
      if (failed === FAILS_NONE || failed >= 0) {
        for (const key of this.specs.get(slot)) {
          const own = chosen.get(this.keySpec[key]!);
          // An unchosen specification counts within every filter; a chosen one without its own.
          if (failed === FAILS_NONE ? true : own === failed) specCounts.set(key, (specCounts.get(key) ?? 0) + 1);
        }
      }
    }
    // Prices are numeric(14, 2): a double holds every one exactly, and prints it as the database does.
    const text = (slot: number) => prices![slot]!.toFixed(2);
    return {
      price: { min: min < 0 ? null : text(min), max: max < 0 ? null : text(max) },
      brands,
      specifications: [...specCounts].map(([key, count]) => ({
        specificationId: this.keySpec[key]!,
        value: this.keyValue[key]!,
        sortNumber: this.keyNumber[key]!,
        count,
      })),
    };
  }

  /** The slots whose SKU may start with `text`: those sharing its first two characters. */
  private skuBucket(text: string): Iterable<number> {
    if (text.length < SKU_BUCKET) return this.skus.keys();
    return this.skuBuckets.get(text.slice(0, SKU_BUCKET)) ?? [];
  }

  /** A text's trigrams as the names' numbers mark them (trigrams no name has only count). */
  private queryGrams(text: string): { isQuery: Uint8Array; numbers: number[]; distinct: number } {
    const trigrams = new Set(trigramSequence(text));
    const isQuery = new Uint8Array(this.gramNumbers.size);
    const numbers: number[] = [];
    for (const trigram of trigrams) {
      const n = this.gramNumbers.get(trigram);
      if (n !== undefined) {
        isQuery[n] = 1;
        numbers.push(n);
      }
    }
    return { isQuery, numbers, distinct: trigrams.size };
  }

  /** Per slot, how well the query matches: 0 for no match. */
  private evaluate(node: TsQuery): Uint8Array {
    const slots = this.ids.length;
    if (node.kind === 'term') return this.addTerm(node, new Uint8Array(slots));
    if (node.kind === 'or' && node.children.every((child) => child.kind === 'term')) {
      // A word and its spellings: every term's postings marked in one array.
      const out = new Uint8Array(slots);
      for (const child of node.children) this.addTerm(child as TsQuery & { kind: 'term' }, out);
      return out;
    }
    if (node.kind === 'not') {
      const child = this.evaluate(node.child);
      return child.map((value) => (value > 0 ? 0 : 1));
    }
    const [first, ...rest] = node.children.map((child) => this.evaluate(child));
    const out = first!;
    for (const other of rest) {
      for (let slot = 0; slot < slots; slot += 1) {
        if (node.kind === 'or') {
          if (other[slot]! > out[slot]!) out[slot] = other[slot]!;
        } else {
          out[slot] = out[slot]! > 0 && other[slot]! > 0 ? Math.min(255, out[slot]! + other[slot]!) : 0;
        }
      }
    }
    return out;
  }

  /** Marks in `out` the slots a term matches (a name match above a match in the rest), keeping higher marks. */
  private addTerm(node: TsQuery & { kind: 'term' }, out: Uint8Array): Uint8Array {
    for (const lexeme of node.prefix ? this.lexemesFrom(node.lexeme) : [node.lexeme]) {
      this.postings.each(
        lexeme,
        (slot) => {
          if (out[slot]! < RANK_TEXT) out[slot] = RANK_TEXT;
        },
        (slot) => (out[slot] = RANK_NAME),
      );
    }
    return out;
  }

  /** Every lexeme that starts with `prefix`. */
  private lexemesFrom(prefix: string): string[] {
    const sorted = (this.sortedLexemes ??= [...this.postings.keys()].sort());
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) found.push(sorted[i]!);
    return found;
  }
}

interface State {
  db?: Db;
  index?: SearchIndex;
  /** Every change numbered up to this is in the index. */
  settled: number;
  /** The last change number read (above `settled` while a noted change is uncommitted). */
  seen: number;
  /** The invalidation count the index was last brought up to date at, and when. */
  generation: number;
  checkedAt: number;
  pending?: Promise<SearchIndex>;
  /** A rebuild the searches do not wait for (`rebuild`). */
  rebuilding?: Promise<SearchIndex>;
  prunedAt: number;
}

// On globalThis: the start script (the API) and the built server (the pages) share one index.
const state: State = ((globalThis as typeof globalThis & { __shopSearchIndex?: State }).__shopSearchIndex ??= {
  settled: 0,
  seen: 0,
  generation: -1,
  checkedAt: 0,
  prunedAt: 0,
});

/** The index of `db`, brought up to date with the changes since the last cache invalidation. */
export function searchIndex(db: Db): Promise<SearchIndex> {
  if (state.pending) return state.pending;
  if (
    state.index &&
    state.db === db &&
    state.generation === cacheGeneration() &&
    Date.now() - state.checkedAt < CHECK_EVERY_MS
  ) {
    return Promise.resolve(state.index);
  }
  const work = state.index && state.db === db ? refresh(db, state.index) : build(db);
  state.pending = work.finally(() => {
    state.pending = undefined;
  });
  return state.pending;
}

/** Where the change log stands: whether nothing noted is uncommitted, and its numbers. */
async function changeMarks(db: Db): Promise<{ settled: boolean; max: number; min: number }> {
  // The embedded database runs one transaction at a time and a statement outside it waits for it to end:
  // whatever it has numbered is committed when this reads, so one statement tells (no lock, no transaction).
  if ((await getDbHandle()).kind === 'pglite') {
    const [marks] = await queryRows<{ max: number | null; min: number | null }>(
      db,
      sql`select max(seq) as max, min(seq) as min from search_index_changes`,
    );
    return { settled: true, max: Number(marks?.max ?? 0), min: Number(marks?.min ?? 0) };
  }
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SEARCH_INDEX_LOCK}) as ok`,
    );
    // A statement of its own, after the lock: its snapshot then holds every change numbered so far.
    const [marks] = await queryRows<{ max: number | null; min: number | null }>(
      tx,
      sql`select max(seq) as max, min(seq) as min from search_index_changes`,
    );
    return { settled: Boolean(lock?.ok), max: Number(marks?.max ?? 0), min: Number(marks?.min ?? 0) };
  });
}

/**
 * Some products with their offers and specifications, chosen by `where`, a condition on the product's id
 * given the column that holds it in each table read (`p.id`, then `product_id`).
 */
async function readPart(
  db: Db,
  where: (column: 'p.id' | 'product_id') => SQL,
): Promise<ProductExtras & { rows: ProductRow[] }> {
  const [rows, offers, specs] = await Promise.all([
    readProducts(db, where('p.id')),
    readOffers(db, where('product_id')),
    readSpecs(db, where('product_id')),
  ]);
  return { rows, offers, specs };
}

/**
 * A new index of every product, read `readChunk` products at a time (each part's products, offers and
 * specifications), then compacted. Changes made meanwhile are in the change log, which the caller reads.
 */
export async function loadSearchIndex(db: Db, readChunk = READ_CHUNK): Promise<SearchIndex> {
  const index = new SearchIndex();
  const [all] = await queryRows<{ ids: string | null }>(
    db,
    sql`select string_agg(id::text, ',' order by id) as ids from products`,
  );
  const ids = all?.ids ? all.ids.split(',').map(Number) : [];
  for (let start = 0; start < ids.length; start += readChunk) {
    const chunk = ids.slice(start, start + readChunk);
    const [from, to] = [chunk[0]!, chunk.at(-1)!];
    const part = await readPart(db, (column) => sql`${sql.raw(column)} between ${from} and ${to}`);
    await index.load(part.rows, part, { building: true });
  }
  index.compact();
  return index;
}

async function build(db: Db): Promise<SearchIndex> {
  const generation = cacheGeneration();
  const started = Date.now();
  const marks = await changeMarks(db);
  const index = await loadSearchIndex(db);
  Object.assign(state, {
    db,
    index,
    // Built while a noted change was uncommitted: its number may be anywhere below max, so the next
    // refresh rereads the whole log (and asks again at the next search).
    settled: marks.settled ? marks.max : Math.max(0, marks.min - 1),
    seen: marks.max,
    generation: marks.settled ? generation : -1,
    checkedAt: Date.now(),
  });
  logger.debug({ products: index.size, ms: Date.now() - started }, 'Built the search index');
  return index;
}

/**
 * Builds the index anew; a large one (seconds of work) keeps answering from the old one meanwhile, so
 * a bulk import does not stall every search behind the rebuild it causes.
 */
function rebuild(db: Db, index: SearchIndex): Promise<SearchIndex> {
  if (index.size < REBUILD_IN_BACKGROUND) return build(db);
  state.rebuilding ??= build(db)
    .catch((error: unknown) => {
      logger.error({ err: error }, 'Could not rebuild the search index');
      return index;
    })
    .finally(() => {
      state.rebuilding = undefined;
    });
  return Promise.resolve(index);
}

async function refresh(db: Db, index: SearchIndex): Promise<SearchIndex> {
  if (state.rebuilding) return index;
  const generation = cacheGeneration();
  const marks = await changeMarks(db);
  // Changes this process has not read were pruned: start again.
  if (marks.min > state.settled + 1) return rebuild(db, index);
  // While a noted change is uncommitted, only what came after the last read is read (the changes below it
  // that commit later are read again once nothing is uncommitted), and the next search asks again.
  const from = marks.settled ? state.settled : state.seen;
  if (marks.max > from) {
    const changed = await queryRows<{ id: number; offers_only: boolean }>(
      db,
      sql`select product_id as id, bool_and(offers_only) as offers_only from search_index_changes
          where seq > ${from} and seq <= ${marks.max} group by product_id`,
    );
    // Products whose offers alone changed (a price, a country) are set in place; the others are reloaded.
    const priced = changed.filter((row) => row.offers_only).map((row) => Number(row.id));
    const ids = changed.filter((row) => !row.offers_only).map((row) => Number(row.id));
    if (priced.length) {
      const offers = await readOffers(db, sql`product_id = any(${intArray(priced)}::int[])`);
      // One the index does not hold yet (its own change was pruned, or made before a rebuild ended) is loaded whole.
      ids.push(...index.setOffers(priced, offers));
    }
    if (ids.length > REBUILD_SHARE * Math.max(index.size, 1) || index.deadSlots + ids.length > index.size) {
      return rebuild(db, index);
    }
    for (let start = 0; start < ids.length; start += READ_CHUNK) {
      const chunk = ids.slice(start, start + READ_CHUNK);
      const list = intArray(chunk);
      const part = await readPart(db, (column) => sql`${sql.raw(column)} = any(${list}::int[])`);
      const found = new Set(part.rows.map((row) => row.id));
      for (const id of chunk) if (!found.has(id)) index.remove(id);
      await index.load(part.rows, part);
    }
  }
  state.seen = Math.max(state.seen, marks.max);
  if (!marks.settled) return index;
  state.settled = marks.max;
  state.generation = generation;
  state.checkedAt = Date.now();
  if (Date.now() - state.prunedAt > PRUNE_EVERY_MS) {
    state.prunedAt = Date.now();
    await db.execute(
      sql`delete from search_index_changes where created_at < now() - interval '1 day' and seq < ${marks.max}`,
    );
  }
  return index;
}

/** Builds the index ahead of the first search (the server calls it once it listens). */
export async function warmSearchIndex(db: Db): Promise<void> {
  try {
    await searchIndex(db);
  } catch (error) {
    logger.warn({ err: error }, 'Could not build the search index ahead of the first search');
  }
}
