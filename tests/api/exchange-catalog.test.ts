import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { activeUser, CUSTOMER } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { login } from '../helpers/accounts.ts';
import { staffAccess } from '../helpers/imports.ts';
import { importXml, offersXml, OneC, zipOf, type FixtureProduct } from '../helpers/exchange.ts';

const FILE_LIMIT = 8 * 1024 * 1024;

// Each test runs whole exchanges (a zip unpacked, pictures stored, catalog changes): more than the default on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

async function product(sku: string) {
  const [row] = await dbRows<{
    id: number;
    sku: string;
    name: string;
    is_active: boolean;
    images: string[];
    description: string;
    category: string;
    parent: string | null;
    brand: string | null;
  }>(
    sql`select p.id, p.sku, p.name, p.is_active, p.images, p.description, c.name as category, pc.name as parent, b.name as brand
        from products p join categories c on c.id = p.category_id left join categories pc on pc.id = c.parent_id
        left join brands b on b.id = p.brand_id where p.sku = ${sku}`,
  );
  return row;
}

async function offer(sku: string, country: string) {
  const [row] = await dbRows<{ price: string; quantity: number }>(
    sql`select o.price::text as price, o.quantity from product_offers o join products p on p.id = o.product_id
        where p.sku = ${sku} and o.country = ${country}`,
  );
  return row;
}

async function counts() {
  const [row] = await dbRows<{ products: number; categories: number; offers: number; changes: number }>(
    sql`select (select count(*)::int from products) as products, (select count(*)::int from categories) as categories,
               (select count(*)::int from product_offers) as offers, (select count(*)::int from catalog_changes) as changes`,
  );
  return row!;
}

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

function catalog(t: string): FixtureProduct[] {
  return [
    {
      id: `id-${t}-1`,
      sku: `1C-${t}-001`,
      name: `Композит Filtek 1С ${t} A2`,
      description: 'Светоотверждаемый композит.\n\nДля жевательной группы.',
      picture: `import_files/a1/${t}-1.png`,
      properties: { 'prop-maker': 'val-3m', 'prop-pack': '4 г' },
    },
    { id: `id-${t}-2`, sku: `1C-${t}-002`, name: `Бонд 1С ${t}`, group: 'grp-fill', maker: 'Ivoclar 1С' },
  ];
}

describe('the exchange with 1C: the session', () => {
  it('checkauth answers success, the cookie name and its value; init answers zip, file_limit, sessid and version', async () => {
    const client = new OneC();
    const [status, name, value] = (await client.checkauth()).split('\n');
    expect(status).toBe('success');
    expect(name).toBe('dental_1c_session');
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    const init = await client.init();
    expect(init.get('zip')).toBe('yes');
    expect(Number(init.get('file_limit'))).toBe(FILE_LIMIT);
    expect(init.get('sessid')).toBe(value);
    expect(init.get('version')).toBe('2.10');
  });

  it('refuses a wrong password, a customer, a staff account without the permission, and a wrong session with failure and a reason', async () => {
    const wrong = await new OneC(undefined, 'not-the-password', '203.0.113.21').checkauth();
    expect(wrong).toBe('failure\nНеверный логин или пароль.');
    const customer = await new OneC(CUSTOMER.email, CUSTOMER.password, '203.0.113.22').checkauth();
    expect(customer.split('\n')[0]).toBe('failure');
    expect(customer).toContain('нет права на обмен');
    const staff = await activeUser({ isStaff: true });
    const noFlag = await new OneC(staff.email, staff.password, '203.0.113.23').checkauth();
    expect(noFlag).toContain('нет права на обмен');
    const nobody = new OneC();
    nobody.cookie = `dental_1c_session=${'0'.repeat(64)}`;
    expect((await nobody.call({ type: 'catalog', mode: 'init' })).split('\n')).toEqual([
      'failure',
      expect.stringContaining('Сеанс обмена не найден'),
    ]);
    expect(await nobody.call({ type: 'catalog', mode: 'file', filename: 'import.xml' }, Buffer.from('<x/>'))).toMatch(
      /^failure\n/,
    );
    expect((await new OneC().call({ type: 'bogus', mode: 'checkauth' })).split('\n')[0]).toBe('failure');
  });

  it('a permission taken away ends the session at the next request', async () => {
    const staff = await activeUser({ isStaff: true, canExchange: true });
    const client = new OneC(staff.email, staff.password, '203.0.113.24');
    expect(await client.checkauth()).toMatch(/^success\n/);
    await dbRows(sql`update users set can_exchange = false where id = ${staff.user.id}`);
    expect(await client.call({ type: 'catalog', mode: 'init' })).toContain('нет права на обмен');
  });

  it('an unknown or unsupported file, and a bad name, answer failure and change nothing', async () => {
    const before = await counts();
    const client = new OneC();
    await client.checkauth();
    await client.init();
    expect((await client.importFile('import_missing.xml')).last).toMatch(
      /^failure\nФайл import_missing\.xml не был передан/,
    );
    expect((await client.importFile('notes.txt')).last).toMatch(/^failure\nФайл notes\.txt не распознан/);
    expect(await client.call({ type: 'catalog', mode: 'file', filename: '../etc/passwd' }, Buffer.from('x'))).toMatch(
      /^failure\nНедопустимое имя файла/,
    );
    expect(await counts()).toEqual(before);
  });
});

