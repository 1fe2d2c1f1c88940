import { sql, type SQL } from 'drizzle-orm';
import { intArray, queryRows, type Db } from '../db/client.ts';
import { memoCache } from '../cache/memo.ts';
import { invalidate } from '../cache/invalidation.ts';
import { textVariants, wordVariants } from './search-variants.ts';
import { searchIndex, type SearchMatches } from './search-index.ts';
import { parseTsQuery, type TsQuery } from './tsquery.ts';
import { isTypoOf } from './typo-distance.ts';

export type { SearchMatches } from './search-index.ts';

export interface SearchTerms {
  text: string;
  /** The words of the text, lower-cased: letters and digits only, so they are safe inside a tsquery. */
  words: string[];
}

export function parseSearch(text: string): SearchTerms | undefined {
  const trimmed = text.trim().slice(0, 200);
  if (!trimmed) return undefined;
  const words = trimmed
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return { text: trimmed, words };
}

/**
 * How alike a misspelt word and a catalog word must be (pg_trgm `similarity`): 0.4 accepts one wrong
 * letter in a typical word («адгизив» → «адгезив» 0.45, «кампозит» → «композит» 0.5) and refuses
 * look-alikes («композит» → «комплект» 0.29).
 */
const TYPO_SIMILARITY = 0.4;
/** Catalog words tried for each search word, closest first. */
const TYPO_ALTERNATIVES = 4;

// A search is resolved once and reused by the list, its count and every facet of the request, and by
// the next requests for the same words: people page through results and refine filters.
const cache = memoCache<SearchMatches>({ scopes: ['catalog'], max: 500 });

/**
 * Full-text search (Russian stemming, every word also as a prefix) over the name, SKU, brand, category
 * and description; each search word may also be any catalog word close to it, which forgives typos;
 * SKUs match exactly or by prefix, case-insensitively. The database builds the query (stems, typo
 * alternatives from `search_words`); the process's search index (search-index.ts) matches and ranks it
 * in memory, so the cost does not follow the size of the catalog.
 *
 * Ranking: an exact SKU first, then closeness to the name (rounded, so near-ties fall through to the
 * text rank; "композит" ranks composites above "композитный цемент"), then where the words were found.
 */
export function findMatches(db: Db, search: SearchTerms): Promise<SearchMatches> {
  return cache.get(search.text.toLowerCase(), () => searchMatches(db, search));
}

async function searchMatches(db: Db, search: SearchTerms): Promise<SearchMatches> {
  const { tsquery, allKnown } = await typoTolerantQuery(db, search.words);
  const index = await searchIndex(db);
  return index.search({
    tsquery,
    skuText: search.text.toLowerCase(),
    text: search.text,
    // Names are compared with the text as typed and, unless every word is a catalog word as typed, as the
    // person may have meant it (other layout, other alphabet); a name close to the text as typed skips that.
    variants: allKnown ? [] : textVariants(search.text),
    words: search.words,
  });
}

/**
 * `(word:* | variant:* | close1 | category:* …) & (word2:* | …)`: every search word must match, as a prefix
 * in any Russian word form, in another spelling of it (the other keyboard layout, the other alphabet:
 * search-variants.ts), or as one of the catalog words closest to any of those that is a typo of it, a
 * letter or two away (typo-distance.ts: a look-alike is no match, so «ультракаин» finds nothing rather
 * than UltraCare and Ultra-Etch). Category names
 * count as catalog words too («ортодантия» → ортодонтия), matched as prefixes, since a category's name
 * and its products' words share a stem, not a form. Words hold only letters and digits, so they need no
 * tsquery escaping. The database normalises each term (`to_tsquery('russian', …)`: its stem, or nothing
 * for a stop word) in the statement that finds the words and their typo alternatives: one round trip;
 * a word whose every term is a stop word drops out, as `to_tsquery` drops it.
 */
