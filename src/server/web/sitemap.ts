import { escapeMarkup } from '../../shared/escape.ts';
import { paths } from '../../shared/paths.ts';
import { listAllBrandSlugs } from '../catalog/brands.queries.ts';
import { loadCategories } from '../catalog/categories.queries.ts';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '../../shared/countries.ts';
import { listProductSlugs } from '../catalog/products.queries.ts';
import { listPublicationLinks } from '../content/publications.queries.ts';
import { listDocumentLinks } from '../company/documents.queries.ts';
import { listCourseLinks } from '../courses/courses.queries.ts';
import { listVacancies } from '../vacancies/vacancies.queries.ts';
import { siteOrigin } from '../site-url.ts';

/** The sitemap index: one sitemap per country. */
export function renderSitemapIndex(): string {
  const entries = COUNTRY_CODES.map(
    (code) => `<sitemap><loc>${siteOrigin()}/sitemaps/${code}.xml</loc></sitemap>`,
  ).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
}

/**
 * Every indexable page of one country: home, catalog, categories, brands, documents, products sold
 * there, news, articles, site pages, courses, open vacancies and the service pages.
 */
export async function renderCountrySitemap(country: CountryCode): Promise<string> {
  const [categories, brands, products, documents, news, articles, pages, courses, vacancies] = await Promise.all([
    loadCategories(),
    listAllBrandSlugs(),
    listProductSlugs(country),
    listDocumentLinks(),
    listPublicationLinks('news'),
    listPublicationLinks('article'),
    listPublicationLinks('page'),
    listCourseLinks(),
    listVacancies({ isOpen: true, limit: 100, offset: 0 }),
  ]);
  const url = (path: string, lastmod?: Date) => {
    const alternates = COUNTRY_CODES.map(
      (code) =>
        `<xhtml:link rel="alternate" hreflang="${COUNTRIES[code].hreflang}" href="${escapeMarkup(siteOrigin() + path.replace(`/${country}/`, `/${code}/`))}"/>`,
    ).join('');
    return `<url><loc>${escapeMarkup(siteOrigin() + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}${alternates}</url>`;
  };
  const urls = [
    url(paths.home(country)),
    url(paths.catalog(country)),
    url(paths.brands(country)),
    ...categories.map((c) => url(paths.category(country, c.slug))),
    ...brands.map((slug) => url(paths.brand(country, slug))),
    url(paths.documents(country)),
    ...documents.map((d) => url(paths.document(country, d.slug), d.updatedAt)),
    url(paths.news(country)),
    ...news.map((n) => url(paths.newsItem(country, n.slug), n.updatedAt)),
    url(paths.articles(country)),
    ...articles.map((a) => url(paths.article(country, a.slug), a.updatedAt)),
    // The contacts page shows the «kontakty» page's text; its own address redirects there.
    ...pages.filter((p) => p.slug !== 'kontakty').map((p) => url(paths.sitePage(country, p.slug), p.updatedAt)),
    url(paths.contacts(country)),
    url(paths.courses(country)),
    url(paths.courseCalendar(country)),
    ...courses.map((c) => url(paths.course(country, c.slug), c.updatedAt)),
    url(paths.printing(country)),
    url(paths.vacancies(country)),
    ...vacancies.items.map((v) => url(paths.vacancy(country, v.slug), v.updatedAt)),
  ];
  // Products sold in one country only have no alternate in the other.
  const productUrls = products.map(
    (p) =>
      `<url><loc>${escapeMarkup(siteOrigin() + paths.product(country, p.slug))}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}${productUrls.join('')}</urlset>`;
}
