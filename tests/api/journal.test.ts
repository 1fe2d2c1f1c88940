import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeUser, login, signedIn, STAFF, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows, qs } from '../helpers/api.ts';
import { expectStaffOnly } from '../helpers/staff-access.ts';
import { importFile, staffAccess, stockCsv, upload, UPLOAD } from '../helpers/imports.ts';

interface Entry {
  id: string;
  at: string;
  user: { id: number; email: string; name: string } | null;
  entity: string;
  entity_id: string;
  link_id: string | null;
  label: string | null;
  action: string;
  country: string | null;
  summary: string;
  changes: { field: string; label: string; before: unknown; after: unknown; text: string }[];
  import: { task_id: string; kind: string | null; file_name: string | null; changes: number } | null;
}

const one = async <T>(query: ReturnType<typeof sql>) => (await dbRows<T>(query))[0]!;

async function journal(params: Record<string, string | number | undefined>, token?: string) {
  const answer = await api<{ count: number; next: string | null; results: Entry[] }>(`/staff/journal/?${qs(params)}`, {
    token: token ?? (await staffAccess()),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const productHistory = (sku: string) => journal({ entity: 'product', entity_id: sku, limit: 100 });
const texts = (entry: Entry | undefined) => entry?.changes.map((c) => c.text) ?? [];

let counter = 0;
const newSku = () => `JR-${process.pid}-${++counter}`;

async function newProduct(token: string, name = 'Композит для журнала A2') {
  const category = await one<{ slug: string }>(sql`select slug from categories order by id limit 1`);
  const sku = newSku();
  const created = await api('/staff/products/', {
    method: 'POST',
    token,
    json: { sku, name, category: category.slug, description: '<p>Пломбировочный.</p>' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { sku: string; name: string; images: string[] };
}

const offerPath = (sku: string) => `/products/products_availability/${encodeURIComponent(sku)}/`;

describe('GET /staff/journal/: every staff change in one journal', () => {
  it('keeps the journal and its people to staff', async () => {
    await expectStaffOnly([
      ['GET', '/staff/journal/'],
      ['GET', '/staff/journal/people/'],
      ['GET', '/staff/changes/'],
    ]);
  });

  it('journals a product made, renamed, hidden and shown by hand, each with who and what, in words', async () => {
    const token = await staffAccess();
    const product = await newProduct(token);
    const edit = (json: Record<string, unknown>) =>
      api(`/staff/products/${product.sku}/`, { method: 'PATCH', token, json });
    expect((await edit({ name: 'Композит для журнала A3' })).status).toBe(200);
    expect((await edit({ is_active: false })).status).toBe(200);
    expect((await edit({ is_active: true })).status).toBe(200);

    const history = await productHistory(product.sku);
    expect(history.count).toBe(4);
    const [shown, hidden, renamed, created] = history.results;
    expect(created).toMatchObject({
      entity: 'product',
      entity_id: product.sku,
      link_id: product.sku,
      label: 'Композит для журнала A3',
      action: 'create',
      summary: 'создал(а) товар «Композит для журнала A3»',
      user: { email: STAFF.email, name: 'Сотрудник Магазина' },
      import: null,
    });
    expect(renamed!.summary).toBe('изменил(а) товар «Композит для журнала A3»');
    expect(renamed!.changes).toEqual([
      {
        field: 'name',
        label: 'название',
        before: 'Композит для журнала A2',
        after: 'Композит для журнала A3',
        text: 'изменил(а) название: Композит для журнала A2 → Композит для журнала A3',
      },
    ]);
    expect(texts(hidden)).toEqual(['скрыл(а) с сайта']);
    expect(texts(shown)).toEqual(['показал(а) на сайте']);
    expect(Date.parse(shown!.at)).toBeGreaterThanOrEqual(Date.parse(created!.at));

    // The same entries are in the whole journal, newest first.
    const whole = await journal({ limit: 4 });
    expect(whole.results.map((e) => e.id)).toEqual(history.results.map((e) => e.id));
  });

  it('journals prices and stock set through products_availability, as money in the country’s currency', async () => {
    const token = await staffAccess();
    const product = await newProduct(token);
    const created = await api(offerPath(product.sku), {
      method: 'POST',
      token,
      json: { country: 'kg', price: '1200', quantity: 5 },
    });
    expect(created.status).toBe(201);
    const patched = await api(offerPath(product.sku), {
      method: 'PATCH',
      token,
      json: { country: 'kg', price: '1350', old_price: '1500', quantity: 7 },
    });
    expect(patched.status).toBe(200);

    const [changed, started] = (await productHistory(product.sku)).results;
    expect(started).toMatchObject({ country: 'kg', summary: `изменил(а) товар «${product.name}» в Кыргызстане` });
    expect(texts(started)).toEqual([
      'начал(а) продажу',
      'указал(а) цену: 1\u00a0200\u00a0сом',
      'изменил(а) остаток: 0 шт. → 5 шт.',
    ]);
    expect(texts(changed)).toEqual([
      'изменил(а) цену: 1\u00a0200\u00a0сом → 1\u00a0350\u00a0сом',
      'указал(а) старую цену: 1\u00a0500\u00a0сом',
      'изменил(а) остаток: 5 шт. → 7 шт.',
    ]);
    expect(changed!.changes[0]).toMatchObject({ field: 'price', label: 'цена', before: '1200.00', after: '1350.00' });

    expect((await api(`${offerPath(product.sku)}?country=kg`, { method: 'DELETE', token })).status).toBe(204);
    const [stopped] = (await productHistory(product.sku)).results;
    expect(texts(stopped)[0]).toBe('снял(а) с продажи');
  });

  it('journals photos changed in the product form', async () => {
    const token = await staffAccess();
    const product = await newProduct(token);
    const photos = await dbRows<{ images: string[] | string }>(
      sql`select images from products where jsonb_array_length(images) >= 2 order by id limit 1`,
    );
    const stored = photos[0]!.images;
    const images = ((typeof stored === 'string' ? JSON.parse(stored) : stored) as string[]).slice(0, 2);
    expect((await api(`/staff/products/${product.sku}/`, { method: 'PATCH', token, json: { images } })).status).toBe(
      200,
    );
    const reordered = [images[1]!, images[0]!];
    expect(
      (await api(`/staff/products/${product.sku}/`, { method: 'PATCH', token, json: { images: reordered } })).status,
    ).toBe(200);
    expect(
      (await api(`/staff/products/${product.sku}/`, { method: 'PATCH', token, json: { images: [images[1]] } })).status,
    ).toBe(200);
    const [removed, moved, added] = (await productHistory(product.sku)).results;
    expect(added!.changes[0]).toMatchObject({ field: 'images', label: 'фото' });
    expect(texts(added)).toEqual(['добавил(а) 2 фото (теперь 2)']);
    expect(texts(moved)).toEqual(['поменял(а) порядок фото']);
    expect(texts(removed)).toEqual(['убрал(а) 1 фото (теперь 1)']);
  });

  it('shows an import as one entry linked to its task, its rows in each product’s history, and no dry run', async () => {
    const token = await staffAccess();
    const products = await dbRows<{ sku: string; name: string; price: string }>(
      sql`select p.sku, p.name, o.price::text as price from products p join product_offers o on o.product_id = p.id and o.country = 'kg'
          order by p.sku limit 3`,
    );
    const prices = (bump: number) =>
      JSON.stringify({
        format: 'prices@1',
        country: 'kg',
        currency: 'KGS',
        prices: products.map((p) => ({ sku: p.sku, price: String(Number(p.price) + bump) })),
      });
    const dryRun = await importFile('prices', { name: 'prices-check.json', data: prices(11) }, { dry_run: 'true' });
    expect(dryRun.status).toBe('SUCCESS');
    const task = await importFile('prices', { name: 'prices.json', data: prices(10) });
    expect(task.status).toBe('SUCCESS');

    const imports = await journal({ entity: 'import', limit: 100 });
    const entry = imports.results.find((e) => e.entity_id === task.task_id);
    expect(entry).toMatchObject({
      action: 'import',
      link_id: task.task_id,
      country: 'kg',
      changes: [],
      user: { email: STAFF.email },
      import: {
        task_id: task.task_id,
        kind: 'prices',
        file_name: 'prices.json',
        changes: 3,
        title: 'Загрузка цен (Кыргызстан, файл prices.json)',
      },
      summary: 'Загрузка цен (Кыргызстан, файл prices.json): 3 изменения',
    });
    expect(imports.results.some((e) => e.entity_id === dryRun.task_id)).toBe(false);
    // The numbers come from the counts kept as the rows were written, per task and kind of row.
    const counts = await dbRows<{ task_id: string; source: string; country: string | null; changes: number }>(
      sql`select task_id::text, source, country, changes from catalog_change_counts
          where task_id = any(${`{${task.task_id},${dryRun.task_id}}`}::uuid[]) order by source`,
    );
    expect(counts).toEqual([
      { task_id: task.task_id, source: 'import', country: 'kg', changes: 3 },
      { task_id: dryRun.task_id, source: 'preview', country: 'kg', changes: 3 },
    ]);
    expect((await journal({ entity: 'import', entity_id: dryRun.task_id })).count).toBe(0);
    // The whole journal has the import once, not a line per row.
    const whole = await journal({ limit: 100 });
    expect(whole.results.filter((e) => e.import?.task_id === task.task_id).map((e) => e.id)).toEqual([entry!.id]);

    const history = await productHistory(products[0]!.sku);
    const fromImport = history.results.find((e) => e.import?.task_id === task.task_id);
    expect(fromImport).toMatchObject({
      entity: 'product',
      action: 'update',
      country: 'kg',
      import: { title: 'Загрузка цен (файл prices.json)' },
    });
    expect(fromImport!.summary).toBe(
      `изменил(а) товар «${products[0]!.name}» в Кыргызстане: загрузка цен (файл prices.json)`,
    );
    expect(fromImport!.changes.map((c) => c.field)).toEqual(['price']);
    expect(history.results.some((e) => e.import?.task_id === dryRun.task_id)).toBe(false);

    // Undoing it is an entry of its own, by whoever undid it.
    const undone = await api(`/staff/imports/${task.task_id}/undo/`, { method: 'POST', token });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const [undo] = (await journal({ entity: 'import', entity_id: task.task_id })).results;
    expect(undo).toMatchObject({
      action: 'undo',
      summary: 'Отмена загрузки цен (Кыргызстан, файл prices.json): 3 изменения',
    });
  });

  it('shows products made by a products file as the file’s entry, and each product’s history starts with it', async () => {
    const category = await one<{ slug: string }>(sql`select slug from categories order by id limit 1`);
    const skus = [newSku(), newSku()];
    const task = await importFile('products', {
      name: 'товары.json',
      data: JSON.stringify({
        format: 'products@1',
        products: skus.map((sku, i) => ({ sku, name: `Боры алмазные ${i + 1}`, category: category.slug })),
      }),
    });
    expect(task.status).toBe('SUCCESS');
    const [entry] = (await journal({ entity: 'import', entity_id: task.task_id })).results;
    expect(entry!.import).toMatchObject({ kind: 'products', file_name: 'товары.json' });
    expect(entry!.summary).toMatch(/^Загрузка товаров \(файл товары\.json\): \d+ изменени/);
    const [created] = (await productHistory(skus[1]!)).results;
    expect(created).toMatchObject({ action: 'create', import: { task_id: task.task_id } });
    expect(created!.summary).toBe('создал(а) товар «Боры алмазные 2»: загрузка товаров (файл товары.json)');
  });

  it('journals a stock file as one entry, however many rows it changed', async () => {
    const rows = await dbRows<{ sku: string; quantity: number }>(
      sql`select p.sku, o.quantity from products p join product_offers o on o.product_id = p.id and o.country = 'kz'
          order by p.sku desc limit 4`,
    );
    const task = await importFile(
      'stock',
      { name: 'остатки.csv', data: stockCsv(rows.map((r) => [r.sku, 'товар', Number(r.quantity) + 3])) },
      { country: 'kz' },
    );
    expect(task.status).toBe('SUCCESS');
    const [entry] = (await journal({ entity: 'import', entity_id: task.task_id })).results;
    expect(entry!.summary).toBe('Загрузка остатков (Казахстан, файл остатки.csv): 4 изменения');
  });

  it('journals account changes made by staff, not a person’s own edits, and forgets a deleted person’s details', async () => {
    const token = await staffAccess();
    const { user, email, password } = await activeUser({ firstName: 'Динара', lastName: 'Осмонова' });
    const account = (json: Record<string, unknown>) =>
      api(`/accounts/auth/users/${encodeURIComponent(email)}/`, { method: 'PATCH', token, json });
    expect((await account({ phone: '+996 700 112 233' })).status).toBe(200);
    expect((await account({ is_staff: true })).status).toBe(200);
    expect((await account({ is_active: false })).status).toBe(200);
    expect((await account({ is_active: true })).status).toBe(200);
    // The person's own edit is not a staff change.
    const own = await login(email, password);
    expect(
      (
        await api('/accounts/auth/users/me/', {
          method: 'PATCH',
          token: own.access,
          json: { last_name: 'Осмонова-Ли' },
        })
      ).status,
    ).toBe(200);

    const history = await journal({ entity: 'user', entity_id: String(user.id) });
    expect(history.count).toBe(4);
    const [unblocked, blocked, granted, phone] = history.results;
    expect(phone).toMatchObject({
      entity: 'user',
      action: 'update',
      link_id: email,
      label: `Динара Осмонова-Ли (${email})`,
      summary: `изменил(а) учётную запись Динара Осмонова-Ли (${email})`,
    });
    expect(texts(phone)).toEqual(['изменил(а) телефон: +996 555 11-12-22 → +996 700 11-22-33']);
    expect(texts(granted)).toEqual(['дал(а) доступ сотрудника']);
    expect(texts(blocked)).toEqual(['заблокировал(а): вход и заказы закрыты']);
    expect(texts(unblocked)).toEqual(['разблокировал(а): вход и заказы открыты']);
    // An account is found by its email too (the back office names accounts by email).
    expect((await journal({ entity: 'user', entity_id: email })).count).toBe(4);

    // Deleting it is journaled; the journal keeps that the phone changed, not the numbers.
    expect((await account({ is_staff: false })).status).toBe(200);
    const deleted = await api(`/accounts/auth/users/${encodeURIComponent(email)}/`, {
      method: 'DELETE',
      token,
      json: { current_password: STAFF.password },
    });
    expect(deleted.status).toBe(204);
    const after = await journal({ entity: 'user', entity_id: String(user.id) });
    expect(after.results[0]).toMatchObject({
      action: 'delete',
      label: null,
      link_id: null,
      summary: `удалил(а) учётную запись № ${user.id}`,
    });
    const forgotten = after.results.find((e) => e.changes.some((c) => c.field === 'phone'));
    expect(forgotten!.changes).toEqual([
      { field: 'phone', label: 'телефон', before: null, after: null, text: 'изменил(а) телефон' },
    ]);
    expect(JSON.stringify(after)).not.toContain('700112233');
  });

  it('filters by person and by date, and lists the people to filter by', async () => {
    const token = await staffAccess();
    const colleague = await activeUser({ isStaff: true, firstName: 'Бакыт', lastName: 'Журналов' });
    const theirs = (await login(colleague.email, colleague.password)).access;
    const product = await newProduct(token);
    expect(
      (
        await api(offerPath(product.sku), {
          method: 'POST',
          token: theirs,
          json: { country: 'kz', price: '9900', quantity: 2 },
        })
      ).status,
    ).toBe(201);

    const byThem = await journal({ user: colleague.user.id });
    expect(byThem.count).toBe(1);
    expect(byThem.results[0]).toMatchObject({
      entity_id: product.sku,
      country: 'kz',
      user: { id: colleague.user.id, name: 'Бакыт Журналов' },
    });
    expect(texts(byThem.results[0])).toContain('указал(а) цену: 9\u00a0900\u00a0₸');

    const today = new Date();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await journal({ user: colleague.user.id, date_from: day(-1), date_to: day(1) })).count).toBe(1);
    expect((await journal({ user: colleague.user.id, date_from: day(2) })).count).toBe(0);
    expect((await journal({ user: colleague.user.id, date_to: day(-2) })).count).toBe(0);
    const at = byThem.results[0]!.at;
    expect(
      (await journal({ user: colleague.user.id, date_from: at, date_to: new Date(Date.now() + 60_000).toISOString() }))
        .count,
    ).toBe(1);

    const people = await api('/staff/journal/people/', { token });
    expect(people.status).toBe(200);
    expect(people.body.results).toEqual(
      expect.arrayContaining([
        { id: colleague.user.id, email: colleague.email, name: 'Бакыт Журналов', is_staff: true },
        expect.objectContaining({ email: STAFF.email, is_staff: true }),
      ]),
    );
    const customer = await signedIn();
    expect(people.body.results.some((p: { email: string }) => p.email === customer.email)).toBe(false);
  });

  it('pages DRF-style and keeps the staff tables’ entries with their names', async () => {
    const token = await staffAccess();
    const created = await api('/staff/vacancies/', {
      method: 'POST',
      token,
      json: {
        title: 'Кладовщик журнала',
        country: 'kg',
        city: 'BISHKEK',
        employment_type: 'shift',
        salary_from: '30000',
        salary_to: null,
        lead: '',
        duties: [],
        requirements: [],
        conditions: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect((await api(`/staff/vacancies/${id}/`, { method: 'PATCH', token, json: { is_open: false } })).status).toBe(
      200,
    );
    const vacancy = await journal({ entity: 'vacancy', entity_id: id });
    expect(vacancy.results.map((e) => e.summary)).toEqual([
      'изменил(а) вакансию «Кладовщик журнала»',
      'создал(а) вакансию «Кладовщик журнала»',
    ]);
    expect(texts(vacancy.results[0])).toEqual(['закрыл(а) набор']);
    expect(vacancy.results[0]!.link_id).toBe(String(id));

    const page = await journal({ limit: 2, offset: 1 });
    expect(page.count).toBeGreaterThan(3);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=3');
    // The stored audit of the staff tables still answers as it did.
    const stored = await api(`/staff/changes/?entity=vacancy&entity_id=${id}`, { token });
    expect(stored.body.results[0]).toMatchObject({ action: 'update', changes: { isOpen: [true, false] } });
  });

  it('says a visitor request by its number and its states in Russian', async () => {
    const token = await staffAccess();
    const sent = await api('/services/supports/', {
      method: 'POST',
      ip: uniqueIp(),
      json: {
        name: 'Динара',
        phone: '+996 555 12-34-56',
        country: 'kg',
        email: uniqueEmail(),
        subject: 'Счёт',
        message: 'Нужен счёт',
      },
    });
    expect(sent.status).toBe(201);
    const id = sent.body.id as number;
    const moved = await api(`/staff/requests/${id}/`, { method: 'PATCH', token, json: { status: 'in_progress' } });
    expect(moved.status).toBe(200);
    const [entry] = (await journal({ entity: 'request', entity_id: id })).results;
    expect(entry!.summary).toBe(`изменил(а) заявку ${moved.body.number}`);
    expect(texts(entry)).toEqual(['изменил(а) состояние: новая → в работе']);
  });

  it('refuses filters it cannot read with field errors', async () => {
    const token = await staffAccess();
    const cases: [Record<string, string>, string][] = [
      [{ entity: 'orders' }, 'entity'],
      [{ entity_id: '5' }, 'entity_id'],
      [{ entity: 'import', entity_id: 'not-a-task' }, 'entity_id'],
      [{ entity: 'publication', entity_id: 'abc' }, 'entity_id'],
      [{ user: 'staff@dental.test' }, 'user'],
      [{ user: '0' }, 'user'],
      [{ date_from: '2026-13-45' }, 'date_from'],
      [{ date_to: 'вчера' }, 'date_to'],
      [{ date_from: '2026-12-05', date_to: '2026-12-01' }, 'date_to'],
      [{ limit: '-1' }, 'limit'],
    ];
    for (const [params, field] of cases) {
      const answer = await api(`/staff/journal/?${qs(params)}`, { token });
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(Object.keys(answer.body), JSON.stringify(params)).toEqual([field]);
      expect(answer.body[field][0]).toMatch(/[а-я]/);
    }
    expect((await journal({ entity: 'product', entity_id: 'NO-SUCH-SKU' })).count).toBe(0);
  });
});

describe('dry runs are not changes', () => {
  it('a stock check without writing leaves the journal as it was', async () => {
    const token = await staffAccess();
    const before = (await journal({ limit: 1 }, token)).count;
    const [row] = await dbRows<{ sku: string }>(sql`select p.sku from products p order by p.id limit 1`);
    const started = await upload(
      UPLOAD.stock,
      { name: 'check.csv', data: stockCsv([[row!.sku, 'x', 77]]) },
      {
        country: 'kg',
        dry_run: 'true',
      },
    );
    expect(started.status).toBe(202);
    const { finish } = await import('../helpers/imports.ts');
    expect((await finish(started.body.task_id)).status).toBe('SUCCESS');
    expect((await journal({ limit: 1 }, token)).count).toBe(before);
  });
});
