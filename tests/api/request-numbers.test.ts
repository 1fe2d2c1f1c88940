/**
 * Each kind of visitor request numbers its own (issue 23, item 35): the third question to support is
 * «В-0003» whatever else visitors sent meanwhile, in the answer, both mails and the back office; two
 * requests at once never share a number, and requests stored before got theirs from the migration.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailsTo, uniqueEmail } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

let ipCounter = 1;
/** An address per request: these tests send more of a kind than one address may in an hour. */
const nextIp = () => `203.0.113.${ipCounter++}`;
const contact = { name: 'Айгуль', phone: '+996 555 123 456', country: 'kg' };

const ask = (email = uniqueEmail('ask'), extra: Record<string, string> = {}) =>
  api('/services/supports/', {
    method: 'POST',
    ip: nextIp(),
    json: { ...contact, email, message: 'Есть ли сертификат?', ...extra },
  });
const searchCourse = () =>
  api('/services/course_search_requests/', {
    method: 'POST',
    ip: nextIp(),
    json: { ...contact, topic: 'Эндодонтия' },
  });

const serial = (number: string) => Number(number.split('-')[1]);

describe('request numbers', () => {
  it('count each kind on its own, with its letter, one after another', async () => {
    const first = await ask();
    const search = await searchCourse();
    const second = await ask();
    expect([first.status, search.status, second.status]).toEqual([201, 201, 201]);
    expect(first.body.number).toMatch(/^В-\d{4}$/);
    expect(search.body.number).toMatch(/^ПК-\d{4}$/);
    expect(serial(second.body.number)).toBe(serial(first.body.number) + 1);
    const [{ n }] = (await dbRows<{ n: number }>(
      sql`select count(*)::int as n from visitor_requests where kind = 'course_search'`,
    )) as [{ n: number }];
    expect(serial(search.body.number)).toBe(n);
  });

  it('name the request in the visitor’s mail and the staff’s', async () => {
    const email = uniqueEmail('numbered');
    const sent = await ask(email);
    const { number } = sent.body;
    const [ack] = await mailsTo(email);
    expect(ack!.subject).toContain(`(${number})`);
    expect(ack!.text).toContain(`Мы получили ваш вопрос: номер ${number}.`);
    const staff = (await mailsTo('staff@localhost')).find((m) => m.subject.startsWith(`Вопрос в поддержку ${number}:`));
    expect(staff?.text).toContain(`Вопрос в поддержку ${number}`);
  });

  it('never give two requests sent at once the same number, and leave no gap', async () => {
    const before = serial((await ask()).body.number);
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask()));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const numbers = answers.map((a) => serial(a.body.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
  });

  it('answer a bot caught by the hidden field with the next number, without taking it', async () => {
    const trapped = await ask(uniqueEmail('bot'), { website: 'http://spam.test' });
    expect(trapped.status).toBe(201);
    const real = await ask();
    expect(real.body.number).toBe(trapped.body.number);
  });

  it('show in the back office, which finds a request by its number however it is typed', async () => {
    const token = await staffAccess();
    const sent = await ask();
    const { number } = sent.body;
    const typed = [number, number.toLowerCase(), `В ${serial(number)}`, `B-${serial(number)}`];
    for (const search of typed) {
      const found = await api(`/staff/requests/?search=${encodeURIComponent(search)}`, { token });
      expect(found.status, search).toBe(200);
      expect(
        found.body.results.map((r: { id: number; number: string }) => [r.id, r.number]),
        search,
      ).toEqual([[sent.body.id, number]]);
    }
    expect((await api(`/staff/requests/${sent.body.id}/`, { token })).body.number).toBe(number);
  });

  it('are given to requests stored before by the migration: 1, 2, 3… per kind in the order they came', async () => {
    await ask();
    await searchCourse();
    const backfill = readFileSync(
      new URL('../../src/server/db/migrations/0032_request_numbers_backfill.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const kept = await dbRows<{ id: number; number: number }>(sql`select id, number from visitor_requests`);
    const counters = await dbRows<{ kind: string; last: number }>(sql`select kind, last from request_counters`);
    try {
      await dbRows(sql`update visitor_requests set number = null where id > 0`);
      await dbRows(sql`delete from request_counters where kind <> ''`);
      for (const statement of backfill) await dbRows(sql.raw(statement));
      const rows = await dbRows<{ kind: string; number: number }>(
        sql`select kind, number from visitor_requests order by kind, created_at, id`,
      );
      const expected = new Map<string, number>();
      for (const row of rows) {
        expected.set(row.kind, (expected.get(row.kind) ?? 0) + 1);
        expect(row.number).toBe(expected.get(row.kind));
      }
      const after = await dbRows<{ kind: string; last: number }>(sql`select kind, last from request_counters`);
      expect(Object.fromEntries(after.map((c) => [c.kind, c.last]))).toEqual(Object.fromEntries(expected));
    } finally {
      await dbRows(sql`update visitor_requests set number = null where id > 0`);
      await dbRows(
        sql`update visitor_requests r set number = j.number from json_to_recordset(${JSON.stringify(kept)}::json) as j(id int, number int) where r.id = j.id`,
      );
      await dbRows(
        sql`update request_counters c set last = j.last from json_to_recordset(${JSON.stringify(counters)}::json) as j(kind text, last int) where c.kind = j.kind`,
      );
    }
  });
});