describe('the exchange with 1C: the catalog', () => {
  it('a full catalog in a zip with a picture, sent in parts, imports: progress, then success; groups, brands, specifications, photos', async () => {
    const t = tag();
    const picture = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const zip = zipOf({ 'import.xml': importXml(catalog(t)), [`import_files/a1/${t}-1.png`]: picture });
    const client = new OneC();
    await client.checkauth();
    await client.init();
    const part = Math.ceil(zip.length / 3);
    expect(await client.sendFile('import.zip', zip, part)).toEqual(['success', 'success', 'success']);
    const { answers, last } = await client.importFile('import.xml');
    expect(answers[0]).toBe('progress');
    expect(last).toBe('success');

    const first = await product(`1C-${t}-001`);
    expect(first).toMatchObject({
      name: `Композит Filtek 1С ${t} A2`,
      is_active: true,
      category: 'Композиты 1С',
      parent: 'Пломбировочные материалы 1С',
      brand: '3M ESPE 1С',
    });
    expect(first!.description).toBe('<p>Светоотверждаемый композит.</p><p>Для жевательной группы.</p>');
    expect(first!.images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{24}$/)]);
    const specs = await dbRows<{ name: string; value: string }>(
      sql`select s.name, ps.value from product_specifications ps join specifications s on s.id = ps.specification_id
          where ps.product_id = ${first!.id}`,
    );
    expect(specs).toEqual([{ name: 'Фасовка 1С', value: '4 г' }]);
    expect(await product(`1C-${t}-002`)).toMatchObject({
      category: 'Пломбировочные материалы 1С',
      brand: 'Ivoclar 1С',
    });
    // Journaled as an import of its task, marked as the exchange's.
    const [task] = await dbRows<{ id: string; status: string; counts: Record<string, number>; file: { name: string } }>(
      sql`select id, status, counts, file from tasks where kind = 'import_1c' order by created_at desc limit 1`,
    );
    expect(task).toMatchObject({ status: 'SUCCESS', counts: { rows: 2, created: 2 }, file: { name: 'import.xml' } });
    const changes = await dbRows<{ source: string; n: number }>(
      sql`select source, count(*)::int as n from catalog_changes where task_id = ${task!.id}::uuid group by source`,
    );
    expect(changes).toEqual([{ source: 'import', n: expect.any(Number) }]);
    // The same file again changes nothing and makes no second category.
    const before = await counts();
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    expect((await counts()).categories).toBe(before.categories);
    expect((await counts()).products).toBe(before.products);
  });

  it('an SKU renamed in 1C moves its product; a full catalog hides the products it no longer holds', async () => {
    const t = tag();
    const products = catalog(t);
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(products)) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const before = await product(`1C-${t}-001`);
    const renamed = [{ ...products[0]!, sku: `1C-${t}-001-NEW`, picture: undefined }];
    expect(
      await new OneC().exchange({ 'import.xml': Buffer.from(importXml(renamed, { changesOnly: true })) }, [
        'import.xml',
      ]),
    ).toEqual(['success']);
    expect(await product(`1C-${t}-001`)).toBeUndefined();
    expect((await product(`1C-${t}-001-NEW`))!.id).toBe(before!.id);
    expect((await product(`1C-${t}-002`))!.is_active).toBe(true);
    // A full catalog without the second product hides it (and every other product 1C made before).
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(renamed)) }, ['import.xml'])).toEqual([
      'success',
    ]);
    expect((await product(`1C-${t}-002`))!.is_active).toBe(false);
    expect((await product(`1C-${t}-001-NEW`))!.is_active).toBe(true);
  });

  it('a broken element or malformed XML answers failure with the file, the line and the reason, and changes nothing', async () => {
    const t = tag();
    const before = await counts();
    const broken = importXml([...catalog(t), { id: `id-${t}-3`, sku: `1C-${t}-003` }]);
    const [answer] = await new OneC().exchange({ 'import.xml': Buffer.from(broken) }, ['import.xml']);
    expect(answer).toMatch(new RegExp(`^failure\\nimport\\.xml, строка \\d+: у товара id-${t}-3 нет Наименования\\.$`));
    const [malformed] = await new OneC().exchange(
      { 'import.xml': Buffer.from(importXml(catalog(t)).replace('</Товары>', '</Товар>')) },
      ['import.xml'],
    );
    expect(malformed).toMatch(/^failure\nimport\.xml, строка \d+: файл не разобран как XML/);
    const twins = importXml([...catalog(t), { id: `id-${t}-4`, sku: `1C-${t}-001`, name: 'Двойник' }]);
    const [duplicate] = await new OneC().exchange({ 'import.xml': Buffer.from(twins) }, ['import.xml']);
    expect(duplicate).toContain(`артикул «1C-${t}-001» у двух товаров`);
    expect(await counts()).toEqual(before);
    expect(await product(`1C-${t}-001`)).toBeUndefined();
  });

  it('a file 1C:Управление торговлей wrote (an excerpt, as written) imports', async () => {
    const file = readFileSync(new URL('../fixtures/exchange/1c-ut-import0_1-excerpt.xml', import.meta.url));
    expect(await new OneC().exchange({ 'import0_1.xml': file }, ['import0_1.xml'])).toEqual(['success']);
    expect(await product('82006')).toMatchObject({
      name: 'STEP Пазл 104 Крошка Енот',
      category: 'Настольные',
      parent: 'Игрушки',
    });
    expect(await product('П-3690,143')).toMatchObject({
      name: 'Трактор "Лазер" с малым прицепом',
      category: 'Пластмассовая',
    });
  });
});

