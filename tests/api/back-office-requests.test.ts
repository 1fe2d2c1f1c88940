import { describe, expect, it } from 'vitest';
import { confirmNewsletterSubscription } from '../../src/server/requests/newsletter.service.ts';
import { mailsTo, signedIn, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, listAll } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const contact = { name: 'Айгуль Садыкова', phone: '+996 555 12-34-56', country: 'kg' };
const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

async function applyWithCv(email: string, filename: string) {
  const [open] = await listAll('/services/vacancies/?is_open=true');
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...contact, email, vacancy: String(open.id), message: 'Опыт 3 года' }))
    form.set(key, value);
  form.set('resume', new File([pdf], filename, { type: 'application/pdf' }));
  const sent = await api('/services/vacancy_requests/', { method: 'POST', ip: uniqueIp(), body: form });
  expect(sent.status).toBe(201);
  return { id: sent.body.id as number, vacancy: open.title as string };
}

async function askSupport(email: string, message: string) {
  const sent = await api('/services/supports/', {
    method: 'POST',
    ip: uniqueIp(),
    json: { ...contact, email, subject: 'Счёт', message },
  });
  expect(sent.status).toBe(201);
  return sent.body.id as number;
}

describe('the back office: the inbox of visitor requests', () => {
  it('keeps every route to staff', async () => {
    const customer = await signedIn();
    for (const path of ['/staff/requests/', '/staff/requests/1/', '/staff/requests/1/file/']) {
      expect((await api(path)).status, path).toBe(401);
      expect((await api(path, { token: customer.tokens.access })).status, path).toBe(403);
    }
    expect(
      (await api('/staff/requests/1/', { method: 'PATCH', json: { status: 'done' }, token: customer.tokens.access }))
        .status,
    ).toBe(403);
  });

  it('lists requests by kind, state and search, newest first, and moves one along with notes', async () => {
    const token = await staffAccess();
    const email = uniqueEmail('inbox');
    const question = await askSupport(email, 'Нужен счёт на оплату по договору №17');
    const { id: application, vacancy } = await applyWithCv(email, 'Резюме Айгуль.pdf');

    const mine = await api(`/staff/requests/?search=${encodeURIComponent(email)}`, { token });
    expect(mine.status).toBe(200);
    expect(mine.body.results.map((r: { id: number }) => r.id)).toEqual([application, question]);
    expect(mine.body.results[0]).toMatchObject({
      kind: 'vacancy',
      kind_label: 'Отклик на вакансию',
      status: 'new',
      status_label: 'Новая',
      about: vacancy,
      attachment: {
        filename: 'Резюме Айгуль.pdf',
        content_type: 'application/pdf',
        url: `/api/v1/staff/requests/${application}/file/`,
      },
    });
    const support = await api(`/staff/requests/?kind=support&status=new&search=${encodeURIComponent('№17')}`, {
      token,
    });
    expect(support.body.results.map((r: { id: number }) => r.id)).toEqual([question]);

    const taken = await api(`/staff/requests/${question}/`, {
      method: 'PATCH',
      token,
      json: { status: 'in_progress', notes: 'Выставили счёт, ждём оплату' },
    });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ status: 'in_progress', notes: 'Выставили счёт, ждём оплату' });
    const done = await api(`/staff/requests/${question}/`, { method: 'PATCH', token, json: { status: 'done' } });
    expect(done.body).toMatchObject({ status: 'done', status_label: 'Готово', notes: 'Выставили счёт, ждём оплату' });
    expect((await api(`/staff/requests/?status=new&search=${encodeURIComponent(email)}`, { token })).body.count).toBe(
      1,
    );

    for (const body of [{}, { status: 'answered' }, { notes: 'x'.repeat(4001) }]) {
      const refused = await api(`/staff/requests/${question}/`, { method: 'PATCH', token, json: body });
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await api(`/staff/requests/${question}/`, { token })).body.status).toBe('done');
    expect((await api('/staff/requests/999999999/', { token })).status).toBe(404);
    expect((await api('/staff/requests/abc/', { token })).status).toBe(404);
    expect((await api('/staff/requests/?kind=letters', { token })).status).toBe(400);
  });

  it('keeps a printing model over the old 25 MB (an intraoral scan) and hands it back byte for byte', async () => {
    const facet = 'facet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\n';
    const model = `solid scan\n${facet.repeat(Math.ceil((30 * 1024 * 1024) / facet.length))}endsolid scan\n`;
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...contact, email: uniqueEmail('scan'), quantity: '1' }))
      form.set(key, value);
    form.set('file', new File([model], 'scan.stl', { type: 'model/stl' }));
    const sent = await api('/services/printing_requestes/', { method: 'POST', ip: uniqueIp(), body: form });
    expect(sent.status, JSON.stringify(sent.body).slice(0, 200)).toBe(201);
    expect(sent.body.attachment).toEqual({ filename: 'scan.stl', size: model.length });
    const file = await api(`/staff/requests/${sent.body.id}/file/`, { token: await staffAccess() });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-length')).toBe(String(model.length));
    expect((file.body as string).length).toBe(model.length);
    expect(file.body === model).toBe(true);
    // 30 MB in and out of the embedded database: seconds on an idle machine, more on a busy one.
  }, 120_000);

  it('hands out the file only as a download that no browser runs as a page', async () => {
    const token = await staffAccess();
    const { id } = await applyWithCv(uniqueEmail('cv'), 'cv "final"\u202Egpj.pdf');
    const file = await api(`/staff/requests/${id}/file/`, { token });
    expect(file.status).toBe(200);
    expect(file.body).toBe(pdf);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"\u202E]+"; filename\*=UTF-8''/);
    expect(file.headers.get('content-disposition')).not.toContain('\u202E');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    expect(file.headers.get('cache-control')).toBe('private, no-store');

    const question = await askSupport(uniqueEmail('nofile'), 'Без файла');
    expect((await api(`/staff/requests/${question}/file/`, { token })).status).toBe(404);
  });
});

