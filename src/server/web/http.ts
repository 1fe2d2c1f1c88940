import type { AstroGlobal } from 'astro';
import { PUBLIC_CACHE_CONTROL } from '../cache/lifetimes.ts';
import { isCountryCode, type CountryCode } from '../../shared/countries.ts';
import { clientSubject } from '../security/client-address.ts';
import { NotFoundError } from '../errors.ts';

/**
 * Anonymous storefront pages are the same for everyone in a country, so a CDN may keep them briefly. A page
 * already made personal (a member's prices: `member-prices.ts`) stays `private, no-store`.
 */
export function cachePublicly(astro: AstroGlobal): void {
  if (/\bprivate\b/.test(astro.response.headers.get('Cache-Control') ?? '')) return;
  astro.response.headers.set('Cache-Control', PUBLIC_CACHE_CONTROL);
}

/** The country of a storefront URL, or null when the segment is not one we sell in. */
export function pageCountry(astro: AstroGlobal): CountryCode | null {
  const country = astro.params.country;
  return isCountryCode(country) ? country : null;
}

/** Resolves to null instead of throwing when the thing does not exist, so a page can answer 404. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/** True when the URL narrows the listing (filters, sorting or search), which makes it a non-canonical variant. */
export function hasListingParams(params: URLSearchParams): boolean {
  return [...params.keys()].some((key) => key !== 'page');
}

/**
 * Whether a URL segment can be a content slug (lowercase Latin, digits, hyphens): anything else names
 * nothing and is answered 404 without asking the database.
 */
export function isSlug(value: string | undefined): value is string {
  return !!value && /^[a-z0-9][a-z0-9-]{0,199}$/.test(value);
}

/**
 * The visitor's address for rate limits on a page that takes a form, counted as the API counts it
 * (the proxy's entry of X-Forwarded-For behind a trusted proxy, an IPv6 client by its /64).
 */
export function pageClientIp(astro: AstroGlobal): string {
  let peer: string | undefined;
  try {
    peer = astro.clientAddress;
  } catch {
    // The adapter throws where it cannot tell the peer (a prerender, a test request).
  }
  return clientSubject(peer, astro.request.headers.get('X-Forwarded-For'));
}

/**
 * The form a page was posted, or null when the body cannot be read as one (a broken multipart body):
 * the page answers 400 instead of failing.
 */
export async function readPageForm(astro: AstroGlobal): Promise<FormData | null> {
  try {
    return await astro.request.formData();
  } catch {
    return null;
  }
}
