import { describe, expect, it } from 'vitest';
import { SlotLists, WordPostings } from '../../../src/server/catalog/packed-lists.ts';

describe('lists packed per slot', () => {
  it('keeps each slot’s list through growth, clearing and compacting', () => {
    const lists = new SlotLists();
    const expected: number[][] = [];
    for (let slot = 0; slot < 500; slot += 1) {
      const list = Array.from({ length: slot % 7 }, (_, i) => slot * 10 + i);
      lists.push(list);
      expected.push(list);
    }
    for (const slot of [3, 10, 499]) {
      lists.clear(slot);
      expected[slot] = [];
    }
    const read = () => Array.from({ length: lists.length }, (_, slot) => [...lists.get(slot)]);
    expect(read()).toEqual(expected);
    lists.compact();
    expect(read()).toEqual(expected);
    lists.push([7, 8, 9]);
    expect([...lists.get(500)]).toEqual([7, 8, 9]);
    expect(read().slice(0, 500)).toEqual(expected);
  });
});

describe('a word’s postings', () => {
  const slotsOf = (postings: WordPostings, word: string) => {
    const seen: string[] = [];
    postings.each(
      word,
      (slot) => seen.push(`text ${slot}`),
      (slot) => seen.push(`name ${slot}`),
    );
    return seen;
  };

  it('gives the slots with the word elsewhere, then those with it in the name, before and after packing', () => {
    const postings = new WordPostings();
    postings.add('композит', 1, true);
    postings.add('композит', 2, false);
    postings.add('пломба', 2, true);
    postings.add('композит', 3, true);
    const before = slotsOf(postings, 'композит');
    expect(before).toEqual(['text 2', 'name 1', 'name 3']);
    postings.settle({ always: true });
    expect(slotsOf(postings, 'композит')).toEqual(before);
    expect(slotsOf(postings, 'пломба')).toEqual(['name 2']);
    expect(slotsOf(postings, 'нет')).toEqual([]);
    // Added after packing: kept beside the pool until the next packing, and given in the same order.
    postings.add('композит', 9, false);
    postings.add('композит', 8, true);
    postings.add('бор', 5, false);
    expect(slotsOf(postings, 'композит')).toEqual(['text 2', 'text 9', 'name 1', 'name 3', 'name 8']);
    expect(postings.size).toBe(3);
    expect([...postings.keys()].sort()).toEqual(['бор', 'композит', 'пломба']);
    postings.settle({ always: true });
    expect(slotsOf(postings, 'композит')).toEqual(['text 2', 'text 9', 'name 1', 'name 3', 'name 8']);
    expect(slotsOf(postings, 'бор')).toEqual(['text 5']);
  });

  it('packs on its own once the words added since outgrow an eighth of the pool', () => {
    const postings = new WordPostings();
    for (let slot = 0; slot < 80; slot += 1) postings.add('a', slot, false);
    postings.settle({ always: true });
    const pool = () => (postings as unknown as { pool: Int32Array }).pool.length;
    expect(pool()).toBe(80);
    for (let slot = 80; slot < 89; slot += 1) postings.add('a', slot, false);
    postings.settle();
    expect(pool()).toBe(80);
    postings.add('a', 89, true);
    postings.settle();
    expect(pool()).toBe(90);
    expect(slotsOf(postings, 'a').at(-1)).toBe('name 89');
  });
});
