/** Storefront URLs; every storefront page lives under its country so each country's prices cache and index apart. */
import { COUNTRY_PATH_PATTERN, type CountryCode } from './countries.ts';
import { documentPath } from './legal-documents.ts';
import { hasControlCharacters } from './control-characters.ts';

/** A storefront path's country segment (`/kg`, followed by `/` or nothing). */
const COUNTRY_PREFIX = new RegExp(`^/(${COUNTRY_PATH_PATTERN})(?=/|$)`);

/** The slugs of the legal documents forms link to (seeded; `src/server/company/seed/documents.ts`). */
export { LEGAL_DOCUMENTS } from './legal-documents.ts';

export const paths = {
  home: (country: CountryCode) => `/${country}/`,
  catalog: (country: CountryCode) => `/${country}/catalog/`,
  category: (country: CountryCode, slug: string) => `/${country}/catalog/${encodeURIComponent(slug)}/`,
  brands: (country: CountryCode) => `/${country}/brands/`,
  brand: (country: CountryCode, slug: string) => `/${country}/brands/${encodeURIComponent(slug)}/`,
  product: (country: CountryCode, slug: string) => `/${country}/product/${encodeURIComponent(slug)}/`,
  search: (country: CountryCode, query?: string) =>
    `/${country}/search/${query ? `?q=${encodeURIComponent(query)}` : ''}`,
  cart: (country: CountryCode) => `/${country}/cart/`,
  favourites: (country: CountryCode) => `/${country}/favorites/`,
  document: documentPath,
  documents: (country: CountryCode) => `/${country}/docs/`,
  news: (country: CountryCode, page = 1) => `/${country}/news/${page > 1 ? `?page=${page}` : ''}`,
  newsItem: (country: CountryCode, slug: string) => `/${country}/news/${encodeURIComponent(slug)}/`,
  articles: (country: CountryCode, page = 1) => `/${country}/articles/${page > 1 ? `?page=${page}` : ''}`,
  article: (country: CountryCode, slug: string) => `/${country}/articles/${encodeURIComponent(slug)}/`,
  sitePage: (country: CountryCode, slug: string) => `/${country}/pages/${encodeURIComponent(slug)}/`,
  /** `city`: a city code, `all` for every city; absent: the default city. */
  courses: (country: CountryCode, query: { city?: string; category?: string; page?: number } = {}) =>
    withQuery(`/${country}/courses/`, {
      city: query.city,
      category: query.category,
      page: query.page && query.page > 1 ? String(query.page) : undefined,
    }),
  courseCalendar: (country: CountryCode, query: { month?: string; city?: string; category?: string } = {}) =>
    withQuery(`/${country}/courses/calendar/`, query),
  course: (country: CountryCode, slug: string) => `/${country}/courses/${encodeURIComponent(slug)}/`,
  courseIcs: (country: CountryCode, slug: string) => `/${country}/courses/${encodeURIComponent(slug)}/calendar.ics`,
  printing: (country: CountryCode) => `/${country}/printing/`,
  printingRequest: (country: CountryCode, service?: number) =>
    `/${country}/printing/request/${service ? `?service=${service}` : ''}`,
  support: (country: CountryCode) => `/${country}/support/`,
  courseSearchRequest: (country: CountryCode) => `/${country}/courses/request/`,
  newsletter: (country: CountryCode) => `/${country}/newsletter/`,
  vacancies: (country: CountryCode) => `/${country}/vacancies/`,
  vacancy: (country: CountryCode, slug: string) => `/${country}/vacancies/${encodeURIComponent(slug)}/`,
  contacts: (country: CountryCode) => `/${country}/contacts/`,
  feed: (country: CountryCode) => `/${country}/feed.xml`,
  /** The page for people about the feed: its address for a feed reader and what it holds. */
  feedAbout: (country: CountryCode) => `/${country}/feed/`,
  newsletterUnsubscribe: (country: CountryCode, token: string) =>
    `/${country}/newsletter/unsubscribe/${encodeURIComponent(token)}/`,
  newsletterConfirm: (country: CountryCode, token: string) =>
    `/${country}/newsletter/confirm/${encodeURIComponent(token)}/`,
  /** The link that confirms the address of a back-in-stock alert. */
  stockAlertConfirm: (country: CountryCode, token: string) =>
    `/${country}/back-in-stock/confirm/${encodeURIComponent(token)}/`,
  /** `next` is where to return after logging in: a path on this site. */
  login: (country: CountryCode, next?: string) =>
    `/${country}/login/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  /** `next`, kept from the login page: where the person was going (the checkout). */
  register: (country: CountryCode, next?: string | null) =>
    `/${country}/register/${next ? `?next=${encodeURIComponent(next)}` : ''}`,
  registerDone: (country: CountryCode, email?: string, next?: string | null) =>
    `/${country}/register/done/${query({ email, next })}`,
  /** `next`: where the person was when they registered (the cart), a same-site path, kept through activation. */
  activate: (country: CountryCode, uid: string, token: string, next?: string | null) =>
    `/${country}/activate/${uid}/${token}/${query({ next })}`,
  passwordReset: (country: CountryCode) => `/${country}/password/reset/`,
  passwordResetConfirm: (country: CountryCode, uid: string, token: string) =>
    `/${country}/password/reset/${uid}/${token}/`,
  emailReset: (country: CountryCode) => `/${country}/email/reset/`,
  emailResetConfirm: (country: CountryCode, uid: string, token: string) => `/${country}/email/reset/${uid}/${token}/`,
  /** The link that confirms a new login address, mailed to that address. */
  emailChangeConfirm: (country: CountryCode, uid: string, token: string) =>
    `/${country}/email/confirm/${uid}/${token}/`,
  account: (country: CountryCode) => `/${country}/account/`,
  checkout: (country: CountryCode) => `/${country}/checkout/`,
  orders: (country: CountryCode, query: { status?: string; page?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.status) params.set('status', query.status);
    if (query.page && query.page > 1) params.set('page', String(query.page));
    const search = params.toString();
    return `/${country}/account/orders/${search ? `?${search}` : ''}`;
  },
  order: (country: CountryCode, number: string) => `/${country}/account/orders/${encodeURIComponent(number)}/`,
  /** The invoice of an order paid by bank transfer (PDF). */
  orderInvoice: (country: CountryCode, number: string) =>
    `/${country}/account/orders/${encodeURIComponent(number)}/invoice.pdf`,
  /** The account's clinic section (`clinic`: one of the person's clinics). */
  clinic: (country: CountryCode, clinic?: number) =>
    `/${country}/account/clinic/${query({ clinic: clinic === undefined ? undefined : String(clinic) })}`,
  /** One of a clinic's lists (issue 37). */
  clinicList: (country: CountryCode, list: number) => `/${country}/account/clinic/lists/${list}/`,
  /** The quick order: pasted lines or a table into the cart (issue 37). */
  quickOrder: (country: CountryCode) => `/${country}/account/quick-order/`,
  /** The mailed link of an invitation to a clinic: signing in (or opening an account) then joining. */
  clinicInvitation: (country: CountryCode, token: string) =>
    `/${country}/account/clinic/invitation/${encodeURIComponent(token)}/`,
  /** The order's page in the back office (react-admin's hash route of a record's show view). */
  staffOrder: (number: string) => `/staff/#/orders/${encodeURIComponent(number)}/show`,
};

