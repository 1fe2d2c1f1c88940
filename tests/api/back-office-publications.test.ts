import { describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';
import { expectStaffOnly } from '../helpers/staff-access.ts';

const news = {
  kind: 'news',
  title: 'Новое поступление Filtek Universal',
  lead: 'Композит 3M снова в наличии.',
  body: '<p>Все оттенки на складе.</p><script>alert(1)</script><a href="javascript:alert(1)">ссылка</a>',
  topics: ['композиты'],
};

describe('the back office: news, articles and site pages', () => {
  it('keeps every route to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/publications/'],
      ['GET', '/staff/publications/1/'],
      ['POST', '/staff/publications/'],
      ['PATCH', '/staff/publications/1/'],
      ['DELETE', '/staff/publications/1/'],
    ]);
  });

  it('writes a draft the site does not show, publishes it at once, sanitised, and the site shows it', async () => {
    const token = await staffAccess();
    const draft = await api('/staff/publications/', { method: 'POST', token, json: news });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      kind: 'news',
      slug: 'novoe-postuplenie-filtek-universal',
      state: 'draft',
      url: null,
      published_at: null,
      topics: ['композиты'],
    });
    expect(draft.body.body).toContain('Все оттенки на складе.');
    expect(draft.body.body).not.toMatch(/script|javascript:/);
    const id = draft.body.id as number;
    expect((await api(`/seo/news/${id}/`)).status).toBe(404);

    const published = await api(`/staff/publications/${id}/`, {
      method: 'PATCH',
      token,
      json: { published_at: new Date(Date.now() - 1000).toISOString(), title: 'Filtek Universal снова в наличии' },
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({
      state: 'published',
      url: '/kg/news/novoe-postuplenie-filtek-universal/',
      title: 'Filtek Universal снова в наличии',
      lead: news.lead,
    });
    const onSite = await api(`/seo/news/${id}/`);
    expect(onSite.status).toBe(200);
    expect(onSite.body.title).toBe('Filtek Universal снова в наличии');

    const later = await api(`/staff/publications/${id}/`, {
      method: 'PATCH',
      token,
      json: { published_at: new Date(Date.now() + 86_400_000).toISOString() },
    });
    expect(later.body.state).toBe('scheduled');
    expect((await api(`/seo/news/${id}/`)).status).toBe(404);

    const listed = await api('/staff/publications/?kind=news&state=scheduled&search=filtek', { token });
    expect(listed.body.results.map((p: { id: number }) => p.id)).toEqual([id]);

    expect((await api(`/staff/publications/${id}/`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/staff/publications/${id}/`, { token })).status).toBe(404);
    expect((await api(`/staff/publications/${id}/`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('refuses what cannot be published, per field, and a slug its section already has', async () => {
    const token = await staffAccess();
    const first = await api('/staff/publications/', {
      method: 'POST',
      token,
      json: { kind: 'page', title: 'Условия доставки', slug: 'usloviya-dostavki-test' },
    });
    expect(first.status).toBe(201);
    const taken = await api('/staff/publications/', {
      method: 'POST',
      token,
      json: { kind: 'page', title: 'Другая', slug: 'usloviya-dostavki-test' },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.slug[0]).toContain('занят');
    // Another section may use the same slug.
    expect(
      (
        await api('/staff/publications/', {
          method: 'POST',
          token,
          json: { kind: 'article', title: 'Статья', slug: 'usloviya-dostavki-test' },
        })
      ).status,
    ).toBe(201);
    const bad = await api('/staff/publications/', {
      method: 'POST',
      token,
      json: {
        kind: 'blog',
        title: '',
        slug: 'Не латиница',
        cover: 'javascript:alert(1)',
        published_at: 'завтра',
        topics: Array(21).fill('x'),
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cover', 'kind', 'published_at', 'slug', 'title', 'topics']);
    const renamed = await api(`/staff/publications/${first.body.id}/`, {
      method: 'PATCH',
      token,
      json: { slug: 'usloviya-dostavki-test-2', cover: '/images/delivery.jpg', cover_alt: 'Курьер с коробкой' },
    });
    expect(renamed.body).toMatchObject({ slug: 'usloviya-dostavki-test-2', cover: '/images/delivery.jpg' });
  });
});