describe('the exchange with 1C: offers', () => {
  it('windows-1251 offers in parts set the price and stock of each country by the price type currency; changes-only offers change only what they hold', async () => {
    const t = tag();
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const offers = iconv.encode(
      offersXml([
        { id: `id-${t}-1`, kg: '1250.50', kz: '7300', quantity: 12 },
        { id: `id-${t}-2#char-1`, kg: '800', quantity: 3 },
        { id: `id-${t}-2#char-2`, kg: '800', quantity: 2 },
        { id: 'id-unknown', kg: '10', quantity: 1 },
      ]),
      'win1251',
    );
    const client = new OneC();
    await client.checkauth();
    await client.init();
    expect(await client.sendFile('offers.xml', offers, 1000)).toEqual(
      Array.from({ length: Math.ceil(offers.length / 1000) }, () => 'success'),
    );
    expect((await client.importFile('offers.xml')).last).toBe('success');
    expect(await offer(`1C-${t}-001`, 'kg')).toEqual({ price: '1250.50', quantity: 12 });
    expect(await offer(`1C-${t}-001`, 'kz')).toEqual({ price: '7300.00', quantity: 12 });
    // Each characteristic is an SKU of its own in the product's family; the product itself is hidden.
    expect(await offer(`1C-${t}-002-CHAR-1`, 'kg')).toEqual({ price: '800.00', quantity: 3 });
    expect(await offer(`1C-${t}-002-CHAR-2`, 'kg')).toEqual({ price: '800.00', quantity: 2 });
    expect(await offer(`1C-${t}-002-CHAR-1`, 'kz')).toBeUndefined();
    const family = await dbRows<{ sku: string; family: string; is_active: boolean; category: string }>(
      sql`select p.sku, p.family, p.is_active, c.name as category from products p join categories c on c.id = p.category_id
          where p.family = ${`1C-${t}-002`} order by p.sku`,
    );
    expect(family).toEqual([
      { sku: `1C-${t}-002`, family: `1C-${t}-002`, is_active: false, category: 'Пломбировочные материалы 1С' },
      { sku: `1C-${t}-002-CHAR-1`, family: `1C-${t}-002`, is_active: true, category: 'Пломбировочные материалы 1С' },
      { sku: `1C-${t}-002-CHAR-2`, family: `1C-${t}-002`, is_active: true, category: 'Пломбировочные материалы 1С' },
    ]);

    const changes = offersXml([{ id: `id-${t}-2#char-1`, kg: '850', quantity: 7 }], { changesOnly: true });
    expect(await new OneC().exchange({ 'offers0_1.xml': iconv.encode(changes, 'win1251') }, ['offers0_1.xml'])).toEqual(
      ['success'],
    );
    expect(await offer(`1C-${t}-002-CHAR-1`, 'kg')).toEqual({ price: '850.00', quantity: 7 });
    expect(await offer(`1C-${t}-002-CHAR-2`, 'kg')).toEqual({ price: '800.00', quantity: 2 });
    expect(await offer(`1C-${t}-001`, 'kg')).toEqual({ price: '1250.50', quantity: 12 });
  });

  it('an offer with a price that is no number answers failure and changes nothing', async () => {
    const t = tag();
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const before = await counts();
    const bad = offersXml([
      { id: `id-${t}-1`, kg: '100', quantity: 1 },
      { id: `id-${t}-2`, kg: 'сто', quantity: 1 },
    ]);
    const [answer] = await new OneC().exchange({ 'offers.xml': iconv.encode(bad, 'win1251') }, ['offers.xml']);
    expect(answer).toMatch(
      new RegExp(`^failure\\noffers\\.xml, строка \\d+: у предложения id-${t}-2 цена «сто» — не число\\.$`),
    );
    expect(await counts()).toEqual(before);
  });
});

describe('the exchange with 1C: what staff see', () => {
  it('GET /staff/exchange_sessions/ lists each session with its files, what they did or why they failed; staff only', async () => {
    const t = tag();
    const broken = importXml([{ id: `id-${t}-9`, sku: `1C-${t}-009` }]);
    const client = new OneC();
    expect(await client.exchange({ 'import.xml': Buffer.from(broken) }, ['import.xml'])).toEqual([
      expect.stringMatching(/^failure\n/),
    ]);
    const token = await staffAccess();
    const { status, body } = await api('/staff/exchange_sessions/?limit=5', { token });
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    const session = body.results.find((s: { files: { message: string | null }[] }) =>
      s.files.some((f) => f.message?.includes(`id-${t}-9`)),
    );
    expect(session).toMatchObject({
      type: 'catalog',
      user_email: 'staff@dental.test',
      files: [{ filename: 'import.xml', status: 'FAILURE', message: expect.stringContaining('нет Наименования') }],
      orders_taken: [],
    });
    expect((await api('/staff/exchange_sessions/')).status).toBe(401);
    const customer = await login(CUSTOMER.email, CUSTOMER.password);
    expect((await api('/staff/exchange_sessions/', { token: customer.access })).status).toBe(403);
  });
});
