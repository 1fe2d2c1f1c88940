import { describe, expect, it } from 'vitest';
import { parseTsQuery, vectorLexemes } from '../../../src/server/catalog/tsquery.ts';

describe('parseTsQuery', () => {
  it('reads the normalised query of a typo-tolerant search: AND of ORs, prefixes', () => {
    expect(parseTsQuery("'композит':* & ( 'filtek':* | 'фильтек' )")).toEqual({
      kind: 'and',
      children: [
        { kind: 'term', lexeme: 'композит', prefix: true },
        {
          kind: 'or',
          children: [
            { kind: 'term', lexeme: 'filtek', prefix: true },
            { kind: 'term', lexeme: 'фильтек', prefix: false },
          ],
        },
      ],
    });
  });

  it('binds ! tightest, then phrases (read as both words), then &, then |', () => {
    expect(parseTsQuery("'a' | 'b' & !'c' <-> 'd':*AB")).toEqual({
      kind: 'or',
      children: [
        { kind: 'term', lexeme: 'a', prefix: false },
        {
          kind: 'and',
          children: [
            { kind: 'term', lexeme: 'b', prefix: false },
            { kind: 'not', child: { kind: 'term', lexeme: 'c', prefix: false } },
            { kind: 'term', lexeme: 'd', prefix: true },
          ],
        },
      ],
    });
  });

  it('reads quotes doubled inside a lexeme, and an empty query as none', () => {
    expect(parseTsQuery("'it''s'")).toEqual({ kind: 'term', lexeme: "it's", prefix: false });
    expect(parseTsQuery('')).toBeUndefined();
  });

  it('refuses what is not a tsquery', () => {
    expect(() => parseTsQuery("'a' &")).toThrow();
    expect(() => parseTsQuery("( 'a'")).toThrow();
    expect(() => parseTsQuery('a')).toThrow();
  });
});

describe('vectorLexemes', () => {
  it('reads the lexemes of a stripped tsvector', () => {
    expect(vectorLexemes("'3m-z250-a1' 'композит' 'it''s'")).toEqual(['3m-z250-a1', 'композит', "it's"]);
    expect(vectorLexemes('')).toEqual([]);
  });
});
