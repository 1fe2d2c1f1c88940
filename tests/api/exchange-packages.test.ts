/** The exchange with 1C: full offers files, numbered packages, which orders the first query hands out. */
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importXml, offersXml, OneC, type FixtureProduct } from '../helpers/exchange.ts';
import { staffAccess } from '../helpers/imports.ts';
import { orderBody, returningCustomer, stockedProduct } from '../helpers/orders.ts';

// Each test runs whole exchanges (several files, each a catalog change): more than the default on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

const products = (t: string, n: number): FixtureProduct[] =>
  Array.from({ length: n }, (_, i) => ({ id: `pk-${t}-${i}`, sku: `1C-PK-${t}-${i}`, name: `Пакет 1С ${t} ${i}` }));

async function stock(sku: string, country = 'kg') {
  const [row] = await dbRows<{ quantity: number; is_active: boolean }>(
    sql`select o.quantity, p.is_active from product_offers o join products p on p.id = o.product_id
        where p.sku = ${sku} and o.country = ${country}`,
  );
  return row;
}

const active = async (sku: string) =>
  (await dbRows<{ is_active: boolean }>(sql`select is_active from products where sku = ${sku}`))[0]!.is_active;

const win = (xml: string) => iconv.encode(xml, 'win1251');

describe('the exchange with 1C: full offers', () => {
  it('a full offers.xml sets the stock of the offers it omits to 0 (hidden products stay hidden); a changes-only one leaves them', async () => {
    const t = tag();
    const all = products(t, 3);
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(all)) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const full = offersXml(all.map((p) => ({ id: p.id, kg: '100', quantity: 5 })));
    expect(await new OneC().exchange({ 'offers.xml': win(full) }, ['offers.xml'])).toEqual(['success']);
    expect(await stock(all[2]!.sku)).toEqual({ quantity: 5, is_active: true });
    // Hide the second by hand: a full file leaves it hidden.
    await dbRows(sql`update products set is_active = false where sku = ${all[1]!.sku}`);
    const changes = offersXml([{ id: all[0]!.id, kg: '100', quantity: 7 }], { changesOnly: true });
    expect(await new OneC().exchange({ 'offers.xml': win(changes) }, ['offers.xml'])).toEqual(['success']);
    expect((await stock(all[2]!.sku))!.quantity).toBe(5);
    const onlyFirst = offersXml([{ id: all[0]!.id, kg: '100', quantity: 7 }]);
    expect(await new OneC().exchange({ 'offers.xml': win(onlyFirst) }, ['offers.xml'])).toEqual(['success']);
    expect(await stock(all[0]!.sku)).toEqual({ quantity: 7, is_active: true });
    expect(await stock(all[1]!.sku)).toEqual({ quantity: 0, is_active: false });
    expect(await stock(all[2]!.sku)).toEqual({ quantity: 0, is_active: true });
  });
});

