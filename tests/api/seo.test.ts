import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPublications } from '../../src/server/content/publications.service.ts';
import { getDb } from '../../src/server/db/client.ts';
import { api, apiPath, dbRows, listAll, ORIGIN } from '../helpers/api.ts';
import { invalidate } from '../../src/server/cache/invalidation.ts';
import { renderFeed } from '../../src/server/web/feed.ts';

const DAY = 86_400_000;

const listItemShape = {
  id: expect.any(Number),
  slug: expect.stringMatching(/^[a-z0-9-]+$/),
  title: expect.any(String),
  lead: expect.any(String),
  cover: expect.toSatisfy((v: unknown) => v === null || (typeof v === 'string' && v.startsWith('/images/'))),
  cover_alt: expect.any(String),
  seo_title: expect.any(String),
  seo_description: expect.any(String),
  topics: expect.any(Array),
  reading_minutes: expect.any(Number),
  published_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  updated_at: expect.any(String),
};

beforeAll(async () => {
  // A draft, an item scheduled for tomorrow and a script in a body: none may reach a reader as stored.
  await insertPublications(await getDb(), [
    {
      kind: 'news',
      slug: 'draft-news',
      title: 'Черновик',
      lead: '',
      body: '<p>Черновик</p>',
      cover: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      topics: [],
      publishedAt: null,
    },
    {
      kind: 'news',
      slug: 'scheduled-news',
      title: 'Запланированная новость',
      lead: '',
      body: '<p>Завтра</p>',
      cover: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      topics: [],
      publishedAt: new Date(Date.now() + DAY),
    },
    {
      kind: 'article',
      slug: 'unsafe-body',
      title: 'Статья с опасной разметкой',
      lead: 'Проверка очистки',
      body: '<p onclick="x()">Текст<script>alert(1)</script></p><img src="/images/a.svg" onerror="x()" width="10" height="10"><img src="/images/no-size.svg"><a href="javascript:alert(1)">ссылка</a>',
      cover: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      topics: ['адгезия'],
      publishedAt: new Date(Date.now() - 400 * DAY),
    },
  ]);
});

