import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../src/server/mail/index.ts';
import { confirmStockAlert, notifyRestockedProducts } from '../../src/server/requests/stock-alerts.service.ts';
import { activeUser } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

let ipCounter = 1;
const nextIp = () => `203.0.113.${ipCounter++}`;

async function offerWith(country: string, inStock: boolean) {
  const [row] = await dbRows<{ id: number; slug: string; name: string }>(
    sql`select p.id, p.slug, p.name from products p join product_offers o on o.product_id = p.id and o.country = ${country}
        where p.is_active and ${inStock ? sql`o.quantity > 0` : sql`o.quantity = 0`} order by p.id limit 1`,
  );
  return row!;
}

/** The token of the newest alert confirmation link mailed to the address. */
async function mailedToken(email: string): Promise<string> {
  for (const mail of await listOutbox({ to: email })) {
    const match = /\/back-in-stock\/confirm\/([\w-]+)\//.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`No alert confirmation link was mailed to ${email}`);
}

const setStock = (productId: number, country: string, quantity: number) =>
  dbRows(
    sql`update product_offers set quantity = ${quantity} where product_id = ${productId} and country = ${country} returning quantity`,
  );

describe('POST /notifications/back_in_stock/', () => {
  it('POST /notifications/back_in_stock/?country=kz keeps one alert however often it is asked, and mails it once when stock returns', async () => {
    const product = await offerWith('kz', false);
    for (let i = 0; i < 2; i++) {
      const { status, body } = await api('/notifications/back_in_stock/?country=kz', {
        method: 'POST',
        ip: nextIp(),
        json: { product: product.id, email: 'Wait@Clinic.kz' },
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        product: { id: product.id, slug: product.slug },
        country: 'kz',
        email: 'wait@clinic.kz',
        detail: expect.stringContaining('один раз'),
      });
    }
    expect(
      await dbRows(
        sql`select count(*)::int as n from stock_alerts where product_id = ${product.id} and notified_at is null`,
      ),
    ).toEqual([{ n: 1 }]);

    expect(await notifyRestockedProducts()).toBe(0); // still out of stock: nothing to mail
    expect(await confirmStockAlert(await mailedToken('wait@clinic.kz'))).toBe('confirmed');
    await setStock(product.id, 'kz', 5);
    expect(await notifyRestockedProducts()).toBe(1);
    expect(await notifyRestockedProducts()).toBe(0);
    const mails = (await listOutbox({ to: 'wait@clinic.kz' })).filter((m) => m.kind === 'back_in_stock');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Снова в наличии: ${product.name}`);
    expect(mails[0]!.text).toContain(`/kz/product/${product.slug}/`);
  });

  // Issue 34, «Info»: the first mail to a new address confirms it, as the newsletter does.
  it('mails a new address the link that confirms it first, and the alert waits for it', async () => {
    const product = await offerWith('kg', false);
    const email = 'first-time@clinic.kg';
    const asked = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip: nextIp(),
      json: { product: product.id, email },
    });
    expect(asked.status).toBe(201);
    const [mail] = await listOutbox({ to: email });
    expect(mail).toMatchObject({ kind: 'back_in_stock_confirm' });
    expect(mail!.text).toMatch(/http:\/\/shop\.test\/kg\/back-in-stock\/confirm\/[\w-]+\//);
    await setStock(product.id, 'kg', 3);
    expect(await notifyRestockedProducts()).toBe(0);
    expect((await listOutbox({ to: email })).map((m) => m.kind)).toEqual(['back_in_stock_confirm']);

    const token = await mailedToken(email);
    expect(await confirmStockAlert(`${token.slice(0, -1)}x`)).toBe('unknown');
    expect(await confirmStockAlert(token)).toBe('confirmed');
    expect(await confirmStockAlert(token)).toBe('already');
    expect(await notifyRestockedProducts()).toBe(1);
    expect((await listOutbox({ to: email })).map((m) => m.kind)).toEqual(['back_in_stock', 'back_in_stock_confirm']);
  });

  it('asks no second confirmation of an address confirmed before, nor of an account’s confirmed address, and answers alike', async () => {
    const [first, second, third] = await dbRows<{ id: number }>(
      sql`select p.id from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
          where p.is_active and o.quantity > 0 order by p.id desc limit 3`,
    );
    for (const p of [first!, second!, third!]) await setStock(p.id, 'kg', 0);
    const ask = (product: number, email: string) =>
      api('/notifications/back_in_stock/?country=kg', { method: 'POST', ip: nextIp(), json: { product, email } });
    const email = 'confirmed-once@clinic.kg';
    await ask(first!.id, email);
    expect(await confirmStockAlert(await mailedToken(email))).toBe('confirmed');
    const again = await ask(second!.id, email);
    expect((await listOutbox({ to: email })).map((m) => m.kind)).toEqual(['back_in_stock_confirm']);
    const { email: customer } = await activeUser();
    const fromAccount = await ask(third!.id, customer);
    expect(await listOutbox({ to: customer })).toEqual([]);
    const stranger = await ask(third!.id, 'stranger@clinic.kg');
    // The answer tells nobody whether an address is confirmed, or has an account.
    const words = (answer: typeof stranger) => answer.body.detail.replace(answer.body.email, '…');
    for (const answer of [again, fromAccount]) expect(words(answer)).toBe(words(stranger));
    await setStock(second!.id, 'kg', 2);
    await setStock(third!.id, 'kg', 2);
    expect(await notifyRestockedProducts()).toBe(2);
    expect((await listOutbox({ to: email })).map((m) => m.kind)).toContain('back_in_stock');
    expect((await listOutbox({ to: customer })).map((m) => m.kind)).toEqual(['back_in_stock']);
    expect((await listOutbox({ to: 'stranger@clinic.kg' })).map((m) => m.kind)).toEqual(['back_in_stock_confirm']);
  });

  it('POST /notifications/back_in_stock/ mails only the country where the stock came back', async () => {
    const product = await offerWith('kg', false);
    await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip: nextIp(),
      json: { product: product.id, email: 'kg-only@clinic.kg' },
    });
    expect(await confirmStockAlert(await mailedToken('kg-only@clinic.kg'))).toBe('confirmed');
    await dbRows(sql`update product_offers set quantity = 9 where product_id = ${product.id} and country = 'kz'`);
    await notifyRestockedProducts();
    expect((await listOutbox({ to: 'kg-only@clinic.kg' })).map((m) => m.kind)).toEqual(['back_in_stock_confirm']);
  });

  it('POST /notifications/back_in_stock/ refuses a product in stock, not sold in the country, or unknown', async () => {
    const inStock = await offerWith('kg', true);
    const answer = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip: nextIp(),
      json: { product: inStock.id, email: 'a@clinic.kg' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.product[0]).toContain('уже в наличии');
    const [kzOnly] = await dbRows<{ id: number }>(
      sql`select p.id from products p where exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kz')
          and not exists (select 1 from product_offers o where o.product_id = p.id and o.country = 'kg') limit 1`,
    );
    if (kzOnly) {
      const unsold = await api('/notifications/back_in_stock/?country=kg', {
        method: 'POST',
        ip: nextIp(),
        json: { product: kzOnly.id, email: 'a@clinic.kg' },
      });
      expect(unsold.body.product[0]).toContain('не продаётся в Кыргызстане');
    }
    const unknown = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip: nextIp(),
      json: { product: 99_999_999, email: 'a@clinic.kg' },
    });
    expect(unknown.status).toBe(400);
  });

  it.each([
    ['no body fields', {}, ['email', 'product']],
    ['a product that is not a number', { product: 'abc', email: 'a@b.kg' }, ['product']],
    ['a bad email', { product: 1, email: 'a@' }, ['email']],
  ])('POST /notifications/back_in_stock/ answers 400 for %s', async (_, json, fields) => {
    const { status, body } = await api('/notifications/back_in_stock/', { method: 'POST', ip: nextIp(), json });
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(fields);
  });

  it('POST /notifications/back_in_stock/ answers a filled hidden field like a real alert, keeps nothing, and counts it', async () => {
    const out = await offerWith('kg', false);
    const ip = nextIp();
    const real = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip,
      json: { product: out.id, email: 'real-alert@clinic.kg' },
    });
    const trapped = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip,
      json: { product: out.id, email: 'bot-alert@spam.test', website: 'x' },
    });
    expect(trapped.status).toBe(201);
    expect(trapped.body).toEqual({ ...real.body, email: 'bot-alert@spam.test', detail: expect.any(String) });
    expect(await dbRows(sql`select 1 from stock_alerts where email = 'bot-alert@spam.test'`)).toEqual([]);
    for (let i = 0; i < 8; i++) {
      const again = await api('/notifications/back_in_stock/?country=kg', {
        method: 'POST',
        ip,
        json: { product: out.id, email: `bot${i}@spam.test`, website: 'x' },
      });
      expect(again.status).toBe(201);
    }
    const refused = await api('/notifications/back_in_stock/?country=kg', {
      method: 'POST',
      ip,
      json: { product: out.id, email: 'real-alert@clinic.kg' },
    });
    expect(refused.status).toBe(429);
  });

  it('POST /notifications/back_in_stock/?country=ru answers 400 naming the country', async () => {
    const product = await offerWith('kg', false);
    const { status, body } = await api('/notifications/back_in_stock/?country=ru', {
      method: 'POST',
      ip: nextIp(),
      json: { product: product.id, email: 'a@b.kg' },
    });
    expect(status).toBe(400);
    expect(body.country).toEqual([expect.any(String)]);
  });
});
