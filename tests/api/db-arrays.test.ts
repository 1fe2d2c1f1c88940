/**
 * The array literals that carry many values in one parameter (`intArray`, `textArray`): every value comes
 * back from the database as it went in, whatever characters it holds.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { intArray, textArray } from '../../src/server/db/client.ts';
import { dbRows } from '../helpers/api.ts';

describe('array parameters', () => {
  it('carries text with quotes, backslashes, separators, braces, blanks and NULL unchanged', async () => {
    const values = [
      'plain',
      'Перчатки "Nitrile", M',
      'C:\\path\\to',
      '\\"',
      '{a,b}',
      '',
      ' spaced ',
      'NULL',
      null,
      'tab\there',
      'line\nbreak',
      '₸ 1 234,50',
    ];
    const rows = await dbRows<{ n: number; v: string | null }>(
      sql`select n::int, v from unnest(${textArray(values)}::text[]) with ordinality as t(v, n) order by n`,
    );
    expect(rows.map((r) => r.v)).toEqual(values);
  });

  it('carries an empty list, and whole numbers', async () => {
    expect(await dbRows(sql`select v from unnest(${textArray([])}::text[]) as t(v)`)).toEqual([]);
    const rows = await dbRows<{ v: number }>(
      sql`select v from unnest(${intArray([3, -1, 0, 2.9])}::int[]) with ordinality as t(v, n) order by n`,
    );
    expect(rows.map((r) => Number(r.v))).toEqual([3, -1, 0, 2]);
  });
});
