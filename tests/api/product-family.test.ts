import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { orderBody, setStock } from '../helpers/orders.ts';

const Z250 = 'filtek-z250-kompozit-shpric-4-g-ottenok-a1';

describe('GET /products/products/{slug}/ family', () => {
  it('lists the shades of a product line with what tells them apart, the current one marked', async () => {
    const { status, body } = await api(`/products/products/${Z250}/?country=kg`);
    expect(status).toBe(200);
    expect(body.family).toBe('3M-Z250');
    expect(body.family_members.map((m: any) => m.label)).toEqual(['A1', 'A2', 'A3', 'A3.5', 'B2']);
    expect(body.family_members.filter((m: any) => m.current).map((m: any) => m.slug)).toEqual([Z250]);
    for (const member of body.family_members) {
      expect(member).toEqual({
        id: expect.any(Number),
        slug: expect.any(String),
        name: expect.stringContaining('Filtek Z250'),
        label: expect.any(String),
        available: expect.any(Boolean),
        in_stock: expect.any(Boolean),
        current: expect.any(Boolean),
      });
    }
  });

  it('tells sizes apart by their differing specification, and a product on its own has no family', async () => {
    const [sized] = await dbRows<{ slug: string }>(sql`select slug from products where sku = 'OS-AOSS-025G'`);
    const { body } = await api(`/products/products/${sized!.slug}/?country=kg`);
    expect(body.family_members.length).toBeGreaterThan(1);
    expect(new Set(body.family_members.map((m: any) => m.label)).size).toBe(body.family_members.length);
    expect(body.family_members.find((m: any) => m.current).label).toMatch(/0[.,]25/);

    const [single] = await dbRows<{ slug: string }>(
      sql`select slug from products where family is null and is_active limit 1`,
    );
    const alone = await api(`/products/products/${single!.slug}/?country=kg`);
    expect(alone.body.family).toBeNull();
    expect(alone.body.family_members).toEqual([]);
  });

  it('reports a member out of stock in the country', async () => {
    const [member] = await dbRows<{ id: number }>(sql`select id from products where sku = 'VC-ADF-A3'`);
    await setStock(member!.id, 0);
    const [other] = await dbRows<{ slug: string }>(sql`select slug from products where sku = 'VC-ADF-A2'`);
    const { body } = await api(`/products/products/${other!.slug}/?country=kg`);
    expect(body.family_members.find((m: any) => m.id === member!.id)).toMatchObject({
      in_stock: false,
      available: true,
      label: 'A3',
    });
  });
});

describe('GET /products/products/{slug}/related/', () => {
  it('answers 404 for an unknown product', async () => {
    expect((await api('/products/products/no-such-product/related/?country=kg')).status).toBe(404);
  });

  it('offers the category’s other families, one product each, never the product’s own family', async () => {
    const { status, body } = await api(`/products/products/${Z250}/related/?country=kg`);
    expect(status).toBe(200);
    const families = new Set<string>();
    for (const item of body.same_category) {
      expect(item.category.slug).toBe('kompozity');
      expect(item.in_stock).toBe(true);
      expect(item.name).not.toContain('Filtek Z250');
      const [row] = await dbRows<{ family: string | null }>(sql`select family from products where id = ${item.id}`);
      if (row!.family) {
        expect(families.has(row!.family)).toBe(false);
        families.add(row!.family);
      }
    }
    expect(body.same_category.length).toBeGreaterThan(2);
    // No orders yet: «С этим покупают» comes from the composites' companions (adhesive, etching gel, polishing
    // discs, matrices), taking turns, never from the substitutes beside them (flowable composites, cements).
    expect(body.bought_with.length).toBeGreaterThan(3);
    const companions = ['adgezivy', 'travilnye-geli', 'polirovochnye-diski', 'matricy-i-klinya'];
    expect(body.bought_with.every((item: any) => companions.includes(item.category.slug) && item.in_stock)).toBe(true);
    expect(body.bought_with.slice(0, 3).map((item: any) => item.category.slug)).toEqual(companions.slice(0, 3));
  });

  it('puts what was ordered together first', async () => {
    const [a, b] = await dbRows<{ id: number; slug: string }>(
      sql`select id, slug from products where family is null and is_active and category_id <> (select category_id from products where sku = 'GC-GRD-A2') order by id desc limit 2`,
    );
    const [composite] = await dbRows<{ id: number; slug: string }>(
      sql`select id, slug from products where sku = 'GC-GRD-A2'`,
    );
    for (const p of [a!, b!, composite!]) await setStock(p.id, 50);
    const { tokens } = await signedIn();
    const order = await api('/orders/order_create/', {
      method: 'POST',
      token: tokens.access,
      json: orderBody([
        { product: composite!.id, quantity: 1 },
        { product: a!.id, quantity: 1 },
        { product: b!.id, quantity: 2 },
      ]),
    });
    expect(order.status).toBe(201);
    const { body } = await api(`/products/products/${composite!.slug}/related/?country=kg`);
    expect(
      body.bought_with
        .slice(0, 2)
        .map((item: any) => item.id)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
  });
});

describe('migration 0013_product_families', () => {
  it('backfills an existing catalog: every product it puts in a family shares it with the demo seed’s family', async () => {
    const backfill = readFileSync(
      new URL('../../src/server/db/migrations/0013_product_families.sql', import.meta.url),
      'utf8',
    )
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE'))!;
    const seeded = await dbRows<{ id: number; family: string | null }>(
      sql`select id, family from products order by id`,
    );
    try {
      await dbRows(sql`update products set family = null`);
      await dbRows(sql.raw(backfill));
      const found = await dbRows<{ id: number; family: string | null }>(
        sql`select id, family from products order by id`,
      );
      const seededFamily = new Map(seeded.map((row) => [row.id, row.family]));
      const inFamilies = found.filter((row) => row.family !== null);
      expect(inFamilies.length).toBeGreaterThan(seeded.filter((row) => row.family !== null).length * 0.7);
      // A recovered family never mixes two of the seed's families or a product that stands alone.
      const bySeed = new Map<string, Set<string | null>>();
      for (const row of inFamilies) {
        const set = bySeed.get(row.family!) ?? new Set();
        set.add(seededFamily.get(row.id) ?? null);
        bySeed.set(row.family!, set);
      }
      for (const [family, seeds] of bySeed) expect([family, [...seeds]]).toEqual([family, [expect.any(String)]]);
    } finally {
      await dbRows(
        sql`update products p set family = j.family from json_to_recordset(${JSON.stringify(seeded)}::json) as j(id int, family text) where p.id = j.id`,
      );
    }
  });
});
