import { LRUCache } from 'lru-cache';
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['scope'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links to other sites are not endorsed (nofollow); links within the shop stay plain.
    a: (tagName, attribs) => {
      const { rel: _rel, ...rest } = attribs;
      const external = /^https?:/i.test(rest.href ?? '');
      return { tagName, attribs: external ? { ...rest, rel: 'noopener nofollow' } : rest };
    },
    // Images below the first screen: loaded when they come near, decoded off the main thread.
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy', decoding: 'async' }),
  },
  // An image without its size would shift the text when it arrives: such images are left out.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !(isPixelSize(frame.attribs.width) && isPixelSize(frame.attribs.height) && frame.attribs.src),
};

function isPixelSize(value: string | undefined): boolean {
  return !!value && /^\d{1,4}$/.test(value) && Number(value) > 0;
}

/**
 * Rich text from the database or an upload, reduced to safe formatting tags: text, headings, lists,
 * tables, links, and images of known size (site paths or https) loaded lazily.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}

// Rich text a page shows, as sanitised: the same few bodies are shown over and over, and sanitising is
// a pure function of the text, so nothing has to empty this but its size (characters of keys and values).
const sanitizedForPages = new LRUCache<string, string>({
  maxSize: 8_000_000,
  sizeCalculation: (value, key) => Math.max(1, value.length + key.length),
});

/**
 * {@link sanitizeRichText}, memoised: what a page calls as it renders stored rich text, so text written
 * to the database some other way (an import, a hand-made SQL update) is made safe all the same.
 */
export function sanitizeForPage(html: string): string {
  let clean = sanitizedForPages.get(html);
  if (clean === undefined) {
    clean = sanitizeRichText(html);
    sanitizedForPages.set(html, clean);
  }
  return clean;
}

/** Plain text of rich text, e.g. for meta descriptions. */
export function toPlainText(html: string, maxLength = 300): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}

/** Words per minute of a reader of Russian professional text. */
const READING_WORDS_PER_MINUTE = 180;

/** Minutes it takes to read rich text, at least 1. */
export function readingMinutes(html: string): number {
  const words = toPlainText(html, Number.MAX_SAFE_INTEGER).split(' ').filter(Boolean).length;
  return Math.max(1, Math.round(words / READING_WORDS_PER_MINUTE));
}