async function typoTolerantQuery(
  db: Db,
  words: string[],
): Promise<{ tsquery: TsQuery | undefined; allKnown: boolean }> {
  if (!words.length) return { tsquery: undefined, allKnown: true };
  // A word the catalog has as typed is neither a typo nor typed on the wrong layout: its variants are
  // not tried for typos. One statement answers, for every spelling of every word (the word itself and
  // its variants), whether the catalog has it and its normalised term, and for every spelling still
  // in play (the word, or a variant of a word the catalog lacks) the closest catalog words.
  const pairs = words.flatMap((w) => [w, ...wordVariants(w)].map((form) => ({ word: w, form })));
  const eligible = (form: string) => form.length >= 4 && /\p{L}/u.test(form);
  const rows = await queryRows<{ kind: 'form' | 'close'; input: string; known: boolean; term: string; word: string }>(
    db,
    sql`with pairs as (
          select * from unnest(${`{${pairs.map((p) => p.word).join(',')}}`}::text[],
                               ${`{${pairs.map((p) => p.form).join(',')}}`}::text[],
                               ${`{${pairs.map((p) => (eligible(p.form) ? 't' : 'f')).join(',')}}`}::bool[])
            as p(word, form, eligible)
        ),
        spelt as (
          select distinct form, exists (select 1 from search_words w where w.word = form) as known from pairs
        ),
        candidates as (
          select distinct p.form as input from pairs p
          where p.eligible and (p.form = p.word or not (select s.known from spelt s where s.form = p.word))
        )
        select 'form' as kind, form as input, known, to_tsquery('russian', form || ':*')::text as term, form as word
        from spelt
        union all
        select 'close', input, false,
               to_tsquery('russian', case when category then word || ':*' else word end)::text, word
        from candidates as c(input),
        lateral (
          (select word, false as category from search_words
           where word % input and similarity(word, input) >= ${TYPO_SIMILARITY} and word <> input
           order by similarity(word, input) desc, word
           limit ${TYPO_ALTERNATIVES})
          union all
          (select distinct w, true from categories, regexp_split_to_table(lower(categories.name), '[^[:alpha:][:digit:]]+') as w
           where length(w) >= 4 and w <> input and similarity(w, input) >= ${TYPO_SIMILARITY}
           limit ${TYPO_ALTERNATIVES})
        ) as close`,
  );
  const spelt = rows.filter((r) => r.kind === 'form');
  // A close word counts only as a typo of the spelling (typo-distance.ts), not as a mere look-alike.
  const close = rows.filter((r) => r.kind === 'close' && isTypoOf(r.input, r.word, words.includes(r.input)));
  const known = new Set(spelt.filter((r) => r.known).map((r) => r.input));
  const termOf = new Map(spelt.map((r) => [r.input, r.term]));
  const spellings = new Map(
    words.map((w) => [w, known.has(w) ? [w] : pairs.filter((p) => p.word === w).map((p) => p.form)]),
  );
  const clauses = words.flatMap((w): TsQuery[] => {
    const forms = spellings.get(w)!;
    const terms = new Set(forms.map((form) => termOf.get(form) ?? ''));
    for (const c of close) if (forms.includes(c.input)) terms.add(c.term);
    const parsed = [...terms].flatMap((term) => parseTsQuery(term) ?? []);
    if (!parsed.length) return [];
    return [parsed.length > 1 ? { kind: 'or', children: parsed } : parsed[0]!];
  });
  const tsquery: TsQuery | undefined = clauses.length > 1 ? { kind: 'and', children: clauses } : clauses[0];
  return { tsquery, allKnown: words.every((w) => known.has(w)) };
}

/** The words typo tolerance draws on, of the products `where` selects: name and search text, 3 letters or more. */
const wordsOf = (where: SQL) =>
  sql`select distinct word
      from products, regexp_split_to_table(lower(products.name || ' ' || products.search_text), '[^[:alpha:][:digit:]]+') as word
      where length(word) >= 3 and word ~ '[[:alpha:]]' and ${where}`;

/** Rebuilds the whole word list typo tolerance draws on; call after products are written in bulk. */
export async function refreshSearchWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_words`);
    await tx.execute(sql`insert into search_words (word) ${wordsOf(sql`true`)}`);
  });
  await invalidate('catalog');
}

/** Adds the words of products just created or renamed (in their transaction; words no product has stay). */
export async function addSearchWords(db: Db, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return;
  await db.execute(
    sql`insert into search_words (word) ${wordsOf(sql`products.id = any(${intArray(productIds)}::int[])`)} on conflict do nothing`,
  );
}