describe('GET /seo/articles/ and /seo/news/', () => {
  it.each([
    ['/seo/articles/', 12],
    ['/seo/news/', 20],
  ])('GET %s lists at least %i published items newest first, without the body', async (path, atLeast) => {
    const { status, body } = await api(path);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThanOrEqual(atLeast);
    expect(body.results).toHaveLength(12);
    for (const item of body.results) {
      expect(item).toEqual(listItemShape);
      expect(item).not.toHaveProperty('body');
    }
    const dates = body.results.map((i: { published_at: string }) => i.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.next).toBe(`${ORIGIN}/api/v1${path}?limit=12&offset=12`);
  });

  it('GET /seo/news/ leaves out drafts and items whose publication date has not come', async () => {
    const slugs = (await listAll('/seo/news/')).map((n) => n.slug);
    expect(slugs).not.toContain('draft-news');
    expect(slugs).not.toContain('scheduled-news');
    const [row] = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from publications where kind = 'news' and published_at <= now()`,
    );
    expect(slugs).toHaveLength(row!.n);
  });

  it('GET /seo/news/{id}/ answers 404 for a draft and for an item scheduled later', async () => {
    const rows = await dbRows<{ id: number }>(
      sql`select id from publications where slug in ('draft-news', 'scheduled-news')`,
    );
    expect(rows).toHaveLength(2);
    for (const { id } of rows) {
      const { status, body } = await api(`/seo/news/${id}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    }
  });

  it('GET /seo/articles/{id}/ answers the article with its sanitised body', async () => {
    const [first] = (await api('/seo/articles/?limit=1')).body.results;
    const { status, body } = await api(`/seo/articles/${first.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual({ ...first, body: expect.stringContaining('<p>') });
    expect(body.reading_minutes).toBeGreaterThanOrEqual(2);
  });

  it('GET /seo/articles/{id}/ answers a body sanitised when it was stored: no scripts, handlers or images without a size', async () => {
    const [row] = await dbRows<{ id: number; body: string }>(
      sql`select id, body from publications where slug = 'unsafe-body'`,
    );
    expect(row!.body).not.toMatch(/script|onclick|onerror|javascript:|no-size/);
    const { body } = await api(`/seo/articles/${row!.id}/`);
    expect(body.body).toBe(row!.body);
    expect(body.body).toContain('<img src="/images/a.svg" width="10" height="10" loading="lazy" decoding="async" />');
  });

  it('the Atom feed drops characters XML 1.0 cannot hold, so a title with U+0001 leaves it valid', async () => {
    await dbRows(
      sql`update publications set title = ${'Новость\u0001 с\u0008 управляющими\u001f символами\uffff'}, lead = ${'Анонс\u000b'}
          where id = (select id from publications where kind = 'news' and published_at <= now() order by published_at desc limit 1)`,
    );
    await invalidate('content');
    const feed = await renderFeed('kg');
    expect(feed).toContain('<title>Новость с управляющими символами</title>');
    expect(feed).toContain('<summary>Анонс</summary>');
    // eslint-disable-next-line no-control-regex -- what XML 1.0 refuses
    expect(feed).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
  });

  it('GET /seo/articles/{id}/ answers 404 for the id of a news item: each kind has its own ids', async () => {
    const [news] = (await api('/seo/news/?limit=1')).body.results;
    expect((await api(`/seo/articles/${news.id}/`)).status).toBe(404);
  });

  it.each([
    '/seo/articles/abc/',
    '/seo/news/1.5/',
    '/seo/site_pages/-1/',
    '/seo/articles/99999999999/',
    '/seo/news/999999/',
  ])('GET %s answers 404 with a JSON detail', async (path) => {
    const { status, body } = await api(path);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it.each(['limit=abc', 'limit=0', 'offset=-1'])(
    'GET /seo/articles/?%s answers 400 in the DRF shape',
    async (query) => {
      const { status, body } = await api(`/seo/articles/?${query}`);
      expect(status).toBe(400);
      expect(Object.values(body).flat()).toEqual([expect.any(String)]);
    },
  );

  it('GET /seo/news/ answers public caching with an ETag, and 304 to a matching If-None-Match', async () => {
    const first = await api('/seo/news/');
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await api('/seo/news/', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });
});

describe('GET /seo/site_pages/', () => {
  it('GET /seo/site_pages/ lists the shop pages a buyer looks for', async () => {
    const slugs = (await listAll('/seo/site_pages/')).map((p) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['o-kompanii', 'dostavka', 'oplata', 'garantiya-i-vozvrat', 'kontakty']),
    );
  });

  it('GET /seo/site_pages/?page=2&limit=2 reads page 2 as offset 2, and page wins over offset', async () => {
    const all = await listAll('/seo/site_pages/');
    const { body } = await api('/seo/site_pages/?page=2&limit=2');
    expect(body.results.map((p: { id: number }) => p.id)).toEqual(all.slice(2, 4).map((p) => p.id));
    const both = await api('/seo/site_pages/?page=2&limit=2&offset=0');
    expect(both.body.results).toEqual(body.results);
    // The links speak in offsets, so following them never lands on page 2 again.
    expect(body.previous).toBe(`${ORIGIN}/api/v1/seo/site_pages/?limit=2`);
    if (body.next)
      expect((await api(apiPath(body.next))).body.results.map((p: { id: number }) => p.id)).toEqual(
        all.slice(4, 6).map((p) => p.id),
      );
  });

  it.each(['page=0', 'page=abc', 'page=-2'])('GET /seo/site_pages/?%s answers 400', async (query) => {
    const { status, body } = await api(`/seo/site_pages/?${query}`);
    expect(status).toBe(400);
    expect(body.page).toEqual([expect.any(String)]);
  });

  it('GET /seo/site_pages/?page=999999999 answers an empty page, not an error', async () => {
    const { status, body } = await api('/seo/site_pages/?page=999999999');
    expect(status).toBe(200);
    expect(body.results).toEqual([]);
  });

  it('GET /seo/site_pages/{id}/ answers the page with its body', async () => {
    const [about] = (await listAll('/seo/site_pages/')).filter((p) => p.slug === 'o-kompanii');
    const { status, body } = await api(`/seo/site_pages/${about.id}/`);
    expect(status).toBe(200);
    expect(body.title).toBeTruthy();
    expect(body.body.length).toBeGreaterThan(200);
  });
});
