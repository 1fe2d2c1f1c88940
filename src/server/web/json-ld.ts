/**
 * schema.org descriptions of the storefront's pages (JSON-LD). Each builder takes page data and
 * returns the object a page passes to the layout's `jsonLd`; `Seo.astro` serialises them safely.
 */
import type { ProductDetail } from '../catalog/products.queries.ts';
import { absoluteUrl } from '../site-url.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';

const CONTEXT = 'https://schema.org';

/** The shop itself, on every page. */
export function organizationJsonLd() {
  return { '@context': CONTEXT, '@type': 'Organization', name: SHOP_NAME, url: absoluteUrl('/'), logo: absoluteUrl('/favicon.svg') };
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
export function productJsonLd(product: ProductDetail, country: CountryCode, content: { images: string[]; description: string }) {
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

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so no text can close the script element. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
