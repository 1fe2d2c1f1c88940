import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { allProducts, inStockProduct, listProducts, waitForIslands, type ApiProduct } from './support/shop.ts';

let product: ApiProduct;

test.beforeAll(async ({ request }) => {
  product = await inStockProduct(request, 'kg', 1);
});

type JsonLd = Record<string, unknown> & { '@type': string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as JsonLd);
}

function meta(page: Page, selector: string) {
  return page.locator(`head ${selector}`);
}

test.describe('product page metadata', () => {
  // The server runs with SITE_URL equal to the test base URL, so absolute links point back at it.
  test('has a unique title, description, canonical and hreflang links, Open Graph and JSON-LD', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL!;
    await page.goto(`/kg/product/${product.slug}/`);
    const canonical = `${origin}/kg/product/${product.slug}/`;

    await expect(page).toHaveTitle(
      new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — цена в Кыргызстане`),
    );
    const title = await page.title();
    const other = (await listProducts(request, { country: 'kg', limit: 2, ordering: '-price' })).results.find(
      (p) => p.id !== product.id,
    )!;
    const otherPage = await request.get(`/kg/product/${other.slug}/`);
    const otherTitle = (await otherPage.text()).match(/<title>([^<]*)<\/title>/)?.[1];
    expect(otherTitle).toBeTruthy();
    expect(otherTitle).not.toBe(title);

    await expect(meta(page, 'meta[name="description"]')).toHaveAttribute('content', /\S{10,}/);
    await expect(meta(page, 'link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(meta(page, 'link[rel="alternate"][hreflang="ru-KG"]')).toHaveAttribute('href', canonical);
    await expect(meta(page, 'link[rel="alternate"][hreflang="ru-KZ"]')).toHaveAttribute(
      'href',
      `${origin}/kz/product/${product.slug}/`,
    );
    await expect(meta(page, 'meta[name="robots"]')).toHaveCount(0);

    await expect(meta(page, 'meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(meta(page, 'meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(meta(page, 'meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(meta(page, 'meta[property="og:description"]')).toHaveAttribute('content', /\S/);
    await expect(meta(page, 'meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${origin}/`));

    const data = await jsonLd(page);
    const productLd = data.find((d) => d['@type'] === 'Product') as JsonLd & {
      name: string;
      sku: string;
      offers: { price: string; priceCurrency: string; availability: string; url: string };
    };
    expect(productLd).toBeDefined();
    expect(productLd.name).toBe(product.name);
    expect(productLd.sku).toBe(product.sku);
    expect(productLd.offers).toMatchObject({
      price: product.price,
      priceCurrency: 'KGS',
      availability: 'https://schema.org/InStock',
      url: canonical,
    });
    const breadcrumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as JsonLd & {
      itemListElement: { position: number; name: string; item?: string }[];
    };
    expect(breadcrumbs).toBeDefined();
    expect(breadcrumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Главная', item: `${origin}/kg/` });
    expect(breadcrumbs.itemListElement.at(-1)).toMatchObject({ name: product.name, item: canonical });
    const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('listitem');
    await expect(crumbs).toHaveCount(breadcrumbs.itemListElement.length);
  });

  test('describes the Kazakhstan offer in tenge', async ({ page, request }) => {
    const { results } = await listProducts(request, { country: 'kz', limit: 100 });
    const kz = results.find((p) => p.price !== null)!;
    await page.goto(`/kz/product/${kz.slug}/`);
    const offer = (await jsonLd(page)).find((d) => d['@type'] === 'Product')?.offers as Record<string, string>;
    expect(offer.priceCurrency).toBe('KZT');
    expect(offer.price).toBe(kz.price);
    expect(offer.availability).toBe(kz.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');
    await expect(meta(page, 'link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/kz/product/${kz.slug}/$`));
  });
  test('a product sold in one country has no hreflang alternate and is not indexed in the other', async ({
    page,
    request,
  }) => {
    const kzSlugs = new Set((await allProducts(request, 'kz')).map((p) => p.slug));
    const kgOnly = (await allProducts(request, 'kg')).find((p) => !kzSlugs.has(p.slug))!;
    expect(kgOnly).toBeDefined();
    await page.goto(`/kg/product/${kgOnly.slug}/`);
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto(`/kz/product/${kgOnly.slug}/`);
    await expect(meta(page, 'meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });
});

test.describe('crawler files', () => {
  test('/sitemap.xml is an index of the country sitemaps', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    expect(xml).toContain('<sitemapindex');
    expect(xml).toContain(`<loc>${baseURL}/sitemaps/kg.xml</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/sitemaps/kz.xml</loc>`);
  });

  test('/sitemaps/kg.xml lists categories, brands and products of Kyrgyzstan', async ({ request, baseURL }) => {
    const response = await request.get('/sitemaps/kg.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toContain('<urlset');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${baseURL}/kg/`);
    expect(locs).toContain(`${baseURL}/kg/catalog/plombirovochnye-materialy/`);
    expect(locs).toContain(`${baseURL}/kg/brands/3m/`);
    expect(locs).toContain(`${baseURL}/kg/product/${product.slug}/`);
    expect(locs.filter((loc) => !loc.startsWith(`${baseURL}/kg/`))).toEqual([]);
    const { count } = await listProducts(request, { country: 'kg', limit: 1 });
    expect(locs.filter((loc) => loc.includes('/kg/product/'))).toHaveLength(count);
  });

  test('/robots.txt points to the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(text).toContain('Disallow: /api/');
  });
});

test('an unknown page answers 404 with a not-found page that says what was not found, in the country asked for', async ({
  page,
}) => {
  const cases = [
    { path: '/kg/no-such-page/', says: 'По этому адресу ничего нет', link: 'Перейти в каталог', href: '/kg/catalog/' },
    {
      path: '/kz/product/no-such-product/',
      says: 'Такого товара нет в каталоге',
      link: 'Перейти в каталог',
      href: '/kz/catalog/',
    },
    {
      path: '/kz/catalog/no-such-category/',
      says: 'Такого раздела каталога нет',
      link: 'Все разделы каталога',
      href: '/kz/catalog/',
    },
    { path: '/kg/news/no-such-news/', says: 'Такой новости нет', link: 'Все новости', href: '/kg/news/' },
  ];
  for (const { path, says, link, href } of cases) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    await expect(page.getByRole('main').getByText(says)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: link })).toHaveAttribute('href', href);
    await expect(page.getByText('снят с продажи')).toHaveCount(path.includes('/product/') ? 1 : 0);
    await expect(meta(page, 'meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
});

test.describe('accessibility', () => {
  const pages = [
    { name: 'home', path: '/kg/' },
    { name: 'category', path: '/kg/catalog/plombirovochnye-materialy/' },
    { name: 'product', path: () => `/kg/product/${product.slug}/` },
    { name: 'cart', path: '/kg/cart/', cart: true },
  ];

  for (const entry of pages) {
    test(`${entry.name} page has no serious or critical axe violations`, async ({ page }) => {
      if (entry.cart) {
        await page.addInitScript((id) => {
          if (!localStorage.getItem('cart')) localStorage.setItem('cart', JSON.stringify([{ id, quantity: 2 }]));
        }, product.id);
      }
      await page.goto(typeof entry.path === 'function' ? entry.path() : entry.path);
      await waitForIslands(page);
      if (entry.cart) await expect(page.getByRole('link', { name: product.name })).toBeVisible();

      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const report = serious.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
            .slice(0, 5)
            .map((n) => n.target.join(' '))
            .join('\n  ')}`,
      );
      const minor = results.violations.filter((v) => !serious.includes(v)).map((v) => `${v.id} (${v.impact})`);
      if (minor.length) test.info().annotations.push({ type: 'axe minor', description: minor.join(', ') });
      expect(report, report.join('\n')).toEqual([]);
    });
  }
});

test('the shop’s name is spelled one way and said once in a title', async ({ request }) => {
  for (const path of ['/kg/', '/kg/vacancies/', '/kg/news/', '/kz/printing/', '/kg/catalog/']) {
    const html = await (await request.get(path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title.match(/ДенталМаркет/g), `${path}: ${title}`).toHaveLength(1);
    expect(html, path).not.toMatch(/Дентал Маркет/);
  }
});
