import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shopToday } from '../../src/server/courses/course-dates.ts';
import { listOutbox } from '../../src/server/mail/index.ts';
import { uploadsInProgress } from '../../src/server/requests/requests.limits.ts';
import { hasControlCharacters } from '../../src/shared/control-characters.ts';
import { api, dbRows, listAll } from '../helpers/api.ts';

const STAFF = 'staff@localhost';
let ipCounter = 1;
/** A fresh client address per test, so the per-address form limits of one test never touch another. */
const nextIp = () => `198.51.100.${ipCounter++}`;

const contact = { name: 'Айгуль Садыкова', email: 'aigul@clinic.kg', phone: '+996 555 12-34-56', country: 'kg' };

function multipart(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; data: Uint8Array | string },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set(file.field, new File([file.data as BlobPart], file.name, { type: file.type }));
  return form;
}

/** A form as the bytes a browser sends, with its content type (boundary included). */
async function asBody(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const response = new Response(form);
  return { bytes: new Uint8Array(await response.arrayBuffer()), type: response.headers.get('content-type')! };
}

/**
 * A request body that tells how much of it the server has read so far; with `holdLast`, its last
 * chunk waits for `release()`, so the upload stays in flight.
 */
function streamed(bytes: Uint8Array, { holdLast = false } = {}) {
  const CHUNK = 64 * 1024;
  let offset = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const last = offset + CHUNK >= bytes.length;
      if (last && holdLast && offset > 0) await released;
      const chunk = bytes.subarray(
        offset,
        offset + (holdLast && offset === 0 ? Math.min(CHUNK, bytes.length - 1) : CHUNK),
      );
      offset += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => offset, release };
}

const asciiStl =
  'solid tooth\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid tooth\n';
