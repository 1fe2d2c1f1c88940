import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, dbRows, listAll, ORIGIN } from '../helpers/api.ts';

const decimal = /^\d+\.\d+$/;

describe('GET /core/exchanges/', () => {
  it('GET /core/exchanges/ lists rates newest first with decimal strings', async () => {
    const { status, body } = await api('/core/exchanges/');
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(1);
    expect(body.results).toHaveLength(Math.min(12, body.count));
    const dates = body.results.map((e: { date: string }) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const rate of body.results) {
      expect(rate).toEqual({
        id: expect.any(Number),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        kgs: expect.stringMatching(decimal),
        kzt: expect.stringMatching(decimal),
        usd: expect.stringMatching(decimal),
        rub: expect.stringMatching(decimal),
      });
      // Rates are units per 1 KGS.
      expect(Number(rate.kgs)).toBe(1);
      expect(Number(rate.kzt)).toBeGreaterThan(1);
    }
  });

  it('GET /core/exchanges/ puts the current rate, the one with the latest date, first', async () => {
    const [latest] = await dbRows<{ date: string }>(sql`select max(date)::text as date from exchanges`);
    const { body } = await api('/core/exchanges/?limit=1');
    expect(body.results[0].date).toBe(latest!.date);
    expect(body.next).toBe(`${ORIGIN}/api/v1/core/exchanges/?limit=1&offset=1`);
  });

  it('GET /core/exchanges/ pages with limit and offset', async () => {
    const all = await listAll('/core/exchanges/');
    const { body } = await api('/core/exchanges/?limit=2&offset=1');
    expect(body.results).toEqual(all.slice(1, 3));
    expect(body.previous).toBe(`${ORIGIN}/api/v1/core/exchanges/?limit=2`);
  });

  it.each([
    ['limit=0', 'limit'],
    ['offset=-1', 'offset'],
  ])('GET /core/exchanges/ answers 400 for %s', async (query, field) => {
    const { status, body } = await api(`/core/exchanges/?${query}`);
    expect(status).toBe(400);
    expect(body[field]).toEqual([expect.any(String)]);
  });
});

