/**
 * A course sign-up takes its seats from the course when staff accept it and gives them back when it is
 * declined, marked spam or moved back (issue 33): in the same transaction as the request's change, under
 * the course's row lock, journaled, and shown on the site at once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows, qs } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

let counter = 0;
const unique = (base: string) => `${base}-${process.pid}-${++counter}`;
const nextYear = new Date().getFullYear() + 1;

/** A published upcoming course in Bishkek with `seats` seats, made through the staff API. */
async function newCourse(token: string, seats: number) {
  const category = unique('seats-kursy');
  await dbRows(sql`insert into course_categories (slug, name) values (${category}, 'Терапия')`);
  const created = await api('/staff/courses/', {
    method: 'POST',
    token,
    json: {
      title: `Реставрации жевательной группы ${unique('c')}`,
      category,
      city: 'BISHKEK',
      venue: 'Учебный центр',
      start_date: `${nextYear}-04-10`,
      end_date: `${nextYear}-04-11`,
      price: '15000',
      lecturer: 'Асанова Г. Т.',
      seats_total: seats,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; slug: string; title: string; seats_left: number };
}

/** A visitor's sign-up through the site's form; its id in the inbox. */
async function signUp(course: { slug: string }, participants = 1): Promise<number> {
  const sent = await api('/services/course_requests/', {
    method: 'POST',
    ip: uniqueIp(),
    json: {
      name: 'Айдана Мамытова',
      phone: '+996 555 12-34-56',
      email: uniqueEmail('seats'),
      country: 'kg',
      course: course.slug,
      participants,
    },
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  return sent.body.id as number;
}

const move = (token: string, id: number, status: string) =>
  api(`/staff/requests/${id}/`, { method: 'PATCH', token, json: { status } });

async function seatsOf(token: string, courseId: number) {
  const course = await api(`/staff/courses/${courseId}/`, { token });
  expect(course.status).toBe(200);
  return { left: course.body.seats_left as number, byRequests: course.body.seats_by_requests as number };
}

const publicSeats = async (slug: string) => (await api(`/services/courses/${slug}/`)).body.seats_left as number;

describe('PATCH /staff/requests/{id}/: a course sign-up and its seats', () => {
  it('takes the participants’ seats on accept, keeps them when done, gives them back on decline, all on the site at once', async () => {
    const token = await staffAccess();
    const course = await newCourse(token, 5);
    const request = await signUp(course, 2);

    const opened = await api(`/staff/requests/${request}/`, { token });
    expect(opened.body).toMatchObject({
      kind: 'course',
      status: 'new',
      seats_held: 0,
      course: { id: course.id, title: course.title, seats_left: 5, seats_total: 5, url: `/kg/courses/${course.slug}/` },
    });

    const accepted = await move(token, request, 'accepted');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'accepted',
      status_label: 'Принята',
      seats_held: 2,
      course: { seats_left: 3 },
    });
    expect(await seatsOf(token, course.id)).toEqual({ left: 3, byRequests: 2 });
    expect(await publicSeats(course.slug)).toBe(3);

    // Accepting again, or noting what was done, takes nothing more; «done» keeps the seats (the visitor came).
    expect((await move(token, request, 'accepted')).body.seats_held).toBe(2);
    const noted = await api(`/staff/requests/${request}/`, { method: 'PATCH', token, json: { notes: 'Позвонили' } });
    expect(noted.body).toMatchObject({ seats_held: 2, course: { seats_left: 3 } });
    expect((await move(token, request, 'done')).body).toMatchObject({ seats_held: 2, course: { seats_left: 3 } });

    const declined = await move(token, request, 'declined');
    expect(declined.body).toMatchObject({ status: 'declined', status_label: 'Отклонена', seats_held: 0 });
    expect(declined.body.course.seats_left).toBe(5);
    expect(await seatsOf(token, course.id)).toEqual({ left: 5, byRequests: 0 });
    expect(await publicSeats(course.slug)).toBe(5);

    // Spam and a move back to «new» give the seats back too.
    expect((await move(token, request, 'accepted')).body.course.seats_left).toBe(3);
    expect((await move(token, request, 'spam')).body).toMatchObject({ seats_held: 0, course: { seats_left: 5 } });
    expect((await move(token, request, 'accepted')).body.course.seats_left).toBe(3);
    expect((await move(token, request, 'new')).body).toMatchObject({ seats_held: 0, course: { seats_left: 5 } });
  });

  it('refuses to accept more participants than seats are free with a 409 that says so, and changes nothing', async () => {
    const token = await staffAccess();
    const course = await newCourse(token, 3);
    const first = await signUp(course, 2);
    const second = await signUp(course, 2);
    expect((await move(token, first, 'accepted')).status).toBe(200);

    const refused = await move(token, second, 'accepted');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: `На курсе «${course.title}» свободно 1 место, а в заявке 2 участника: добавьте мест в карточке курса или отклоните заявку.`,
      seats_left: 1,
      seats_wanted: 2,
    });
    const still = await api(`/staff/requests/${second}/`, { token });
    expect(still.body).toMatchObject({ status: 'new', seats_held: 0, course: { seats_left: 1 } });

    // A full course says it has no seats; more seats on the course let the sign-up in.
    await signUp(course, 1).then((id) => move(token, id, 'accepted'));
    const full = await move(token, second, 'accepted');
    expect(full.status).toBe(409);
    expect(full.body.detail).toBe(
      `На курсе «${course.title}» не осталось свободных мест: добавьте мест в карточке курса или отклоните заявку.`,
    );
    const more = await api(`/staff/courses/${course.id}/`, { method: 'PATCH', token, json: { seats_total: 5 } });
    expect(more.body).toMatchObject({ seats_total: 5, seats_left: 2, seats_by_requests: 3 });
    expect((await move(token, second, 'accepted')).body).toMatchObject({ seats_held: 2, course: { seats_left: 0 } });
  });

  it('never oversells when sign-ups are accepted at once', async () => {
    const token = await staffAccess();
    const course = await newCourse(token, 3);
    const requests: number[] = [];
    for (let i = 0; i < 6; i += 1) requests.push(await signUp(course, 1));

    const answers = await Promise.all(requests.map((id) => move(token, id, 'accepted')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 409, 409, 409]);
    expect(await seatsOf(token, course.id)).toEqual({ left: 0, byRequests: 3 });
    const held = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from visitor_requests where course_id = ${course.id} and status = 'accepted' and seats_held = 1`,
    );
    expect(held[0]!.n).toBe(3);

    // Declining them all at once gives back exactly what was taken.
    await Promise.all(requests.map((id) => move(token, id, 'declined')));
    expect(await seatsOf(token, course.id)).toEqual({ left: 3, byRequests: 0 });
  });

  it('gives seats back no higher than the course’s total, and nothing once the course is gone', async () => {
    const token = await staffAccess();
    const course = await newCourse(token, 4);
    const request = await signUp(course, 3);
    expect((await move(token, request, 'accepted')).body.course.seats_left).toBe(1);
    // Staff cut the course to 2 seats, both free by their own hand.
    await api(`/staff/courses/${course.id}/`, { method: 'PATCH', token, json: { seats_total: 2, seats_left: 2 } });
    expect((await move(token, request, 'declined')).body.course).toMatchObject({ seats_left: 2, seats_total: 2 });

    const other = await signUp(course, 1);
    expect((await move(token, other, 'accepted')).status).toBe(200);
    expect((await api(`/staff/courses/${course.id}/`, { method: 'DELETE', token })).status).toBe(204);
    const orphan = await move(token, other, 'declined');
    expect(orphan.body).toMatchObject({ status: 'declined', seats_held: 0, course: null });
    const gone = await move(token, other, 'accepted');
    expect(gone.status).toBe(409);
    expect(gone.body.detail).toBe('Курса этой заявки больше нет: принять её нельзя.');
  });

  it('keeps «accepted» and «declined» to course sign-ups, and finds a course’s sign-ups by its id', async () => {
    const token = await staffAccess();
    const question = await api('/services/supports/', {
      method: 'POST',
      ip: uniqueIp(),
      json: { name: 'Бакыт', email: uniqueEmail('seats'), country: 'kg', message: 'Есть ли рассрочка?' },
    });
    expect(question.status).toBe(201);
    const refused = await move(token, question.body.id, 'accepted');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      status: ['«Принята» бывает только у записи на курс: выберите «В работе», «Готово» или «Спам».'],
    });
    expect((await move(token, question.body.id, 'declined')).status).toBe(400);
    expect((await move(token, question.body.id, 'done')).status).toBe(200);

    const course = await newCourse(token, 2);
    const request = await signUp(course);
    const list = await api(`/staff/requests/?${qs({ course: course.id })}`, { token });
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([request]);
    expect((await api('/staff/requests/?course=abc', { token })).status).toBe(400);
  });

  it('journals the request’s state and the course’s free seats, each in words', async () => {
    const token = await staffAccess();
    const course = await newCourse(token, 4);
    const request = await signUp(course, 2);
    await move(token, request, 'accepted');

    const entries = async (entity: string, id: number) =>
      (await api(`/staff/journal/?${qs({ entity, entity_id: id })}`, { token })).body.results as {
        changes: { field: string; text: string }[];
      }[];
    const [requestEntry] = await entries('request', request);
    expect(requestEntry!.changes.map((c) => c.field).sort()).toEqual(['seatsHeld', 'status']);
    expect(requestEntry!.changes.find((c) => c.field === 'status')!.text).toMatch(/новая → принята/);
    const [courseEntry] = await entries('course', course.id);
    expect(courseEntry!.changes).toEqual([expect.objectContaining({ field: 'seatsLeft', before: 4, after: 2 })]);
    expect(courseEntry!.changes[0]!.text).toMatch(/свободные места: 4 → 2/);
  });
});