const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('POST /services/supports/', () => {
  it('POST /services/supports/ stores the question, mails the staff and acknowledges to the visitor', async () => {
    const { status, body } = await api('/services/supports/', {
      method: 'POST',
      ip: nextIp(),
      json: {
        ...contact,
        email: 'support-ok@clinic.kg',
        subject: 'Счёт для клиники',
        message: 'Нужен счёт на оплату по договору.',
      },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      id: expect.any(Number),
      number: expect.stringMatching(/^В-\d{4,}$/),
      kind: 'support',
      phone: '+996555123456',
      details: { subject: 'Счёт для клиники' },
      detail: expect.stringContaining('Спасибо'),
    });
    const [row] = await dbRows<{ kind: string; message: string; status: string }>(
      sql`select kind, message, status from visitor_requests where id = ${body.id}`,
    );
    expect(row).toEqual({ kind: 'support', message: 'Нужен счёт на оплату по договору.', status: 'new' });
    const staffMail = (await listOutbox({ to: STAFF })).find((m) => m.subject.includes(body.number));
    expect(staffMail?.text).toContain('Нужен счёт на оплату по договору.');
    const [ack] = await listOutbox({ to: 'support-ok@clinic.kg' });
    expect(ack?.subject).toContain('Мы получили ваш вопрос');
  });

  it('POST /services/supports/ keeps every single-line field on one line, so no line break reaches a mail header', async () => {
    const { status, body } = await api('/services/supports/', {
      method: 'POST',
      ip: nextIp(),
      json: {
        ...contact,
        name: 'Иван\r\nBcc: victim@evil.test\u0007',
        email: 'one-line@clinic.kg',
        subject: ' Счёт\r\n\tдля\u2028клиники\u202e ',
        message: 'Строка 1\r\nСтрока 2',
      },
    });
    expect(status).toBe(201);
    expect(body.name).toBe('Иван Bcc: victim@evil.test');
    expect(body.details).toEqual({ subject: 'Счёт для клиники' });
    // A message keeps its lines: it is the body of a mail, never a header.
    expect(body.message).toBe('Строка 1\r\nСтрока 2');
    const [row] = await dbRows<{ name: string }>(sql`select name from visitor_requests where id = ${body.id}`);
    expect(row!.name).toBe('Иван Bcc: victim@evil.test');
    const subjects = (await listOutbox()).filter((m) => m.subject.includes(`${body.number}:`)).map((m) => m.subject);
    expect(subjects).toEqual([expect.stringContaining('Иван Bcc: victim@evil.test')]);
    expect(hasControlCharacters(subjects.join(''))).toBe(false);
  });

  it('POST /services/supports/ names each missing or wrong field in the DRF shape', async () => {
    const { status, body } = await api('/services/supports/', {
      method: 'POST',
      ip: nextIp(),
      json: { country: 'kg', email: 'nope', phone: '12' },
    });
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['email', 'message', 'name', 'phone']);
    expect(body.name).toEqual(['Обязательное поле.']);
  });

  it.each([
    ['a form body', { body: 'name=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }, 415],
    ['broken JSON', { body: '{"name":', headers: { 'Content-Type': 'application/json' } }, 400],
    ['a NUL character', { json: { ...contact, message: 'a\u0000b' } }, 400],
    ['an unknown country', { json: { ...contact, country: 'ru', message: 'x' } }, 400],
    ['a body over 32 KB', { json: { ...contact, message: 'x'.repeat(40_000) } }, 413],
  ])('POST /services/supports/ refuses %s', async (_, init, expected) => {
    const before = await dbRows<{ n: number }>(sql`select count(*)::int as n from visitor_requests`);
    const { status } = await api('/services/supports/', { method: 'POST', ip: nextIp(), ...init });
    expect(status).toBe(expected);
    expect(await dbRows<{ n: number }>(sql`select count(*)::int as n from visitor_requests`)).toEqual(before);
  });

  it('POST /services/supports/ answers a filled hidden field like a real request, and keeps and mails nothing', async () => {
    const ip = nextIp();
    const real = await api('/services/supports/', {
      method: 'POST',
      ip,
      json: { ...contact, email: 'real@clinic.kg', subject: 'Счёт', message: 'Настоящий вопрос' },
    });
    const before = await dbRows<{ n: number }>(sql`select count(*)::int as n from visitor_requests`);
    const mailsBefore = (await listOutbox({ limit: 1000 })).length;
    const { status, body } = await api('/services/supports/', {
      method: 'POST',
      ip,
      json: { ...contact, email: 'bot@spam.test', subject: 'Тема', message: 'spam', website: 'http://spam.test' },
    });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(Object.keys(real.body).sort());
    expect(body).toMatchObject({
      kind: 'support',
      email: 'bot@spam.test',
      message: 'spam',
      details: { subject: 'Тема' },
      detail: real.body.detail,
    });
    expect(body.id).toBeGreaterThan(real.body.id);
    expect(await dbRows<{ n: number }>(sql`select count(*)::int as n from visitor_requests`)).toEqual(before);
    expect((await listOutbox({ limit: 1000 })).length).toBe(mailsBefore);
  });

  it('POST /services/supports/ counts requests caught by the hidden field against the same limits', async () => {
    const ip = nextIp();
    const trapped = { ...contact, message: 'spam', website: 'http://spam.test' };
    for (let i = 0; i < 10; i++) {
      expect((await api('/services/supports/', { method: 'POST', ip, json: trapped })).status).toBe(201);
    }
    expect((await api('/services/supports/', { method: 'POST', ip, json: trapped })).status).toBe(429);
    const real = await api('/services/supports/', { method: 'POST', ip, json: { ...contact, message: 'вопрос' } });
    expect(real.status).toBe(429);
  });

  it('POST /services/course_requests/ refuses an unknown course caught by the hidden field as it refuses a real one', async () => {
    const body = { ...contact, course: 'no-such-course', website: 'x' };
    const trapped = await api('/services/course_requests/', { method: 'POST', ip: nextIp(), json: body });
    expect(trapped.status).toBe(400);
    expect(trapped.body).toEqual(
      (await api('/services/course_requests/', { method: 'POST', ip: nextIp(), json: { ...body, website: '' } })).body,
    );
  });

  it('POST /services/newsletter_subscriptions/ counts subscriptions caught by the hidden field', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const sent = await api('/services/newsletter_subscriptions/', {
        method: 'POST',
        ip,
        json: { email: `bot${i}@spam.test`, country: 'kg', website: 'x' },
      });
      expect(sent.status).toBe(201);
    }
    const refused = await api('/services/newsletter_subscriptions/', {
      method: 'POST',
      ip,
      json: { email: 'real@clinic.kg', country: 'kg' },
    });
    expect(refused.status).toBe(429);
  });

  it('POST /services/supports/ limits one address to 10 an hour with 429 and Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await api('/services/supports/', {
            method: 'POST',
            ip,
            json: { ...contact, email: `flood${i}@clinic.kg`, message: `Вопрос ${i}` },
          })
        ).status,
      ).toBe(201);
    }
    const refused = await api('/services/supports/', { method: 'POST', ip, json: { ...contact, message: 'ещё' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect(
      (
        await api('/services/supports/', {
          method: 'POST',
          ip: nextIp(),
          json: { ...contact, message: 'другой адрес' },
        })
      ).status,
    ).toBe(201);
  });

  it('POST /services/supports/ acknowledges to one mailbox at most 5 times an hour', async () => {
    const email = 'victim@clinic.kg';
    for (let i = 0; i < 7; i++)
      await api('/services/supports/', {
        method: 'POST',
        ip: nextIp(),
        json: { ...contact, email, message: `Вопрос ${i}` },
      });
    expect(await listOutbox({ to: email })).toHaveLength(5);
  });
});

