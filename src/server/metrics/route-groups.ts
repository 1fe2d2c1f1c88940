/**
 * The route group a request is counted under in `/metrics`: a short fixed list (the API's groups, the
 * storefront's sections, assets, photos…), never the raw path, so a crawler's or a fuzzer's addresses
 * cannot grow the number of series.
 */
import { isCountryCode } from '../../shared/countries.ts';

/** Segment → its label, made once rather than per request. */
function labelled(prefix: string, segments: string[]): Map<string, string> {
  return new Map(segments.map((segment) => [segment, `${prefix}:${segment}`]));
}

/** The first segment after `/api/v1/`, as the API's routers name their groups. */
const API_GROUPS = labelled('api', [
  'accounts',
  'core',
  'notifications',
  'orders',
  'products',
  'seo',
  'services',
  'staff',
  'security',
  'schema',
  'docs',
  'dev',
]);

/** The first segment after the country (`/kg/catalog/…`), as the storefront's pages are cut. */
const PAGE_SECTIONS = labelled('page', [
  'account',
  'activate',
  'articles',
  'brands',
  'cart',
  'catalog',
  'checkout',
  'contacts',
  'courses',
  'docs',
  'favorites',
  'feed',
  'feed.xml',
  'login',
  'news',
  'newsletter',
  'pages',
  'printing',
  'product',
  'register',
  'search',
  'support',
  'vacancies',
]);

/** Groups by the first segment of the path, outside the API and the storefront. */
const TOP_GROUPS: Record<string, string> = {
  _astro: 'assets',
  images: 'assets',
  'favicon.ico': 'assets',
  'favicon.svg': 'assets',
  media: 'media',
  staff: 'back_office',
  healthz: 'health',
  metrics: 'metrics',
  'robots.txt': 'seo_files',
  'sitemap.xml': 'seo_files',
  sitemaps: 'seo_files',
};

/** The group of a request line's target (`req.url`: path and query). */
export function routeGroup(url: string | undefined): string {
  if (!url || url[0] !== '/') return 'other';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const [, first = '', second = '', third = ''] = path.split('/', 4);
  if (first === 'api') {
    if (second !== 'v1') return 'api:other';
    return API_GROUPS.get(third) ?? 'api:other';
  }
  if (isCountryCode(first)) {
    if (second === '') return 'page:home';
    return PAGE_SECTIONS.get(second) ?? 'page:other';
  }
  if (first === '') return 'page:home';
  return TOP_GROUPS[first] ?? 'other';
}