/** A path with the query's non-empty values, in the order given. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

// A placeholder origin: `next` is resolved against it to normalise the path, and must stay on it.
const SAME_SITE = 'http://next.invalid';

/**
 * A `next` parameter made safe to redirect to: a path on this site (`/kg/account/`), never another
 * host (`//evil.example`, `/.//evil.example`, `https://...`) or a script URL, and valid in a
 * `Location` header: spaces and non-ASCII characters come back percent-encoded (`/%C2%A0/`).
 * Control characters (DEL included) and backslashes give `fallback`, as does anything else.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // Refused before parsing: the URL parser drops tabs and newlines and reads "\\" as "/", which
  // could turn "/\t/evil.example" into "//evil.example".
  if (hasControlCharacters(next) || next.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(next, SAME_SITE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== SAME_SITE || path.startsWith('//') || !/^\/[\x21-\x7e]*$/.test(path)) return fallback;
  return path;
}

/**
 * The same page in another country: swaps the leading country segment. A price range is dropped,
 * because it was given in the other country's currency; every other filter and the page stay.
 */
export function switchCountry(pathWithQuery: string, country: CountryCode): string {
  const swapped = pathWithQuery.replace(COUNTRY_PREFIX, `/${country}`);
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
export function localizeLink(link: string, country: CountryCode): string {
  if (!link.startsWith('/') || COUNTRY_PREFIX.test(link) || link.startsWith('/api/')) return link;
  return `/${country}${link}`;
}

/** `?a=1&b=2` of the given values, empty ones left out; '' when none is given. */
function query(values: Record<string, string | null | undefined>): string {
  const pairs = Object.entries(values).filter((entry): entry is [string, string] => !!entry[1]);
  return pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}` : '';
}