describe('POST /services/course_requests/ and /services/course_search_requests/', () => {
  it('POST /services/course_requests/ signs up for an upcoming course by its slug', async () => {
    const [course] = await listAll('/services/courses/?city=BISHKEK');
    const { status, body } = await api('/services/course_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, email: '', course: course.slug, participants: '2', clinic: 'Стоматология «Улыбка»' },
    });
    expect(status).toBe(201);
    expect(body.course).toEqual({ id: course.id, slug: course.slug, title: course.title });
    expect(body.details).toEqual({ participants: 2, clinic: 'Стоматология «Улыбка»' });
  });

  it('POST /services/course_requests/ refuses more participants than seats left, and says how many are left', async () => {
    const [course] = await dbRows<{ slug: string; seats_left: number }>(
      sql`select slug, seats_left from courses where seats_left between 1 and 49 and end_date >= ${shopToday()}
          and is_published order by seats_left limit 1`,
    );
    const signUp = (participants: number) =>
      api('/services/course_requests/', {
        method: 'POST',
        ip: nextIp(),
        json: { ...contact, course: course!.slug, participants: String(participants) },
      });
    const refused = await signUp(course!.seats_left + 1);
    expect(refused.status).toBe(400);
    expect(refused.body.participants[0]).toContain(`не больше ${course!.seats_left} участников`);
    expect((await signUp(course!.seats_left)).status).toBe(201);
  });

  it('POST /services/course_requests/ takes a full course for the waiting list, refuses a past or unknown one', async () => {
    const [full] = await dbRows<{ slug: string }>(
      sql`select slug from courses where seats_left = 0 and end_date >= ${shopToday()} limit 1`,
    );
    expect(
      (
        await api('/services/course_requests/', {
          method: 'POST',
          ip: nextIp(),
          json: { ...contact, course: full!.slug },
        })
      ).status,
    ).toBe(201);
    const [past] = await dbRows<{ slug: string }>(
      sql`select slug from courses where end_date < ${shopToday()} limit 1`,
    );
    const pastAnswer = await api('/services/course_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, course: past!.slug },
    });
    expect(pastAnswer.status).toBe(400);
    expect(pastAnswer.body.course[0]).toContain('прошёл');
    const unknown = await api('/services/course_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, course: 'no-such-course' },
    });
    expect(unknown.body).toEqual({ course: ['Такого курса нет.'] });
  });

  it('POST /services/course_requests/ needs a phone or an email', async () => {
    const [course] = await listAll('/services/courses/');
    const { status, body } = await api('/services/course_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { name: 'Без контактов', course: course.slug, country: 'kz' },
    });
    expect(status).toBe(400);
    expect(body.phone[0]).toContain('Укажите телефон или электронную почту');
  });

  it('POST /services/course_search_requests/ takes a topic and a city code, and refuses an unknown city', async () => {
    const ok = await api('/services/course_search_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, topic: 'Эндодонтия на микроскопе', city: 'ASTANA' },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.details).toEqual({ topic: 'Эндодонтия на микроскопе', city: 'ASTANA' });
    const bad = await api('/services/course_search_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, topic: 'x', city: 'PARIS' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.city).toEqual([expect.stringContaining('ALMATY')]);
  });
});

