import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dbRows, listAll, ORIGIN, qs } from '../helpers/api.ts';

interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  children: CategoryNode[];
}

type Params = Record<string, string | number | boolean | undefined>;
const spec = (slug: string, value: string) => `${encodeURIComponent(slug)}:${encodeURIComponent(value)}`;

/** Ids of the products matching the filters in any country (list answers are per country). */
async function productIdsEverywhere(params: Params): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const country of ['kg', 'kz']) {
    for (const item of await listAll(`/products/products/?${qs({ ...params, country })}`)) ids.add(item.id);
  }
  return ids;
}

describe('GET /products/categories/', () => {
  let tree: CategoryNode[];
  const flatten = (nodes: CategoryNode[], depth = 1): { node: CategoryNode; depth: number; path: CategoryNode[] }[] =>
    nodes.flatMap((node) => [
      { node, depth, path: [] },
      ...flatten(node.children, depth + 1).map((entry) => ({ ...entry, path: [node, ...entry.path] })),
    ]);

  beforeAll(async () => {
    const { status, body } = await api('/products/categories/');
    expect(status).toBe(200);
    tree = body;
  });

  it('GET /products/categories/ answers a three-level tree of at least 30 categories', async () => {
    const all = flatten(tree);
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...all.map((entry) => entry.depth))).toBe(3);
    expect(new Set(all.map((entry) => entry.node.slug)).size).toBe(all.length);
    for (const { node } of all) {
      expect(node).toEqual({
        id: expect.any(Number),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        name: expect.any(String),
        image: node.image === null ? null : expect.stringMatching(/^\//),
        children: expect.any(Array),
      });
    }
  });

  it('GET /products/categories/ lists every active category of the database once', async () => {
    const rows = await dbRows<{ n: number }>(sql`select count(*)::int as n from categories where is_active`);
    expect(flatten(tree).length).toBe(rows[0]!.n);
  });

  it('GET /products/categories/{slug}/ answers a top-level category with its children and no parent', async () => {
    const root = tree[0]!;
    const { status, body } = await api(`/products/categories/${root.slug}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: root.id,
      slug: root.slug,
      name: root.name,
      image: root.image,
      parent: null,
      ancestors: [],
    });
    expect(body.children).toEqual(root.children);
    expect(typeof body.description).toBe('string');
  });

  it('GET /products/categories/{slug}/ answers a third-level category with its ancestors root first', async () => {
    const leaf = flatten(tree).find((entry) => entry.depth === 3)!;
    const { status, body } = await api(`/products/categories/${leaf.node.slug}/`);
    expect(status).toBe(200);
    const links = leaf.path.map(({ id, slug, name }) => ({ id, slug, name }));
    expect(body.ancestors).toEqual(links);
    expect(body.parent).toEqual(links.at(-1));
    expect(body.children).toEqual([]);
  });

  it('GET /products/categories/{slug}/ answers a second-level category with its parent and children', async () => {
    const middle = flatten(tree).find((entry) => entry.depth === 2 && entry.node.children.length > 0)!;
    const { body } = await api(`/products/categories/${middle.node.slug}/`);
    const root = middle.path[0]!;
    expect(body.parent).toEqual({ id: root.id, slug: root.slug, name: root.name });
    expect(body.ancestors).toEqual([body.parent]);
    expect(body.children).toEqual(middle.node.children);
  });

  it('GET /products/categories/{slug}/ answers 404 for an unknown slug', async () => {
    const { status, body } = await api('/products/categories/no-such-category/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it('GET /products/categories/{slug}/ answers 404 for a slug longer than 200 characters, without asking the database', async () => {
    const { status, body } = await api(`/products/categories/${'k'.repeat(201)}/`);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });
});

describe('GET /products/brands/', () => {
  it('GET /products/brands/ answers the first 12 brands by default', async () => {
    const [{ n }] = await dbRows<{ n: number }>(sql`select count(*)::int as n from brands`);
    const { status, body } = await api('/products/brands/');
    expect(status).toBe(200);
    expect(body.count).toBe(n);
    expect(body.results).toHaveLength(12);
    expect(body.previous).toBeNull();
    expect(body.next).toBe(`${ORIGIN}/api/v1/products/brands/?limit=12&offset=12`);
    for (const brand of body.results) {
      expect(brand).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        origin: expect.any(String),
        description: expect.any(String),
        logo: brand.logo === null ? null : expect.any(String),
      });
    }
  });

  it('GET /products/brands/ lists every brand once, ordered by name', async () => {
    const brands = await listAll('/products/brands/');
    const [{ n }] = await dbRows<{ n: number }>(sql`select count(*)::int as n from brands`);
    expect(brands).toHaveLength(n);
    expect(new Set(brands.map((b) => b.id)).size).toBe(n);
    const names = brands.map((b) => b.name);
    const values = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const ordered = await dbRows<{ n: string }>(sql`select n from unnest(array[${values}]::text[]) as t(n) order by n`);
    expect(names).toEqual(ordered.map((row) => row.n));
  });

  it('GET /products/brands/ pages with limit and offset', async () => {
    const all = await listAll('/products/brands/');
    const { body } = await api('/products/brands/?limit=5&offset=5');
    expect(body.results).toEqual(all.slice(5, 10));
    expect(body.previous).toBe(`${ORIGIN}/api/v1/products/brands/?limit=5`);
    expect(body.next).toBe(`${ORIGIN}/api/v1/products/brands/?limit=5&offset=10`);
  });

  it('GET /products/brands/ caps limit at 100', async () => {
    const { body } = await api('/products/brands/?limit=500');
    expect(body.results).toHaveLength(Math.min(100, body.count));
    expect(body.next).toBeNull();
  });

  it.each(['endodontiya', 'kompozity'])(
    'GET /products/brands/ with category=%s lists exactly the brands with products in that subtree',
    async (category) => {
      const brands = await listAll(`/products/brands/?${qs({ category })}`);
      const expected = new Set<string>();
      for (const country of ['kg', 'kz']) {
        for (const item of await listAll(`/products/products/?${qs({ category, country })}`))
          expected.add(item.brand.slug);
      }
      expect(brands.length).toBeGreaterThan(1);
      expect(new Set(brands.map((b) => b.slug))).toEqual(expected);
      expect(brands.length).toBeLessThan((await api('/products/brands/')).body.count);
    },
  );

  it('GET /products/brands/ answers 400 for an unknown category', async () => {
    const { status, body } = await api('/products/brands/?category=no-such-category');
    expect(status).toBe(400);
    expect(body.category).toEqual([expect.any(String)]);
  });

  it.each([
    ['limit=0', 'limit'],
    ['offset=-3', 'offset'],
    ['limit=ten', 'limit'],
  ])('GET /products/brands/ answers 400 for %s', async (query, field) => {
    const { status, body } = await api(`/products/brands/?${query}`);
    expect(status).toBe(400);
    expect(body[field]).toEqual([expect.any(String)]);
  });
});

describe('GET /products/brands/{id}/', () => {
  it('GET /products/brands/{id}/ answers the brand as the list shows it', async () => {
    const listed = (await api('/products/brands/?limit=3&offset=4')).body.results[2];
    const { status, body } = await api(`/products/brands/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
  });

  it.each(['999999', '0'])('GET /products/brands/{id}/ answers 404 for the unknown id %s', async (id) => {
    const { status, body } = await api(`/products/brands/${id}/`);
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it.each(['abc', '-1', '1.5', 'gc'])(
    'GET /products/brands/{id}/ answers 404 for the non-numeric id %s',
    async (id) => {
      const { status, body } = await api(`/products/brands/${id}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    },
  );
});

describe('GET /products/specifications/', () => {
  it('GET /products/specifications/ answers the first 12 specifications with their values', async () => {
    const [{ n }] = await dbRows<{ n: number }>(sql`select count(*)::int as n from specifications`);
    const { status, body } = await api('/products/specifications/');
    expect(status).toBe(200);
    expect(body.count).toBe(n);
    expect(body.results).toHaveLength(Math.min(12, n));
    expect(body.next).toBe(n > 12 ? `${ORIGIN}/api/v1/products/specifications/?limit=12&offset=12` : null);
    for (const item of body.results) {
      expect(item).toMatchObject({
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.any(String),
        is_filter: expect.any(Boolean),
      });
      expect(['number', 'text']).toContain(item.kind);
      for (const value of item.values) expect(value).toEqual({ value: expect.any(String), count: expect.any(Number) });
      expect(item.values.every((v: { count: number }) => v.count > 0)).toBe(true);
    }
  });

  it('GET /products/specifications/ sorts the values of numeric specifications by number', async () => {
    const numeric = (await listAll('/products/specifications/')).filter(
      (s) => s.kind === 'number' && s.values.length > 2,
    );
    expect(numeric.length).toBeGreaterThan(0);
    for (const item of numeric) {
      const numbers = item.values.map((v: { value: string }) => Number(v.value.replace(',', '.')));
      expect(numbers, item.slug).toEqual([...numbers].sort((a, b) => a - b));
    }
  });

  it('GET /products/specifications/ counts each value over the products of every country', async () => {
    const shade = (await listAll('/products/specifications/')).find((s) => s.slug === 'ottenok-vita');
    for (const { value, count } of shade.values.slice(0, 3)) {
      expect((await productIdsEverywhere({ specifications: spec('ottenok-vita', value) })).size, value).toBe(count);
    }
  });

  it('GET /products/specifications/ splits into filters and non-filters with is_filter', async () => {
    const all = await listAll('/products/specifications/');
    const filters = await listAll('/products/specifications/?is_filter=true');
    const others = await listAll('/products/specifications/?is_filter=false');
    expect(filters.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    expect(filters.every((s) => s.is_filter)).toBe(true);
    expect(others.every((s) => !s.is_filter)).toBe(true);
    expect(filters.length + others.length).toBe(all.length);
  });

  it('GET /products/specifications/ with category__slug lists only specifications of that subtree, counted within it', async () => {
    const category = 'kompozity';
    const inCategory = await listAll(`/products/specifications/?${qs({ category__slug: category })}`);
    const all = await listAll('/products/specifications/');
    expect(inCategory.length).toBeGreaterThan(1);
    expect(inCategory.length).toBeLessThan(all.length);
    const subtree = await productIdsEverywhere({ category });
    for (const item of inCategory) {
      expect(item.values.length, item.slug).toBeGreaterThan(0);
      for (const { value, count } of item.values) {
        const withValue = await productIdsEverywhere({ category, specifications: spec(item.slug, value) });
        expect(withValue.size, `${item.slug}:${value}`).toBe(count);
        expect([...withValue].every((id) => subtree.has(id))).toBe(true);
      }
    }
  });

  it('GET /products/specifications/ with a top-level category__slug includes its subcategories', async () => {
    const top = await listAll('/products/specifications/?category__slug=terapiya');
    const leaf = await listAll('/products/specifications/?category__slug=kompozity');
    const topShade = top.find((s) => s.slug === 'ottenok-vita');
    const leafShade = leaf.find((s) => s.slug === 'ottenok-vita');
    for (const { value, count } of leafShade.values) {
      expect(topShade.values.find((v: { value: string }) => v.value === value).count).toBeGreaterThanOrEqual(count);
    }
    expect(top.length).toBeGreaterThanOrEqual(leaf.length);
  });

  it.each([
    ['category__slug=no-such-category', 'category__slug'],
    ['is_filter=maybe', 'is_filter'],
    ['limit=0', 'limit'],
    ['offset=x', 'offset'],
  ])('GET /products/specifications/ answers 400 for %s', async (query, field) => {
    const { status, body } = await api(`/products/specifications/?${query}`);
    expect(status).toBe(400);
    expect(body[field]).toEqual([expect.any(String)]);
  });
});

describe('GET /products/specifications/{id}/', () => {
  it('GET /products/specifications/{id}/ answers the specification as the unfiltered list shows it', async () => {
    const listed = (await listAll('/products/specifications/')).find((s) => s.slug === 'massa');
    const { status, body } = await api(`/products/specifications/${listed.id}/`);
    expect(status).toBe(200);
    expect(body).toEqual(listed);
  });

  it('GET /products/specifications/{id}/ answers 404 for an unknown id', async () => {
    const { status, body } = await api('/products/specifications/999999/');
    expect(status).toBe(404);
    expect(body).toEqual({ detail: 'Not found.' });
  });

  it.each(['abc', 'massa', '-2'])(
    'GET /products/specifications/{id}/ answers 404 for the non-numeric id %s',
    async (id) => {
      const { status, body } = await api(`/products/specifications/${id}/`);
      expect(status).toBe(404);
      expect(body).toEqual({ detail: 'Not found.' });
    },
  );
});
