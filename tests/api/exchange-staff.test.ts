/** What staff do about the exchange with 1C: grant it, read its sessions, map price types and warehouses. */
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { activeUser, signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importXml, offersXml, OneC, type FixtureProduct } from '../helpers/exchange.ts';
import { staffAccess } from '../helpers/imports.ts';

// Whole exchanges run in these tests: more than the default on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

const catalog = (t: string): FixtureProduct[] => [
  { id: `st-${t}-1`, sku: `1C-ST-${t}-1`, name: `Штифты 1С ${t}` },
  { id: `st-${t}-2`, sku: `1C-ST-${t}-2`, name: `Боры 1С ${t}` },
];

async function offer(sku: string, country: string) {
  const [row] = await dbRows<{ price: string; quantity: number }>(
    sql`select o.price::text as price, o.quantity from product_offers o join products p on p.id = o.product_id
        where p.sku = ${sku} and o.country = ${country}`,
  );
  return row;
}

describe('the exchange permission on staff accounts', () => {
  it('a superuser grants can_exchange to a staff account (journaled); 1C may then sign in with it', async () => {
    const token = await staffAccess();
    const staff = await activeUser({ isStaff: true });
    const path = `/accounts/auth/users/${encodeURIComponent(staff.email)}/`;
    expect((await api(path, { token })).body.can_exchange).toBe(false);
    expect(await new OneC(staff.email, staff.password, '203.0.113.61').checkauth()).toContain('нет права на обмен');
    const granted = await api(path, { method: 'PATCH', token, json: { can_exchange: true } });
    expect(granted.status).toBe(200);
    expect(granted.body.can_exchange).toBe(true);
    expect(await new OneC(staff.email, staff.password, '203.0.113.62').checkauth()).toMatch(/^success\n/);
    const journal = await api(`/staff/journal/?entity=user&entity_id=${staff.user.id}`, { token });
    expect(journal.body.results[0].changes).toEqual([
      expect.objectContaining({ field: 'canExchange', before: false, after: true, text: 'дал(а) право на обмен с 1С' }),
    ]);
    // Taking staff rights away takes the exchange with them.
    const demoted = await api(path, { method: 'PATCH', token, json: { is_staff: false } });
    expect(demoted.body).toMatchObject({ is_staff: false, can_exchange: false });
  });

  it('refuses the permission for a customer (400) and from staff who are not superusers (403)', async () => {
    const token = await staffAccess();
    const customer = await activeUser();
    const refused = await api(`/accounts/auth/users/${encodeURIComponent(customer.email)}/`, {
      method: 'PATCH',
      token,
      json: { can_exchange: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.can_exchange).toEqual(['Право на обмен с 1С даётся только сотруднику.']);
    const plain = await signedIn({ isStaff: true });
    const other = await activeUser({ isStaff: true });
    const forbidden = await api(`/accounts/auth/users/${encodeURIComponent(other.email)}/`, {
      method: 'PATCH',
      token: plain.tokens.access,
      json: { can_exchange: true },
    });
    expect(forbidden.status).toBe(403);
    const [row] = await dbRows<{ can_exchange: boolean }>(
      sql`select can_exchange from users where id = ${other.user.id}`,
    );
    expect(row!.can_exchange).toBe(false);
  });
});

describe('the exchange sessions staff read', () => {
  it('one session: its files, the totals, where a failed file stopped (file, line, element, reason)', async () => {
    const t = tag();
    const client = new OneC();
    const broken = importXml([...catalog(t), { id: `st-${t}-3`, sku: `1C-ST-${t}-3` }]);
    expect(await client.exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    await client.sendFile('import0_1.xml', Buffer.from(broken));
    expect((await client.importFile('import0_1.xml')).last).toMatch(/^failure\n/);
    const token = await staffAccess();
    const { body: page } = await api('/staff/exchange_sessions/?limit=3', { token });
    const listed = page.results.find((s: { files: { filename: string }[] }) =>
      s.files.some((f) => f.filename === 'import0_1.xml'),
    );
    const { status, body } = await api(`/staff/exchange_sessions/${listed.id}/`, { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: listed.id,
      type: 'catalog',
      totals: { rows: 2, created: 2, updated: 0, hidden: 0, failed: 1 },
      files: [
        { filename: 'import.xml', status: 'SUCCESS', error: null, counts: { rows: 2, created: 2 } },
        {
          filename: 'import0_1.xml',
          status: 'FAILURE',
          error: {
            line: expect.any(Number),
            element: `Товар st-${t}-3`,
            reason: `у товара st-${t}-3 нет Наименования`,
          },
        },
      ],
    });
    expect(body.files[1].finished_at).toEqual(expect.any(String));
    // The exchange's tasks are its own: the staff imports' list still answers, without them.
    const imports = await api('/staff/imports/?limit=100', { token });
    expect(imports.status).toBe(200);
    expect(imports.body.results.map((task: { kind: string }) => task.kind)).not.toContain('exchange');
    const [ran] = await dbRows<{ n: number }>(sql`select count(*)::int as n from tasks where kind = 'import_1c'`);
    expect(ran!.n).toBeGreaterThan(0);
    // Not a session's id: no such address, as DRF's uuid converter answers.
    expect((await api('/staff/exchange_sessions/not-a-uuid/', { token })).status).toBe(404);
    expect((await api(`/staff/exchange_sessions/${crypto.randomUUID()}/`, { token })).status).toBe(404);
  });

  it('the journal names the imports of the exchange «Обмен с 1С»', async () => {
    const t = tag();
    expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const [task] = await dbRows<{ id: string }>(
      sql`select id from tasks where kind = 'import_1c' order by created_at desc limit 1`,
    );
    const token = await staffAccess();
    const { body } = await api(`/staff/journal/?entity=import&entity_id=${task!.id}`, { token });
    expect(body.results[0]).toMatchObject({
      entity: 'import',
      import: { kind: 'exchange', title: 'Обмен с 1С (файл import.xml)' },
      summary: expect.stringMatching(/^Обмен с 1С \(файл import\.xml\): \d+ изменени/),
    });
  });
});

describe('price types and warehouses of 1C', () => {
  it('lists those seen in offers files; a price type mapped to a country or ignored, a warehouse to a country, journaled; the next offers follow', async () => {
    const t = tag();
    const client = new OneC();
    expect(await client.exchange({ 'import.xml': Buffer.from(importXml(catalog(t))) }, ['import.xml'])).toEqual([
      'success',
    ]);
    const offers = (kz?: string) =>
      iconv.encode(
        offersXml(
          [
            { id: `st-${t}-1`, kg: '100', kz, stores: { [`wh-a-${t}`]: 4, [`wh-b-${t}`]: 6 } },
            { id: `st-${t}-2`, kg: '200', kz, stores: { [`wh-a-${t}`]: 1 } },
          ],
          { suffix: `-${t}` },
        ),
        'win1251',
      );
    expect(await new OneC().exchange({ 'offers.xml': offers() }, ['offers.xml'])).toEqual(['success']);
    // Nothing mapped: the whole quantity is the stock of the price's country.
    expect(await offer(`1C-ST-${t}-1`, 'kg')).toEqual({ price: '100.00', quantity: 10 });

    const token = await staffAccess();
    const { status, body } = await api('/staff/exchange_mappings/?limit=100&kind=warehouse', { token });
    expect(status).toBe(200);
    expect(body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: `warehouse:wh-a-${t}`, name: `Склад wh-a-${t}`, target: null }),
      ]),
    );
    const prices = await api('/staff/exchange_mappings/?limit=100&kind=price_type', { token });
    expect(prices.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: `price_type:pt-retail-kg-${t}`,
          name: `Розничная (Бишкек)-${t}`,
          currency: 'сом',
          target: null,
          by_currency: 'kg',
        }),
      ]),
    );

    // Warehouse A is Kyrgyzstan's, B is ignored; the KGS price type goes to Kazakhstan instead.
    const patch = (id: string, target: string | null) =>
      api(`/staff/exchange_mappings/${encodeURIComponent(id)}/`, { method: 'PATCH', token, json: { target } });
    expect((await patch(`warehouse:wh-a-${t}`, 'kg')).body).toMatchObject({ target: 'kg' });
    expect((await patch(`warehouse:wh-b-${t}`, 'ignore')).status).toBe(200);
    expect(await new OneC().exchange({ 'offers.xml': offers() }, ['offers.xml'])).toEqual(['success']);
    expect(await offer(`1C-ST-${t}-1`, 'kg')).toEqual({ price: '100.00', quantity: 4 });
    expect(await offer(`1C-ST-${t}-2`, 'kg')).toEqual({ price: '200.00', quantity: 1 });

    expect((await patch(`price_type:pt-retail-kg-${t}`, 'ignore')).body).toMatchObject({ target: 'ignore' });
    expect(await new OneC().exchange({ 'offers.xml': offers() }, ['offers.xml'])).toEqual(['success']);
    // Ignored: the price stays as it was.
    expect((await offer(`1C-ST-${t}-1`, 'kg'))!.price).toBe('100.00');
    expect((await patch(`price_type:pt-retail-kg-${t}`, 'kz')).status).toBe(200);
    expect((await patch(`warehouse:wh-a-${t}`, 'kz')).status).toBe(200);
    expect(await new OneC().exchange({ 'offers.xml': offers() }, ['offers.xml'])).toEqual(['success']);
    expect(await offer(`1C-ST-${t}-1`, 'kz')).toEqual({ price: '100.00', quantity: 4 });

    const journal = await api(
      `/staff/journal/?entity=exchange_mapping&entity_id=${encodeURIComponent(`warehouse:wh-a-${t}`)}`,
      { token },
    );
    expect(journal.body.results.map((e: { summary: string }) => e.summary)).toEqual([
      `изменил(а) сопоставление 1С «склад «Склад wh-a-${t}»»`,
      `изменил(а) сопоставление 1С «склад «Склад wh-a-${t}»»`,
    ]);
    expect(journal.body.results[0].changes[0].text).toBe('изменил(а) страну: кыргызстан → казахстан');
  });

  it('refuses an unknown id (404), a bad target (400), and anyone but staff', async () => {
    const token = await staffAccess();
    const unknown = await api(`/staff/exchange_mappings/${encodeURIComponent('warehouse:nope-nope')}/`, {
      method: 'PATCH',
      token,
      json: { target: 'kg' },
    });
    expect(unknown.status).toBe(404);
    const bad = await api(`/staff/exchange_mappings/${encodeURIComponent('warehouse:wh-main')}/`, {
      method: 'PATCH',
      token,
      json: { target: 'ru' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.target).toEqual([expect.stringContaining('Допустимые значения')]);
    expect((await api('/staff/exchange_mappings/?kind=shelf', { token })).status).toBe(400);
    expect((await api('/staff/exchange_mappings/')).status).toBe(401);
    const customer = await signedIn();
    expect((await api('/staff/exchange_mappings/', { token: customer.tokens.access })).status).toBe(403);
  });
});