describe('the back office: newsletter subscribers', () => {
  it('lists them by country, state and search, and exports the confirmed ones as a CSV Excel opens', async () => {
    const token = await staffAccess();
    const customer = await signedIn();
    expect((await api('/staff/newsletter/', { token: customer.tokens.access })).status).toBe(403);
    expect((await api('/staff/newsletter/export/')).status).toBe(401);
    const subscribe = async (email: string, country: string) =>
      expect(
        (await api('/services/newsletter_subscriptions/', { method: 'POST', ip: uniqueIp(), json: { email, country } }))
          .status,
      ).toBe(201);
    const kz = uniqueEmail('news-kz');
    await subscribe(kz, 'kz');
    await subscribe(uniqueEmail('news-kg'), 'kg');
    // Double opt-in: a subscriber once the mailed link is confirmed.
    const [mail] = await mailsTo(kz);
    expect(await confirmNewsletterSubscription(/\/newsletter\/confirm\/([\w-]+)\//.exec(mail!.text)![1]!)).toBe(
      'confirmed',
    );

    const page = await api(`/staff/newsletter/?country=kz&state=active&search=${encodeURIComponent(kz)}`, { token });
    expect(page.status).toBe(200);
    expect(page.body.results).toEqual([
      {
        id: expect.any(Number),
        email: kz,
        country: 'kz',
        state: 'active',
        state_label: 'Подписан',
        subscribed_at: expect.any(String),
        confirmed_at: expect.any(String),
        unsubscribed_at: null,
      },
    ]);
    expect((await api('/staff/newsletter/?state=gone', { token })).status).toBe(400);

    const csv = await api('/staff/newsletter/export/?country=kz', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="newsletter-kz.csv"');
    const text = csv.body as string;
    // (The BOM Excel needs is stripped by the text decoder here.)
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('email;страна;подписан');
    expect(text).toContain(`${kz};kz;`);
    expect(text).not.toContain(';kg;');
  });
});