describe('GET /core/exchanges/{id}/', () => {
  it('GET /core/exchanges/{id}/ answers the rate as the list shows it', async () => {
    const listed = (await api('/core/exchanges/')).body.results[1];
    const { status, body } = await api(`/core/exchanges/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
  });

  it('GET /core/exchanges/{id}/ answers 404 for an unknown id', async () => {
    const { status, body } = await api('/core/exchanges/999999/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('GET /core/exchanges/{id}/ answers 404 for a non-numeric id', async () => {
    const { status, body } = await api('/core/exchanges/latest/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /core/contacts/', () => {
  it('GET /core/contacts/ lists the contacts of every country without country', async () => {
    const { status, body } = await api('/core/contacts/');
    expect(status).toBe(200);
    expect(new Set(body.results.map((c: { country: string }) => c.country))).toEqual(new Set(['kg', 'kz']));
    for (const contact of body.results) {
      expect(contact).toEqual({
        id: expect.any(Number),
        country: expect.any(String),
        city: expect.any(String),
        address: expect.any(String),
        phones: expect.arrayContaining([expect.stringMatching(/^\+\d/)]),
        email: expect.stringContaining('@'),
        working_hours: expect.any(String),
        whatsapp: expect.stringMatching(/^(\+\d{10,15})?$/),
        telegram: expect.any(String),
      });
    }
  });

  it.each(['kz', 'kg'])('GET /core/contacts/ with country=%s lists only that country', async (country) => {
    const everywhere = await listAll('/core/contacts/');
    const { status, body } = await api(`/core/contacts/?country=${country}`);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results.every((c: { country: string }) => c.country === country)).toBe(true);
    expect(body.results).toEqual(everywhere.filter((c) => c.country === country));
  });

  it('GET /core/contacts/ answers 400 for an unknown country', async () => {
    const { status, body } = await api('/core/contacts/?country=ru');
    expect(status).toBe(400);
    expect(body.country).toEqual([expect.any(String)]);
  });
});

describe('GET /core/contacts/{id}/', () => {
  it('GET /core/contacts/{id}/ answers the contact as the list shows it', async () => {
    const listed = (await api('/core/contacts/?country=kz')).body.results[0];
    const { status, body } = await api(`/core/contacts/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
  });

  it('GET /core/contacts/{id}/ answers 404 for an unknown id', async () => {
    const { status, body } = await api('/core/contacts/999999/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('GET /core/contacts/{id}/ answers 404 for a non-numeric id', async () => {
    const { status, body } = await api('/core/contacts/bishkek/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /core/banners/', () => {
  it('GET /core/banners/ lists every active banner without country', async () => {
    const [{ n }] = await dbRows<{ n: number }>(sql`select count(*)::int as n from banners where is_active`);
    const { status, body } = await api('/core/banners/');
    expect(status).toBe(200);
    expect(body.count).toBe(n);
    for (const banner of body.results) {
      expect(banner).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        subtitle: expect.any(String),
        image: expect.any(String),
        link: expect.any(String),
        country: banner.country === null ? null : expect.stringMatching(/^(kg|kz)$/),
      });
    }
  });

  it.each([
    ['kz', 'kg'],
    ['kg', 'kz'],
  ])(
    'GET /core/banners/ with country=%s lists banners for every country and its own, not those of %s',
    async (country, other) => {
      const everywhere = await listAll('/core/banners/');
      expect(everywhere.some((b) => b.country === other)).toBe(true);
      const { status, body } = await api(`/core/banners/?country=${country}`);
      expect(status).toBe(200);
      expect(body.results).toEqual(everywhere.filter((b) => b.country === null || b.country === country));
      expect(body.results.some((b: { country: string | null }) => b.country === null)).toBe(true);
    },
  );

  it('GET /core/banners/ answers 400 for an unknown country', async () => {
    const { status, body } = await api('/core/banners/?country=kgz');
    expect(status).toBe(400);
    expect(body.country).toEqual([expect.any(String)]);
  });
});

describe('GET /core/banners/{id}/', () => {
  it('GET /core/banners/{id}/ answers the banner as the list shows it', async () => {
    const listed = (await api('/core/banners/')).body.results.at(-1);
    const { status, body } = await api(`/core/banners/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
  });

  it('GET /core/banners/{id}/ answers 404 for an unknown id', async () => {
    const { status, body } = await api('/core/banners/999999/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('GET /core/banners/{id}/ answers 404 for a non-numeric id', async () => {
    const { status, body } = await api('/core/banners/first/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /core/documents/', () => {
  it('GET /core/documents/ lists the documents', async () => {
    const { status, body } = await api('/core/documents/');
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(1);
    for (const document of body.results) {
      expect(document).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        document_type: expect.any(String),
        title: expect.any(String),
        content: expect.any(String),
        file: document.file === null ? null : expect.any(String),
      });
    }
  });

  it('GET /core/documents/ with document_type lists only documents of that type', async () => {
    const everywhere = await listAll('/core/documents/');
    const type = everywhere[0].document_type;
    const { status, body } = await api(`/core/documents/?document_type=${type}`);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    expect(body.results).toEqual(everywhere.filter((d) => d.document_type === type));
    expect(body.count).toBeLessThan(everywhere.length);
  });

  it('GET /core/documents/ with an unknown document_type answers an empty list', async () => {
    const { status, body } = await api('/core/documents/?document_type=no-such-type');
    expect(status).toBe(200);
    expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it.each([
    [`document_type=${'x'.repeat(51)}`, 'document_type'],
    ['limit=0', 'limit'],
  ])('GET /core/documents/ answers 400 for %s', async (query, field) => {
    const { status, body } = await api(`/core/documents/?${query}`);
    expect(status).toBe(400);
    expect(body[field]).toEqual([expect.any(String)]);
  });
});