describe('POST /services/printing_requestes/ and /services/vacancy_requests/', () => {
  it('POST /services/printing_requestes/ takes JSON without a file and a picked price list row', async () => {
    const [row] = await listAll('/services/printing_prices/?country=kg');
    const { status, body } = await api('/services/printing_requestes/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, printing_price: row.id, quantity: 3 },
    });
    expect(status).toBe(201);
    expect(body.printing_price).toEqual({ id: row.id, title: `${row.service}: ${row.material}` });
    expect(body.details).toEqual({ quantity: 3 });
  });

  it('POST /services/printing_requestes/ takes a link to a cloud folder instead of a file, and refuses one that is not a link', async () => {
    const link = 'https://disk.yandex.ru/d/scan-upper-jaw';
    const ok = await api('/services/printing_requestes/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, quantity: 2, file_url: `  ${link} ` },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.details).toEqual({ quantity: 2, file_url: link });
    const staff = (await listOutbox({ to: STAFF })).find(
      (m) => m.subject.includes(ok.body.number) || m.text.includes(link),
    );
    expect(staff?.text).toContain(`Ссылка на файл: ${link}`);
    for (const bad of ['disk.yandex.ru/d/scan', 'javascript:alert(1)', 'https://', `https://x.kg/${'a'.repeat(500)}`]) {
      const refused = await api('/services/printing_requestes/', {
        method: 'POST',
        ip: nextIp(),
        json: { ...contact, file_url: bad },
      });
      expect(refused.status, bad.slice(0, 30)).toBe(400);
      expect(Object.keys(refused.body)).toEqual(['file_url']);
    }
  });

  it('POST /services/printing_requestes/ keeps an STL model sent as multipart', async () => {
    const form = multipart(
      { ...contact, message: 'Модель верхней челюсти' },
      { field: 'file', name: '../upper jaw.stl', type: 'model/stl', data: asciiStl },
    );
    const { status, body } = await api('/services/printing_requestes/', { method: 'POST', ip: nextIp(), body: form });
    expect(status).toBe(201);
    expect(body.attachment).toEqual({ filename: 'upper jaw.stl', size: asciiStl.length });
    const [file] = await dbRows<{ filename: string; content_type: string; data: Buffer }>(
      sql`select f.filename, f.content_type, string_agg(c.data, ''::bytea order by c.seq) as data
          from request_files f join request_file_chunks c on c.file_id = f.id
          where f.request_id = ${body.id} group by f.id`,
    );
    expect(file!.content_type).toBe('model/stl');
    expect(Buffer.from(file!.data).toString()).toBe(asciiStl);
  });

  it.each([
    ['a PNG renamed .stl', 'jaw.stl', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
    ['an executable', 'setup.exe', 'MZ\u0090\u0000'],
    ['an empty file', 'jaw.stl', ''],
  ])('POST /services/printing_requestes/ refuses %s with a message beside the file field', async (_, name, data) => {
    const form = multipart(contact, { field: 'file', name, type: 'application/octet-stream', data });
    const { status, body } = await api('/services/printing_requestes/', { method: 'POST', ip: nextIp(), body: form });
    expect(status).toBe(400);
    expect(body.file).toEqual([expect.any(String)]);
  });

  it('POST /services/printing_requestes/ refuses a row the country does not offer', async () => {
    const kg = await listAll('/services/printing_prices/?country=kg');
    const kz = await listAll('/services/printing_prices/?country=kz');
    const onlyKz = kz.find((p) => !kg.some((k) => k.id === p.id))!;
    const { status, body } = await api('/services/printing_requestes/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, printing_price: onlyKz.id },
    });
    expect(status).toBe(400);
    expect(body.printing_price).toEqual([expect.any(String)]);
  });

  it('POST /services/vacancy_requests/ takes a CV for an open vacancy and refuses a closed one', async () => {
    const [open] = await listAll('/services/vacancies/?is_open=true');
    const form = multipart(
      { ...contact, vacancy: String(open.id), message: 'Опыт продаж 3 года' },
      { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: pdf },
    );
    const ok = await api('/services/vacancy_requests/', { method: 'POST', ip: nextIp(), body: form });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ vacancy: { id: open.id, title: open.title }, attachment: { filename: 'cv.pdf' } });

    const [closed] = await listAll('/services/vacancies/?is_open=false');
    const refused = await api('/services/vacancy_requests/', {
      method: 'POST',
      ip: nextIp(),
      json: { ...contact, vacancy: closed.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.vacancy[0]).toContain('закрыта');
  });

  it('POST /services/vacancy_requests/ refuses a declared body over 6 MB with 413 before reading it', async () => {
    const [open] = await listAll('/services/vacancies/?is_open=true');
    const big = await asBody(
      multipart(
        { ...contact, vacancy: String(open.id) },
        { field: 'resume', name: 'cv.pdf', type: 'application/pdf', data: `%PDF-${'x'.repeat(7 * 1024 * 1024)}` },
      ),
    );
    const sent = streamed(big.bytes);
    const { status } = await api('/services/vacancy_requests/', {
      method: 'POST',
      ip: nextIp(),
      body: sent.stream,
      headers: { 'Content-Type': big.type, 'Content-Length': String(big.bytes.length) },
      duplex: 'half',
    } as RequestInit);
    expect(status).toBe(413);
    expect(sent.pulled()).toBeLessThan(1024 * 1024);
  });

  it('POST /services/vacancy_requests/ reads a body sent without a length only up to its limits', async () => {
    const [open] = await listAll('/services/vacancies/?is_open=true');
    const send = async (megabytes: number) => {
      const big = await asBody(
        multipart(
          { ...contact, vacancy: String(open.id) },
          {
            field: 'resume',
            name: 'cv.pdf',
            type: 'application/pdf',
            data: `%PDF-${'x'.repeat(megabytes * 1024 * 1024)}`,
          },
        ),
      );
      const sent = streamed(big.bytes);
      const answer = await api('/services/vacancy_requests/', {
        method: 'POST',
        ip: nextIp(),
        body: sent.stream,
        headers: { 'Content-Type': big.type },
        duplex: 'half',
      } as RequestInit);
      return { ...answer, pulled: sent.pulled(), size: big.bytes.length };
    };
    // A CV over its 5 MB in a body within the route's 6 MB: the message beside the field.
    const cv = await send(5.5);
    expect(cv.status).toBe(400);
    expect(cv.body.resume).toEqual(['Файл больше 5 МБ.']);
    // A body over the route's limit: refused once the count passes it, the rest never read.
    const body = await send(9);
    expect(body.status).toBe(413);
    expect(body.pulled).toBeLessThan(body.size - 1024 * 1024);
    expect(await dbRows(sql`select 1 from request_files where size > 5 * 1024 * 1024`)).toEqual([]);
  });

  it('POST /services/printing_requestes/ refuses an address over its quota with 429 before reading the file', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const sent = await api('/services/printing_requestes/', {
        method: 'POST',
        ip,
        json: { ...contact, quantity: 1 },
      });
      expect(sent.status).toBe(201);
    }
    const model = await asBody(
      multipart(contact, {
        field: 'file',
        name: 'jaw.stl',
        type: 'model/stl',
        data: `${asciiStl}${' '.repeat(8 * 1024 * 1024)}`,
      }),
    );
    const sent = streamed(model.bytes);
    const refused = await api('/services/printing_requestes/', {
      method: 'POST',
      ip,
      body: sent.stream,
      headers: { 'Content-Type': model.type },
      duplex: 'half',
    } as RequestInit);
    expect(refused.status).toBe(429);
    expect(sent.pulled()).toBeLessThan(1024 * 1024);
  });

  it('POST /services/printing_requestes/ reads at most 4 uploads at once and asks a fifth to come back (503)', async () => {
    const model = await asBody(
      multipart(contact, { field: 'file', name: 'jaw.stl', type: 'model/stl', data: asciiStl }),
    );
    const held = Array.from({ length: 4 }, () => streamed(model.bytes, { holdLast: true }));
    const answers = held.map((sent) =>
      api('/services/printing_requestes/', {
        method: 'POST',
        ip: nextIp(),
        body: sent.stream,
        headers: { 'Content-Type': model.type },
        duplex: 'half',
      } as RequestInit),
    );
    await expect.poll(uploadsInProgress).toBe(4);
    const fifth = await api('/services/printing_requestes/', {
      method: 'POST',
      ip: nextIp(),
      body: multipart(contact, { field: 'file', name: 'jaw.stl', type: 'model/stl', data: asciiStl }),
    });
    expect(fifth.status).toBe(503);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const sent of held) sent.release();
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const again = await api('/services/printing_requestes/', {
      method: 'POST',
      ip: nextIp(),
      body: multipart(contact, { field: 'file', name: 'jaw.stl', type: 'model/stl', data: asciiStl }),
    });
    expect(again.status).toBe(201);
  });
});

