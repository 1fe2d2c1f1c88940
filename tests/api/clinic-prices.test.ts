import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiListener } from '../../src/server/api/node-listener.ts';
import { createShopServer } from '../../src/server/http/shop-server.ts';
import { mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { clinicWith, createClinic, join } from '../helpers/clinics.ts';
import { giveCompletedOrder, orderBody, setStock } from '../helpers/orders.ts';

// Contract prices (issue 37): a clinic's price list on every product read of its members and in the total of
// the orders placed for it; never shown to a visitor or another clinic, through any cache.

interface Product {
  id: number;
  slug: string;
  sku: string;
  name: string;
  price: string;
  brand_id: number | null;
  category_id: number;
  parent_id: number | null;
}

/** Whole units of `price` less `percent`, half up: how the shop rounds a discounted som price. */
const less = (price: string, percent: number) =>
  `${Math.round((Math.round(Number(price) * 100) * (100 - percent)) / 10_000)}.00`;

let products: Product[] = [];
let server: http.Server;
let origin = '';

beforeAll(async () => {
  // Four products of kg, each in a category with a parent, of four brands, none in another's category tree.
  products = await dbRows<Product>(
    sql`select distinct on (p.brand_id) p.id, p.slug, p.sku, p.name, o.price::text as price, p.brand_id,
          p.category_id, c.parent_id
        from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
        join categories c on c.id = p.category_id
        where p.is_active and p.brand_id is not null and c.parent_id is not null and o.price > 100
        order by p.brand_id, p.id desc`,
  );
  const parents = new Set<number>();
  products = products.filter((p) => !parents.has(p.parent_id!) && parents.add(p.parent_id!)).slice(0, 4);
  expect(products).toHaveLength(4);
  for (const p of products) await setStock(p.id, 50);

  const answerApi = apiListener();
  ({ server } = createShopServer({
    render: (req, res) => void answerApi(req, res),
    siteUrl: 'http://shop.test',
    cache: { maxBytes: 10_000_000 },
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A price list of kg: 5 % overall, 10 % for the second product's brand, 20 % for the third's parent category, a fixed price for the fourth. */
async function priceList(name: string) {
  const [all, byBrand, byCategory, fixed] = products as [Product, Product, Product, Product];
  const [list] = await dbRows<{ id: number }>(
    sql`insert into price_lists (name, country) values (${`${name} ${Date.now()}`}, 'kg') returning id`,
  );
  await dbRows(
    sql`insert into price_list_rules (price_list_id, scope, brand_id, category_id, percent) values
        (${list!.id}, 'all', null, null, 5),
        (${list!.id}, 'brand', ${byBrand.brand_id}, null, 10),
        (${list!.id}, 'category', null, ${byCategory.parent_id}, 20)`,
  );
  const fixedPrice = `${Math.floor(Number(fixed.price) / 2)}.50`;
  await dbRows(
    sql`insert into price_list_prices (price_list_id, product_id, price) values (${list!.id}, ${fixed.id}, ${fixedPrice})`,
  );
  return {
    id: list!.id,
    expected: new Map([
      [all.id, less(all.price, 5)],
      [byBrand.id, less(byBrand.price, 10)],
      [byCategory.id, less(byCategory.price, 20)],
      [fixed.id, fixedPrice],
    ]),
  };
}

async function memberWithPrices(name: string) {
  const { owner, member, clinic } = await clinicWith('buyer');
  const list = await priceList(name);
  await dbRows(sql`update clinics set price_list_id = ${list.id} where id = ${clinic.id}`);
  return { owner, member, clinic, expected: list.expected };
}

const idsQuery = () => `/products/products/?country=kg&ids=${products.map((p) => p.id).join(',')}`;

/** Prices by product id in a list answer. */
const pricesOf = (body: { results: { id: number; price: string; list_price: string }[] }) =>
  new Map(body.results.map((r) => [r.id, { price: r.price, list: r.list_price }]));

/** Through the shop's server and its response cache, as a browser or a CDN would ask. */
async function viaShop(path: string, token?: string) {
  const response = await fetch(`${origin}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    xCache: response.headers.get('x-cache'),
    body: await response.json(),
  };
}

describe('contract prices', () => {
  it('price every product read of a member by the most specific term, beside the public price, privately', async () => {
    const { member, expected } = await memberWithPrices('Договор A');
    const token = member.tokens.access;

    const list = await api(idsQuery(), { token });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    const seen = pricesOf(list.body);
    for (const p of products) expect(seen.get(p.id)).toEqual({ price: expected.get(p.id), list: p.price });

    const [first, , third] = products as [Product, Product, Product, Product];
    const detail = await api(`/products/products/${third.slug}/?country=kg`, { token });
    expect(detail.headers.get('cache-control')).toBe('private, no-store');
    expect(detail.body).toMatchObject({ price: expected.get(third.id), list_price: third.price });

    const search = await api(`/products/products/?country=kg&search=${encodeURIComponent(first.sku)}`, { token });
    const found = search.body.results.find((r: { id: number }) => r.id === first.id);
    expect(found).toMatchObject({ price: expected.get(first.id), list_price: first.price });

    const lines = await api('/products/resolve_lines/', {
      method: 'POST',
      token,
      json: { country: 'kg', text: products.map((p) => `${p.sku} 2`).join('\n') },
    });
    expect(lines.status).toBe(200);
    expect(lines.headers.get('cache-control')).toMatch(/no-store/);
    for (const line of lines.body.lines)
      expect(line.product.price, line.product.sku).toBe(expected.get(line.product.id));

    // Another country's catalog keeps its public prices: the list is of kg.
    const kz = await api(`/products/products/${third.slug}/?country=kz`, { token });
    if (kz.status === 200) expect(kz.body.price).toBe(kz.body.list_price);
  });

  it('price the clinic’s shared lists as its orders are', async () => {
    const { member, clinic, expected } = await memberWithPrices('Договор D');
    const token = member.tokens.access;
    const made = await api(`/clinics/${clinic.id}/lists/`, {
      method: 'POST',
      token,
      json: { name: 'Расходники', items: products.map((p) => ({ product: p.id, quantity: 1 })) },
    });
    expect(made.status).toBe(201);
    const shared = await api(`/clinics/${clinic.id}/lists/${made.body.id}/`, { token });
    for (const { product } of shared.body.items)
      expect(product, product.sku).toMatchObject({
        price: expected.get(product.id),
        list_price: products.find((p) => p.id === product.id)!.price,
      });
  });

  it('price the order placed for the clinic, its total following', async () => {
    const { member, clinic, expected } = await memberWithPrices('Договор B');
    await giveCompletedOrder(member.user.id);
    const items = products.map((p, i) => ({ product: p.id, quantity: i + 1 }));
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      token: member.tokens.access,
      ip: uniqueIp(),
      json: orderBody(items, { clinic: clinic.id }),
    });
    expect(placed.status).toBe(201);
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    let goods = 0;
    let saved = 0;
    for (const [i, p] of products.entries()) {
      const line = placed.body.lines.find((l: { product: number }) => l.product === p.id);
      expect(line.price).toBe(expected.get(p.id));
      // The public price it was ordered below stays beside it, for the order page, invoice and mails.
      expect(line.list_price).toBe(p.price);
      expect(cents(line.total)).toBe(cents(expected.get(p.id)!) * (i + 1));
      goods += cents(line.total);
      saved += (cents(p.price) - cents(expected.get(p.id)!)) * (i + 1);
    }
    expect(cents(placed.body.goods_total)).toBe(goods);
    const read = await api(`/orders/order_list/${placed.body.number}/`, { token: member.tokens.access });
    expect(read.body.lines.map((l: { list_price: string }) => l.list_price)).toEqual(products.map((p) => p.price));
    const mail = (await mailsTo(member.user.email)).find((m) => m.kind === 'order_placed')!;
    expect(mail.text).toContain('(по договору; розничная цена');
    expect(mail.text.replace(/[\s\u00a0]/g, '')).toContain(
      `Экономияподоговоруклиники:${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(saved / 100).replace(/[\s\u00a0]/g, '')}сом`,
    );
    expect(cents(placed.body.total)).toBe(goods + cents(placed.body.delivery.price ?? '0'));

    // The same member's own order (for no clinic) is at public prices.
    const own = await api('/orders/order_create/', {
      method: 'POST',
      token: member.tokens.access,
      ip: uniqueIp(),
      json: orderBody([{ product: products[0]!.id, quantity: 1 }]),
    });
    expect(own.status).toBe(201);
    expect(own.body.lines[0].price).toBe(products[0]!.price);
    expect(own.body.lines[0].list_price).toBeNull();
  });

  it('never reach a visitor or another clinic’s member through a cache', async () => {
    const { member } = await memberWithPrices('Договор C');
    const { member: other } = await clinicWith('owner');
    const stranger = await signedIn();
    const publicPrices = new Map(products.map((p) => [p.id, { price: p.price, list: p.price }]));
    const detail = `/products/products/${products[3]!.slug}/?country=kg`;

    for (const path of [idsQuery(), `/products/products/?country=kg&limit=100&ordering=-price`, detail]) {
      const asMember = await viaShop(path, member.tokens.access);
      expect(asMember.status).toBe(200);
      expect(asMember.cacheControl).toBe('private, no-store');

      // A visitor: public prices, answered public and kept; asked again, from the cache, still public.
      for (const round of [1, 2]) {
        const visitor = await viaShop(path);
        expect(visitor.cacheControl, `${path} ${round}`).toMatch(/^public/);
        if (path === detail) expect(visitor.body.price).toBe(products[3]!.price);
        else
          for (const [id, seen] of pricesOf(visitor.body))
            if (publicPrices.has(id)) expect(seen).toEqual(publicPrices.get(id));
      }
      // Another clinic's member and a customer of no clinic: public prices, never the cached or the member's.
      for (const reader of [other, stranger]) {
        const answer = await viaShop(path, reader.tokens.access);
        expect(answer.xCache).not.toBe('HIT');
        expect(answer.cacheControl).toBe('private, no-store');
        if (path === detail) expect(answer.body.price).toBe(products[3]!.price);
        else
          for (const [id, seen] of pricesOf(answer.body))
            if (publicPrices.has(id)) expect(seen).toEqual(publicPrices.get(id));
      }
      // The member again, after the visitor's answer was kept: the member's prices, not the kept answer.
      const again = await viaShop(path, member.tokens.access);
      expect(again.xCache).not.toBe('HIT');
      if (path === detail) expect(again.body.price).not.toBe(products[3]!.price);
    }
  });

  it('follow the clinic a member of two chose to buy for: the oldest until they choose, then the chosen one', async () => {
    const { member, clinic: first, expected } = await memberWithPrices('Договор A2');
    // A second clinic of the same country with its own list: 50 % off everything.
    const otherOwner = await signedIn();
    const second = (await createClinic(otherOwner.tokens.access, { name: 'Клиника «Вторая»' })).body;
    const [half] = await dbRows<{ id: number }>(
      sql`insert into price_lists (name, country) values (${`Половина ${Date.now()}`}, 'kg') returning id`,
    );
    await dbRows(sql`insert into price_list_rules (price_list_id, scope, percent) values (${half!.id}, 'all', 50)`);
    await dbRows(sql`update clinics set price_list_id = ${half!.id} where id = ${second.id}`);
    await join(otherOwner.tokens.access, second.id, member, 'buyer');
    const seen = async () => {
      const list = await api(idsQuery(), { token: member.tokens.access });
      return new Map([...pricesOf(list.body)].map(([id, p]) => [id, p.price]));
    };
    const ids = (body: { id: number }[]) => body.map((c) => c.id);
    expect(await seen()).toEqual(expected);
    expect(ids((await api('/clinics/', { token: member.tokens.access })).body)).toEqual([first.id, second.id]);

    const chosen = await api(`/clinics/${second.id}/choose/`, { method: 'POST', token: member.tokens.access });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get('cache-control')).toContain('no-store');
    expect(chosen.body).toMatchObject({ id: second.id, role: 'buyer' });
    expect(await seen()).toEqual(new Map(products.map((p) => [p.id, less(p.price, 50)])));
    expect(ids((await api('/clinics/', { token: member.tokens.access })).body)).toEqual([second.id, first.id]);

    // Back to the first; a clinic they are not in, and no session, are refused.
    expect((await api(`/clinics/${first.id}/choose/`, { method: 'POST', token: member.tokens.access })).status).toBe(
      200,
    );
    expect(await seen()).toEqual(expected);
    const stranger = await signedIn();
    expect((await api(`/clinics/${first.id}/choose/`, { method: 'POST', token: stranger.tokens.access })).status).toBe(
      404,
    );
    expect((await api(`/clinics/${first.id}/choose/`, { method: 'POST' })).status).toBe(401);
  });

  it('leave a clinic without a price list, or with a list of another country, at public prices', async () => {
    const owner = await signedIn();
    await createClinic(owner.tokens.access);
    const list = await api(idsQuery(), { token: owner.tokens.access });
    for (const p of products) expect(pricesOf(list.body).get(p.id)).toEqual({ price: p.price, list: p.price });

    const { member, clinic } = await clinicWith('buyer');
    const [kzList] = await dbRows<{ id: number }>(
      sql`insert into price_lists (name, country) values (${`Договор KZ ${Date.now()}`}, 'kz') returning id`,
    );
    await dbRows(sql`insert into price_list_rules (price_list_id, scope, percent) values (${kzList!.id}, 'all', 30)`);
    await dbRows(sql`update clinics set price_list_id = ${kzList!.id} where id = ${clinic.id}`);
    const read = await api(idsQuery(), { token: member.tokens.access });
    for (const p of products) expect(pricesOf(read.body).get(p.id)!.price).toBe(p.price);
  });

  it('refuses a token that is not valid on a product read, so the client refreshes it', async () => {
    const answer = await api(idsQuery(), { token: 'not-a-token' });
    expect(answer.status).toBe(401);
  });
});