describe('the exchange with 1C: characteristics', () => {
  it("each characteristic becomes an SKU of its own (its Артикул, else the product's SKU and its words) in the product's family, made once", async () => {
    const t = tag();
    const [glove] = products(t, 1);
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml([glove!])) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const file = () =>
      win(
        offersXml(
          [
            { id: `${glove!.id}#c-m`, name: glove!.name, kg: '300', quantity: 4, characteristics: { Размер: 'M' } },
            {
              id: `${glove!.id}#c-l`,
              sku: `OWN-${t}-L`,
              name: `Перчатки ${t} размер L`,
              kg: '310',
              quantity: 2,
              characteristics: { Размер: 'L' },
            },
          ],
          { changesOnly: true },
        ),
      );
    expect(await new OneC().exchange({ 'offers.xml': file() }, ['offers.xml'])).toEqual(['success']);
    const rows = await dbRows<{ sku: string; name: string; family: string; is_active: boolean }>(
      sql`select sku, name, family, is_active from products where family = ${glove!.sku} order by sku`,
    );
    expect(rows).toEqual([
      { sku: glove!.sku, name: glove!.name, family: glove!.sku, is_active: false },
      { sku: `${glove!.sku}-M`, name: `${glove!.name} (M)`, family: glove!.sku, is_active: true },
      { sku: `OWN-${t}-L`, name: `Перчатки ${t} размер L`, family: glove!.sku, is_active: true },
    ]);
    expect(await stock(`${glove!.sku}-M`)).toEqual({ quantity: 4, is_active: true });
    // The same file again finds them by their Ид: nothing new is made.
    expect(await new OneC().exchange({ 'offers.xml': file() }, ['offers.xml'])).toEqual(['success']);
    const [again] = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from products where family = ${glove!.sku}`,
    );
    expect(again!.n).toBe(3);
  });
});

describe('the exchange with 1C: numbered packages', () => {
  it('import0_1.xml, import0_2.xml and offers0_1/0_2.xml apply one by one; complete hides and zeroes what no package held; the session adds them up', async () => {
    const t = tag();
    const all = products(t, 4);
    const client = new OneC();
    expect(await client.exchange({ 'import.xml': Buffer.from(importXml(all)) }, ['import.xml'])).toEqual(['success']);
    expect(
      await new OneC().exchange(
        { 'offers.xml': win(offersXml(all.map((p) => ({ id: p.id, kg: '50', quantity: 3 })))) },
        ['offers.xml'],
      ),
    ).toEqual(['success']);
    // The next full exchange comes in two packages each, without the fourth product.
    const parts = new OneC();
    const results = await parts.exchange(
      {
        'import0_1.xml': Buffer.from(importXml(all.slice(0, 2))),
        'import0_2.xml': Buffer.from(importXml(all.slice(2, 3), { classifier: false })),
        'offers0_1.xml': win(offersXml(all.slice(0, 2).map((p) => ({ id: p.id, kg: '60', quantity: 4 })))),
        'offers0_2.xml': win(offersXml([{ id: all[2]!.id, kg: '60', quantity: 4 }])),
      },
      ['import0_1.xml', 'import0_2.xml', 'offers0_1.xml', 'offers0_2.xml'],
    );
    expect(results).toEqual(['success', 'success', 'success', 'success']);
    // Nothing is hidden or zeroed while the packages come in: each holds only its share.
    expect(await active(all[0]!.sku)).toBe(true);
    expect(await stock(all[2]!.sku)).toEqual({ quantity: 4, is_active: true });
    expect(await stock(all[3]!.sku)).toEqual({ quantity: 3, is_active: true });
    expect(await parts.call({ type: 'catalog', mode: 'complete' })).toBe('success');
    expect(await stock(all[3]!.sku)).toEqual({ quantity: 0, is_active: false });
    for (const p of all.slice(0, 3)) expect(await stock(p.sku)).toEqual({ quantity: 4, is_active: true });
    // Asked again (deactivate, then complete), nothing more happens.
    expect(await parts.call({ type: 'catalog', mode: 'deactivate' })).toBe('success');

    const token = await staffAccess();
    const { body } = await api('/staff/exchange_sessions/?limit=5', { token });
    const session = body.results.find((s: { files: { filename: string }[] }) =>
      s.files.some((f) => f.filename === 'offers0_2.xml'),
    );
    expect(session.files.map((f: { filename: string }) => f.filename)).toEqual([
      'import0_1.xml',
      'import0_2.xml',
      'offers0_1.xml',
      'offers0_2.xml',
      'complete',
    ]);
    expect(session.totals).toMatchObject({ rows: 6, hidden: 1, failed: 0 });
  });
});

describe('the exchange with 1C: the orders the first query hands out', () => {
  it('every open order however old, and closed ones of the last 30 days; older closed ones stay out', async () => {
    const product = await stockedProduct(50);
    const customer = await returningCustomer();
    const place = async () => {
      const placed = await api('/orders/order_create/', {
        method: 'POST',
        json: orderBody([{ product: product.id, quantity: 1 }]),
        token: customer.tokens.access,
        ip: uniqueIp(),
      });
      expect(placed.status).toBe(201);
      return placed.body.number as string;
    };
    const oldOpen = await place();
    const oldClosed = await place();
    const recentClosed = await place();
    await dbRows(sql`update orders set created_at = now() - interval '90 days', exchanged_at = null
                     where number in (${oldOpen}, ${oldClosed})`);
    await dbRows(sql`update orders set status = 'completed' where number in (${oldClosed}, ${recentClosed})`);
    const client = new OneC();
    await client.checkauth('sale');
    const document = await client.call({ type: 'sale', mode: 'query' });
    expect(document).toContain(`<Номер>${oldOpen}</Номер>`);
    expect(document).toContain(`<Номер>${recentClosed}</Номер>`);
    expect(document).not.toContain(`<Номер>${oldClosed}</Номер>`);
  });
});
