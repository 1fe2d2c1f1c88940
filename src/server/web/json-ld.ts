/**
 * schema.org descriptions of the storefront's pages (JSON-LD). Each builder takes page data and
 * returns the object a page passes to the layout's `jsonLd`; `Seo.astro` serialises them safely.
 */
import type { ProductDetail } from '../catalog/products.queries.ts';
import type { Publication } from '../content/publications.queries.ts';
import type { Contact } from '../company/contacts.queries.ts';
import type { Course } from '../courses/courses.queries.ts';
import type { Vacancy } from '../vacancies/vacancies.queries.ts';
import { absoluteUrl } from '../site-url.ts';
import { CITIES } from '../../shared/cities.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';

const CONTEXT = 'https://schema.org';

/** The shop itself, on every page. */
export function organizationJsonLd() {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: SHOP_NAME,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/favicon.svg'),
  };
}

/** The home page: the site with its search box, so search engines can offer it. */
export function websiteJsonLd(country: CountryCode) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absoluteUrl(paths.home(country)),
    potentialAction: {
      '@type': 'SearchAction',
      target: `${absoluteUrl(paths.search(country))}?q={search_term_string}`,
      'query-input': 'required name=search_term_string',
    },
  };
}

/** A trail of links from the home page; the last item may have no link (the page itself). */
export function breadcrumbJsonLd(items: readonly { name: string; href?: string }[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.href ? { item: absoluteUrl(item.href) } : {}),
    })),
  };
}

/**
 * A product with its offer in the country: price and currency, in stock or not. A product not sold
 * in the country has no offer. `images` are site paths, `description` plain text.
 */
export function productJsonLd(
  product: ProductDetail,
  country: CountryCode,
  content: { images: string[]; description: string },
) {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    image: content.images.map(absoluteUrl),
    description: content.description,
    category: product.category.name,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand.name } } : {}),
    ...(product.price
      ? {
          offers: {
            '@type': 'Offer',
            url: absoluteUrl(paths.product(country, product.slug)),
            price: product.price,
            priceCurrency: product.currency,
            availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
            seller: { '@type': 'Organization', name: SHOP_NAME },
          },
        }
      : {}),
  };
}

const publisher = () => ({
  '@type': 'Organization',
  name: SHOP_NAME,
  url: absoluteUrl('/'),
  logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') },
});

/** A news item (`NewsArticle`) or an article (`Article`) at `url` (a site path). */
export function publicationJsonLd(item: Publication, url: string) {
  return {
    '@context': CONTEXT,
    '@type': item.kind === 'news' ? 'NewsArticle' : 'Article',
    headline: item.title.length > 110 ? `${item.title.slice(0, 109)}…` : item.title,
    description: item.seoDescription || item.lead,
    ...(item.cover ? { image: [absoluteUrl(item.cover)] } : {}),
    datePublished: item.publishedAt.toISOString(),
    dateModified: (item.updatedAt > item.publishedAt ? item.updatedAt : item.publishedAt).toISOString(),
    author: { '@type': 'Organization', name: SHOP_NAME, url: absoluteUrl('/') },
    publisher: publisher(),
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(url) },
    ...(item.topics.length ? { keywords: item.topics.join(', ') } : {}),
  };
}

const countryOfCity = (city: keyof typeof CITIES) => CITIES[city].country.toUpperCase();

/** A course with its one run (`CourseInstance`): dates in the city's time, place, lecturer and price. */
export function courseJsonLd(course: Course, country: CountryCode, description: string) {
  const city = CITIES[course.city];
  const url = absoluteUrl(paths.course(country, course.slug));
  const offer = {
    '@type': 'Offer',
    category: 'Paid',
    price: course.price,
    priceCurrency: course.currency,
    url,
    availability: course.seatsLeft > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
  };
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    name: course.title,
    description,
    url,
    ...(course.cover ? { image: absoluteUrl(course.cover) } : {}),
    about: course.category.name,
    inLanguage: 'ru',
    provider: { '@type': 'Organization', name: SHOP_NAME, sameAs: absoluteUrl('/') },
    offers: [offer],
    hasCourseInstance: [
      {
        '@type': 'CourseInstance',
        courseMode: 'Onsite',
        startDate: `${course.startDate}T${course.dayStarts}:00${city.utcOffset}`,
        endDate: `${course.endDate}T${course.dayEnds}:00${city.utcOffset}`,
        location: {
          '@type': 'Place',
          name: course.venue,
          address: {
            '@type': 'PostalAddress',
            streetAddress: course.address,
            addressLocality: city.name,
            addressCountry: countryOfCity(course.city),
          },
        },
        instructor: [
          {
            '@type': 'Person',
            name: course.lecturer,
            ...(course.lecturerTitle ? { description: course.lecturerTitle } : {}),
          },
        ],
        offers: offer,
        maximumAttendeeCapacity: course.seatsTotal,
        remainingAttendeeCapacity: Math.max(0, course.seatsLeft),
      },
    ],
  };
}

const EMPLOYMENT_TYPES = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  shift: 'FULL_TIME',
  internship: 'INTERN',
} as const;

/** An open vacancy as a `JobPosting`; `description` is HTML (duties, requirements, conditions). */
export function jobPostingJsonLd(vacancy: Vacancy, description: string) {
  const city = CITIES[vacancy.city];
  // Without a closing date the posting is renewed monthly, as job boards expect a validThrough.
  const validThrough = vacancy.validThrough ?? new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    '@context': CONTEXT,
    '@type': 'JobPosting',
    title: vacancy.title,
    description,
    datePosted: vacancy.publishedAt.toISOString(),
    validThrough: `${validThrough}T23:59:59${city.utcOffset}`,
    employmentType: EMPLOYMENT_TYPES[vacancy.employmentType],
    hiringOrganization: {
      '@type': 'Organization',
      name: SHOP_NAME,
      sameAs: absoluteUrl('/'),
      logo: absoluteUrl('/favicon.svg'),
    },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: city.name, addressCountry: countryOfCity(vacancy.city) },
    },
    directApply: false,
    ...(vacancy.salaryCurrency && (vacancy.salaryFrom || vacancy.salaryTo)
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: vacancy.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(vacancy.salaryFrom ? { minValue: Number(vacancy.salaryFrom) } : {}),
              ...(vacancy.salaryTo ? { maxValue: Number(vacancy.salaryTo) } : {}),
              unitText: 'MONTH',
            },
          },
        }
      : {}),
  };
}

/** An office of the shop as a `LocalBusiness` (a store with its address, phones and hours). */
export function localBusinessJsonLd(contact: Contact, country: CountryCode) {
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    name: `${SHOP_NAME}, ${contact.city}`,
    url: absoluteUrl(paths.contacts(country)),
    image: absoluteUrl('/og-image.png'),
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address,
      addressLocality: contact.city,
      addressCountry: contact.country.toUpperCase(),
    },
    ...(contact.phones[0] ? { telephone: contact.phones[0] } : {}),
    ...(contact.email ? { email: contact.email } : {}),
    ...(contact.workingHours ? { description: `Часы работы: ${contact.workingHours}` } : {}),
    parentOrganization: { '@type': 'Organization', name: SHOP_NAME, url: absoluteUrl('/') },
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so no text can close the script element. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
