/**
 * Lists of integers packed for the search index (search-index.ts), which holds hundreds of thousands of
 * them in every shop process: a typed array of its own costs about 200 bytes beside its numbers, and a
 * JavaScript array 8 bytes a number, so at 100,000 products a list per product (trigrams, specification
 * values) or per word (the products that have it) took most of the index's memory.
 */

/** Room for `needed` numbers: `list` itself, or a copy half as large again. */
function room(list: Int32Array, needed: number): Int32Array {
  if (needed <= list.length) return list;
  const grown = new Int32Array(Math.max(needed, Math.ceil(list.length * 1.5), 64));
  grown.set(list);
  return grown;
}

/** One list per slot, set when the slot is added, in one pool. */
export class SlotLists {
  private pool: Int32Array = new Int32Array(0);
  private used = 0;
  /** Where each slot's list starts and ends in the pool. */
  private starts: Int32Array = new Int32Array(0);
  private ends: Int32Array = new Int32Array(0);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /** Adds the next slot's list. */
  push(values: ArrayLike<number>): void {
    this.pool = room(this.pool, this.used + values.length);
    this.pool.set(values, this.used);
    this.starts = room(this.starts, this.count + 1);
    this.ends = room(this.ends, this.count + 1);
    this.starts[this.count] = this.used;
    this.used += values.length;
    this.ends[this.count] = this.used;
    this.count += 1;
  }

  /** A slot's list (a view: valid until the next push or `compact`). */
  get(slot: number): Int32Array {
    return this.pool.subarray(this.starts[slot]!, this.ends[slot]!);
  }

  /** Empties a slot's list (its numbers stay in the pool until `compact`). */
  clear(slot: number): void {
    this.ends[slot] = this.starts[slot]!;
  }

  /** Drops the room kept for growth and the numbers of emptied lists. */
  compact(): void {
    let live = 0;
    for (let slot = 0; slot < this.count; slot += 1) live += this.ends[slot]! - this.starts[slot]!;
    const pool = new Int32Array(live);
    let at = 0;
    for (let slot = 0; slot < this.count; slot += 1) {
      const start = at;
      pool.set(this.pool.subarray(this.starts[slot]!, this.ends[slot]!), at);
      at += this.ends[slot]! - this.starts[slot]!;
      this.starts[slot] = start;
      this.ends[slot] = at;
    }
    this.pool = pool;
    this.used = live;
    this.starts = this.starts.slice(0, this.count);
    this.ends = this.ends.slice(0, this.count);
  }
}

/** A word's postings: slots packed in the shared pool, then those added since (`WordPostings.compact`). */
interface Posting {
  at: number;
  texts: number;
  names: number;
  text: number[];
  name: number[];
}

/**
 * Per word, the slots that have it in the name (or SKU) and in the rest. Slots are added word by word as
 * products load, into small arrays that `compact` moves into one pool once they are many.
 */
export class WordPostings {
  private words = new Map<string, Posting>();
  private pool: Int32Array = new Int32Array(0);
  /** Slots in the small arrays, not yet in the pool. */
  private loose = 0;

  get size(): number {
    return this.words.size;
  }

  keys(): IterableIterator<string> {
    return this.words.keys();
  }

  has(word: string): boolean {
    return this.words.has(word);
  }

  /** Adds a slot to a word's postings; `word` must be a string of its own (the map keeps it). */
  add(word: string, slot: number, inName: boolean): void {
    let posting = this.words.get(word);
    if (!posting) {
      posting = { at: 0, texts: 0, names: 0, text: [], name: [] };
      this.words.set(word, posting);
    }
    (inName ? posting.name : posting.text).push(slot);
    this.loose += 1;
  }

  /** Calls `text` for each slot with the word elsewhere, then `name` for each with it in the name. */
  each(word: string, text: (slot: number) => void, name: (slot: number) => void): void {
    const posting = this.words.get(word);
    if (!posting) return;
    const pool = this.pool;
    const names = posting.at + posting.texts;
    for (let i = posting.at; i < names; i += 1) text(pool[i]!);
    for (const slot of posting.text) text(slot);
    for (let i = names, end = names + posting.names; i < end; i += 1) name(pool[i]!);
    for (const slot of posting.name) name(slot);
  }

  /** Moves the small arrays into the pool when they hold more than an eighth of it, or `always`. */
  settle({ always = false } = {}): void {
    if (this.loose === 0 || (!always && this.loose * 8 < this.pool.length)) return;
    const pool = new Int32Array(this.pool.length + this.loose);
    let at = 0;
    for (const posting of this.words.values()) {
      const start = at;
      pool.set(this.pool.subarray(posting.at, posting.at + posting.texts), at);
      at += posting.texts;
      pool.set(posting.text, at);
      at += posting.text.length;
      const texts = at - start;
      pool.set(this.pool.subarray(posting.at + posting.texts, posting.at + posting.texts + posting.names), at);
      at += posting.names;
      pool.set(posting.name, at);
      at += posting.name.length;
      posting.at = start;
      posting.texts = texts;
      posting.names = at - start - texts;
      // Emptied in place: no new array per word.
      posting.text.length = 0;
      posting.name.length = 0;
    }
    this.pool = pool;
    this.loose = 0;
  }
}
