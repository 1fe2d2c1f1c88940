/** Storefront URLs; every storefront page lives under its country so each country's prices cache and index apart. */
export type Country = 'kg' | 'kz';

export const paths = {
  home: (country: Country) => `/${country}/`,
  catalog: (country: Country) => `/${country}/catalog/`,
  category: (country: Country, slug: string) => `/${country}/catalog/${encodeURIComponent(slug)}/`,
  brands: (country: Country) => `/${country}/brands/`,
  brand: (country: Country, slug: string) => `/${country}/brands/${encodeURIComponent(slug)}/`,
  product: (country: Country, slug: string) => `/${country}/product/${encodeURIComponent(slug)}/`,
  search: (country: Country, query?: string) => `/${country}/search/${query ? `?q=${encodeURIComponent(query)}` : ''}`,
  cart: (country: Country) => `/${country}/cart/`,
  favourites: (country: Country) => `/${country}/favorites/`,
  document: (country: Country, slug: string) => `/${country}/docs/${encodeURIComponent(slug)}/`,
};

/**
 * The same page in another country: swaps the leading country segment. A price range is dropped,
 * because it was given in the other country's currency; every other filter and the page stay.
 */
export function switchCountry(pathWithQuery: string, country: Country): string {
  const swapped = pathWithQuery.replace(/^\/(kg|kz)(?=\/|$)/, `/${country}`);
  const queryAt = swapped.indexOf('?');
  if (queryAt < 0) return swapped;
  const query = new URLSearchParams(swapped.slice(queryAt + 1));
  if (!query.has('price_from') && !query.has('price_to')) return swapped;
  query.delete('price_from');
  query.delete('price_to');
  query.delete('page');
  const rest = query.toString();
  return swapped.slice(0, queryAt) + (rest ? `?${rest}` : '');
}

/** A banner or content link written without a country ("/catalog/x") made absolute for the country. */
export function localizeLink(link: string, country: Country): string {
  if (!link.startsWith('/') || /^\/(kg|kz)(\/|$)/.test(link) || link.startsWith('/api/')) return link;
  return `/${country}${link}`;
}
