import { describe, expect, it } from 'vitest';
import { readingMinutes, sanitizeRichText } from '../../../src/server/content/sanitize.ts';

describe('rich text', () => {
  it('keeps images of known size from the site or https, loaded lazily', () => {
    expect(sanitizeRichText('<img src="/images/x.svg" alt="Схема" width="1200" height="630">')).toBe(
      '<img src="/images/x.svg" alt="Схема" width="1200" height="630" loading="lazy" decoding="async" />',
    );
  });

  it('drops images without a size, with scripts for sources or from another scheme', () => {
    for (const html of [
      '<img src="/a.svg">',
      '<img src="/a.svg" width="10">',
      '<img src="javascript:alert(1)" width="1" height="1">',
      '<img src="http://x.test/a.png" width="1" height="1">',
      '<img src="//x.test/a.png" width="1" height="1">',
    ]) {
      expect(sanitizeRichText(html)).toBe('');
    }
  });

  it('removes scripts and handlers, and marks links to other sites nofollow', () => {
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="https://x.test" rel="follow">x</a>')).toBe(
      '<a href="https://x.test" rel="noopener nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="/catalog/kompozity" rel="external">x</a>')).toBe(
      '<a href="/catalog/kompozity">x</a>',
    );
    expect(sanitizeRichText('<a href="tel:+996555">x</a>')).toBe('<a href="tel:+996555">x</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('counts reading time at 180 words a minute, at least one minute', () => {
    expect(readingMinutes('<p>Коротко.</p>')).toBe(1);
    expect(readingMinutes(`<p>${'слово '.repeat(900)}</p>`)).toBe(5);
  });
});