describe('POST /services/newsletter_subscriptions/', () => {
  it('POST /services/newsletter_subscriptions/ keeps the address pending, mails the confirmation link, and answers the same when asked again', async () => {
    const email = 'news@clinic.kz';
    const first = await api('/services/newsletter_subscriptions/', {
      method: 'POST',
      ip: nextIp(),
      json: { email: 'News@Clinic.kz', country: 'kz' },
    });
    expect(first.status).toBe(201);
    expect(first.body.email).toBe(email);
    expect(first.body.detail).toMatch(/^Проверьте почту: мы отправили письмо на news@clinic\.kz\./);
    const again = await api('/services/newsletter_subscriptions/', {
      method: 'POST',
      ip: nextIp(),
      json: { email, country: 'kz' },
    });
    expect(again.body).toEqual(first.body);
    // Asked twice while pending: the confirmation link is mailed again (within the mailbox's quota).
    const mails = await listOutbox({ to: email });
    expect(mails.map((m) => m.kind)).toEqual(['newsletter_confirm', 'newsletter_confirm']);
    expect(mails[0]!.text).toMatch(/\/kz\/newsletter\/confirm\/[\w-]+\//);
    expect(
      await dbRows(sql`select email, country, confirmed_at from newsletter_subscriptions where email = ${email}`),
    ).toEqual([{ email, country: 'kz', confirmed_at: null }]);
  });

  it('POST /services/newsletter_subscriptions/ refuses an address that is not one', async () => {
    const { status, body } = await api('/services/newsletter_subscriptions/', {
      method: 'POST',
      ip: nextIp(),
      json: { email: 'not-an-email' },
    });
    expect(status).toBe(400);
    expect(body.email).toEqual([expect.any(String)]);
  });
});
