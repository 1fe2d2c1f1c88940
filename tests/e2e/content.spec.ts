import { expect, test, type Page } from './support/test.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

type JsonLd = Record<string, any> & { '@type': string };

async function jsonLd(page: Page): Promise<JsonLd[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as JsonLd);
}

const ofType = (data: JsonLd[], type: string) => data.filter((d) => d['@type'] === type);

let consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
});

test.afterEach(() => {
  expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
});

test.describe('news and articles', () => {
  test('a visitor reads a news item from the home page and finds related news', async ({ page }) => {
    await page.goto('/kg/');
    const section = page.getByRole('region', { name: 'Новости' });
    const first = section.getByRole('article').first();
    const title = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/kg\/news\/[a-z0-9-]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(/\d+ мин чтения/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Читайте также' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'Новости' }),
    ).toBeVisible();

    const data = await jsonLd(page);
    const [article] = ofType(data, 'NewsArticle');
    expect(article).toMatchObject({
      headline: title,
      datePublished: expect.any(String),
      publisher: { name: expect.any(String) },
    });
    expect(article!.image[0]).toMatch(/^http/);
    expect(ofType(data, 'BreadcrumbList')).toHaveLength(1);
  });

  test('an article page has its cover, a sanitised body, Article JSON-LD and no axe violations', async ({
    page,
    request,
  }) => {
    const { results } = await (await request.get('/api/v1/seo/articles/?limit=1')).json();
    await page.goto(`/kz/articles/${results[0].slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[0].title);
    const cover = page.locator('article img').first();
    await expect(cover).toHaveAttribute('width', '1200');
    await expect(cover).toHaveAttribute('height', '630');
    // Links inside the body lead to the page's country.
    for (const href of await page
      .locator('.prose a[href^="/"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^\/kz\//);
    }
    const [article] = ofType(await jsonLd(page), 'Article');
    expect(article).toMatchObject({
      headline: results[0].title,
      author: expect.any(Object),
      datePublished: expect.any(String),
      dateModified: expect.any(String),
    });
    await expect(page.locator('head link[rel="alternate"][hreflang="ru-KG"]')).toHaveAttribute(
      'href',
      /\/kg\/articles\//,
    );
    await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
      'href',
      '/kz/feed.xml',
    );
    await expectNoSeriousAxeViolations(page);
  });

  test('a visitor pages through the news', async ({ page }) => {
    await page.goto('/kg/news/');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
    await expect(page.locator('main ul article')).toHaveCount(12);
    await page.getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(/\/kg\/news\/\?page=2$/);
    await expect(page.locator('main ul article')).toHaveCount(8);
  });

  test('a news or article list answers 404 for a page that does not exist', async ({ request }) => {
    for (const bad of [
      'news/?page=3',
      'news/?page=0',
      'news/?page=abc',
      'articles/?page=99999999999999999999',
      'news/no-such-item/',
      'articles/%00/',
    ]) {
      const response = await request.get(`/kg/${bad}`);
      expect(response.status(), bad).toBe(404);
    }
  });

  test('the feed lists news and articles with absolute links', async ({ request, baseURL }) => {
    const response = await request.get('/kg/feed.xml');
    expect(response.headers()['content-type']).toContain('application/atom+xml');
    const xml = await response.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(xml).toContain(`<link rel="alternate" type="text/html" href="${baseURL}/kg/news/`);
    expect(xml).toContain(`${baseURL}/kg/articles/`);
  });

  test('the shop’s RSS links lead people to a page with the feed’s address and what it holds, not to raw XML', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/kg/news/');
    await page.getByRole('link', { name: 'Подписаться через RSS' }).click();
    await expect(page).toHaveURL(/\/kg\/feed\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'RSS-лента новостей и статей' })).toBeVisible();
    await expect(page.locator('code')).toHaveText(`${baseURL}/kg/feed.xml`);
    await expect(page.getByRole('link', { name: 'Сама лента (XML)' })).toHaveAttribute('href', '/kg/feed.xml');
    const entries = page.getByRole('region', { name: 'Сейчас в ленте' }).getByRole('link');
    expect(await entries.count()).toBeGreaterThan(2);
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('courses', () => {
  test('filters courses by city with links, without JavaScript too', async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/kz/courses/');
      await expect(page.getByRole('link', { name: /^Алматы/ })).toHaveAttribute('aria-current', 'true');
      const cards = page.locator('main article');
      expect(await cards.count()).toBeGreaterThan(0);
      for (const kicker of await cards.locator('.kicker').allTextContents()) expect(kicker).toContain('Алматы');

      await page.getByRole('link', { name: /^Бишкек/ }).click();
      await expect(page).toHaveURL(/city=BISHKEK/);
      await expect(page.getByRole('link', { name: /^Бишкек/ })).toHaveAttribute('aria-current', 'true');
      for (const kicker of await cards.locator('.kicker').allTextContents()) expect(kicker).toContain('Бишкек');

      await page.getByRole('link', { name: 'Все города' }).click();
      await expect(page).toHaveURL(/city=all/);
      const cities = new Set((await cards.locator('.kicker').allTextContents()).map((k) => k.split('·')[1]!.trim()));
      expect(cities.size).toBeGreaterThan(1);
      await context.close();
    }
  });

  test('the calendar shows a month with previous and next months as links, without JavaScript too', async ({
    browser,
    request,
  }) => {
    const { results } = await (await request.get('/api/v1/services/courses/?city=BISHKEK&limit=1')).json();
    const course = results[0];
    const month = course.start_date.slice(0, 7);
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      // On the Kazakh site Bishkek is not the default city, so the links keep it.
      await page.goto(`/kz/courses/calendar/?city=BISHKEK&month=${month}`);
      const grid = page.getByRole('table');
      await expect(grid.getByRole('link', { name: course.title }).first()).toBeVisible();
      const [year, m] = month.split('-').map(Number);
      const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
      await page.getByRole('link', { name: /Следующий месяц/ }).click();
      await expect(page).toHaveURL(new RegExp(`month=${next}`));
      expect(new URL(page.url()).searchParams.get('city')).toBe('BISHKEK');
      await page.getByRole('link', { name: /Предыдущий месяц/ }).click();
      await expect(page).toHaveURL(new RegExp(`month=${month}`));
      await grid.getByRole('link', { name: course.title }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
      await context.close();
    }
  });

  test('a country starts on its own city, the calendar on the month of the next course, prices in the chosen currency', async ({
    page,
    request,
  }) => {
    await page.goto('/kg/courses/');
    await expect(page.getByRole('link', { name: /^Бишкек/ })).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveTitle(/в Бишкеке/);
    for (const kicker of await page.locator('main article .kicker').allTextContents())
      expect(kicker).toContain('Бишкек');

    const { results } = await (await request.get('/api/v1/services/courses/?city=BISHKEK&limit=1')).json();
    await page.goto('/kg/courses/calendar/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main')).toContainText(results[0].title);

    // An Almaty course on the Kyrgyz site: its price in сом, as products are, with what will be paid in ₸.
    const almaty = (await (await request.get('/api/v1/services/courses/?city=ALMATY&limit=1')).json()).results[0];
    await page.goto(`/kg/courses/${almaty.slug}/`);
    const price = page.locator('main .price').first();
    await expect(price).toContainText(/≈\s?[\d\s]+\s?сом/);
    await expect(price.locator('[data-pay-note]')).toBeVisible();
    await expect(price.locator('[data-pay-note]')).toContainText('₸');
    await page.goto('/kz/courses/');
    await expect(page.getByRole('link', { name: /^Алматы/ })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('main article .price').first()).not.toContainText('≈');
  });

  test('on a phone the calendar is an agenda of the month', async ({ browser, request }) => {
    const { results } = await (await request.get('/api/v1/services/courses/?limit=1')).json();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`/kz/courses/calendar/?city=all&month=${results[0].start_date.slice(0, 7)}`);
    await expect(page.getByRole('table')).toBeHidden();
    await expect(
      page.getByRole('region', { name: /^Курсы:/ }).getByRole('link', { name: results[0].title }),
    ).toBeVisible();
    // «15–16 января 2027 · чт», not «…2027· чт».
    await expect(page.locator('.agenda .when').first()).toHaveText(/\d \S+ \d{4}( г\.)? · [а-я]{2}$/);
    await context.close();
  });

  test("a course page offers its .ics with the course's dates, and describes the course in JSON-LD", async ({
    page,
    request,
  }) => {
    const { results } = await (await request.get('/api/v1/services/courses/?city=ALMATY&limit=1')).json();
    const course = results[0];
    await page.goto(`/kz/courses/${course.slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
    await expect(page.getByRole('complementary', { name: 'Коротко о курсе' })).toContainText(
      new RegExp(`(из|все) ${course.seats_total}`),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Добавить в календарь' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${course.slug}.ics`);
    const ics = (await (await file.createReadStream()).toArray()).join('').replace(/\r\n /g, '');
    const utc = (day: string, time: string) =>
      new Date(`${day}T${time}:00+05:00`)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utc(course.start_date, course.day_starts)}`);
    expect(ics).toContain(`DTEND:${utc(course.start_date, course.day_ends)}`);
    if (course.end_date !== course.start_date) expect(ics).toContain(`UNTIL=${utc(course.end_date, course.day_ends)}`);
    expect(ics).toContain(`SUMMARY:${course.title.replace(/([,;])/g, '\\$1')}`);

    const [ld] = ofType(await jsonLd(page), 'Course');
    expect(ld).toMatchObject({
      name: course.title,
      provider: { name: expect.any(String) },
      description: expect.any(String),
    });
    const instance = ld!.hasCourseInstance[0];
    expect(instance).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      location: { name: course.venue },
    });
    expect(instance.startDate).toBe(`${course.start_date}T${course.day_starts}:00+05:00`);
    expect(instance.offers).toMatchObject({ price: course.price, priceCurrency: 'KZT' });
    // Besides the form, the office's phone or mail (the consent line's policy link comes first in the region).
    await expect(
      page
        .getByRole('region', { name: /Записаться/ })
        .locator('a[href^="tel:"], a[href^="mailto:"]')
        .first(),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
});

test.describe('printing, vacancies, contacts and documents', () => {
  test("the printing price list is a table in the country's currency, readable on a phone", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/kz/printing/');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Цена, KZT' })).toBeAttached();
    expect(await table.locator('tbody tr:not(.group)').count()).toBeGreaterThanOrEqual(10);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await context.close();
  });

  test('a visitor opens an open vacancy, and a closed one says so', async ({ page, request }) => {
    await page.goto('/kg/vacancies/');
    const open = page.locator('main li.vacancy:not(.closed)').first();
    const title = (await open.getByRole('heading').textContent())!.trim();
    await open.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { name: 'Что мы предлагаем' })).toBeVisible();
    const [posting] = ofType(await jsonLd(page), 'JobPosting');
    expect(posting).toMatchObject({
      title,
      hiringOrganization: { name: expect.any(String) },
      jobLocation: expect.any(Object),
      datePosted: expect.any(String),
    });
    expect(Date.parse(posting!.validThrough)).toBeGreaterThan(Date.now());
    await expectNoSeriousAxeViolations(page);

    const [closed] = (await (await request.get('/api/v1/services/vacancies/?is_open=false')).json()).results;
    await page.goto(`/kg/vacancies/${closed.slug}/`);
    await expect(page.getByRole('note')).toContainText('Вакансия закрыта');
    expect(ofType(await jsonLd(page), 'JobPosting')).toEqual([]);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the contacts page lists each office with phone links and a LocalBusiness each', async ({ page }) => {
    await page.goto('/kg/contacts/');
    const offices = page.locator('main li.office');
    expect(await offices.count()).toBeGreaterThan(0);
    await expect(offices.first().locator('a[href^="tel:+"]').first()).toBeVisible();
    // WhatsApp, Telegram and the map (2GIS): the channels clinics here use first.
    await expect(offices.first().getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/996\d+$/,
    );
    await expect(offices.first().getByRole('link', { name: 'Telegram' })).toHaveAttribute(
      'href',
      /^https:\/\/t\.me\/\w+$/,
    );
    await expect(offices.first().getByRole('link', { name: /На карте 2GIS/ })).toHaveAttribute(
      'href',
      /^https:\/\/2gis\.kg\/search\//,
    );
    expect(ofType(await jsonLd(page), 'Store')).toHaveLength(await offices.count());
    await page.getByRole('link', { name: 'Реквизиты и документы' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Документы' })).toBeVisible();
  });

  test('the sitemap lists content, courses and open vacancies', async ({ request, baseURL }) => {
    const xml = await (await request.get('/sitemaps/kg.xml')).text();
    for (const path of [
      '/kg/news/',
      '/kg/articles/',
      '/kg/courses/',
      '/kg/printing/',
      '/kg/vacancies/',
      '/kg/contacts/',
      '/kg/pages/o-kompanii/',
    ]) {
      expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    const [closed] = (await (await request.get('/api/v1/services/vacancies/?is_open=false')).json()).results;
    expect(xml).not.toContain(`/vacancies/${closed.slug}/`);
  });

  test('the footer links every section of the shop', async ({ page }) => {
    await page.goto('/kg/');
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'О компании',
      'Новости',
      'Статьи',
      'Курсы и семинары',
      '3D-печать',
      'Вакансии',
      'Контакты',
      'Доставка',
      'Оплата',
      'Документы',
    ]) {
      await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await footer.getByRole('link', { name: 'Доставка', exact: true }).click();
    await expect(page).toHaveURL(/\/kg\/pages\/dostavka\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Доставка');
  });

  test('on a phone the footer’s link groups are closed accordions that open without script; wider, they are open lists', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/kg/');
    const footer = page.getByRole('contentinfo');
    const groups = footer.locator('details');
    await expect(groups).toHaveCount(3);
    await expect(footer.locator('summary')).toHaveText(['Каталог', 'Покупателям', 'Компания']);
    for (const group of await groups.all()) await expect(group).not.toHaveAttribute('open');
    const delivery = footer.getByRole('link', { name: 'Доставка', exact: true });
    await expect(delivery).toBeHidden();
    const footerHeight = (await footer.boundingBox())!.height;
    expect(footerHeight, 'the phone footer is about one screen long').toBeLessThan(1.5 * 844);

    await footer.locator('summary', { hasText: 'Покупателям' }).click();
    await expect(delivery).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Терапия', exact: true })).toBeHidden();
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize({ width: 1366, height: 900 });
    await expect(footer.locator('summary').first()).toBeHidden();
    await expect(footer.getByRole('heading', { level: 2, name: 'Каталог' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Терапия', exact: true })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'Компания' }).getByRole('link')).toHaveCount(8);
  });
});
