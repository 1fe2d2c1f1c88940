import { describe, expect, it } from 'vitest';
import { safeNextPath } from '~/shared/paths.ts';

const FALLBACK = '/kg/account/';
// What a `Location` header may carry: visible ASCII only (Node refuses the rest, or sends raw bytes).
const HEADER_SAFE = /^[\x21-\x7e]+$/;

describe('safeNextPath', () => {
  it('keeps a same-site path with its query and fragment', () => {
    expect(safeNextPath('/kg/account/orders/?status=new&page=2#top', FALLBACK)).toBe(
      '/kg/account/orders/?status=new&page=2#top',
    );
    expect(safeNextPath('/kz/checkout/', FALLBACK)).toBe('/kz/checkout/');
  });

  it('falls back for other hosts, schemes and anything not a path', () => {
    for (const next of [
      '//evil.example/',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'kg/account/',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next, FALLBACK), String(next)).toBe(FALLBACK);
    }
  });

  it('never turns a path into a host through dot segments or stripped characters', () => {
    for (const next of [
      '/.//evil.example/',
      '/./\\evil.example',
      '/..//evil.example/x',
      '/\t/evil.example',
      '/\n/evil.example',
      '/%2e//evil.example',
    ]) {
      const safe = safeNextPath(next, FALLBACK);
      expect(safe.startsWith('//'), `${JSON.stringify(next)} gave ${safe}`).toBe(false);
      expect(new URL(safe, 'https://shop.example').host).toBe('shop.example');
    }
  });

  it('refuses control characters, DEL included', () => {
    expect(safeNextPath('/\u007f/evil', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/kg/\u0000/', FALLBACK)).toBe(FALLBACK);
    expect(safeNextPath('/kg/\u0085/', FALLBACK)).toBe(FALLBACK);
  });

  it('percent-encodes what a header cannot carry: spaces and non-ASCII characters', () => {
    expect(safeNextPath('/\u3000/', FALLBACK)).toBe('/%E3%80%80/');
    expect(safeNextPath('/\u00a0/', FALLBACK)).toBe('/%C2%A0/');
    expect(safeNextPath('/kg/search/?q=композит бонд', FALLBACK)).toBe(
      '/kg/search/?q=%D0%BA%D0%BE%D0%BC%D0%BF%D0%BE%D0%B7%D0%B8%D1%82%20%D0%B1%D0%BE%D0%BD%D0%B4',
    );
    for (const next of ['/\u3000/', '/\u00a0/', '/a b/"<>`{}|^/', '/kg/?q="x"#a b', '/\ud83e\uddb7/']) {
      expect(safeNextPath(next, FALLBACK), JSON.stringify(next)).toMatch(HEADER_SAFE);
    }
  });

  it('answers the fallback rather than throwing for text that is not valid Unicode', () => {
    expect(() => safeNextPath('/\ud800/', FALLBACK)).not.toThrow();
    expect(safeNextPath('/\ud800/', FALLBACK)).toMatch(HEADER_SAFE);
  });
});
