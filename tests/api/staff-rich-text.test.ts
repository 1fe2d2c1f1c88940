/**
 * Rich text written to the database some other way (a script, psql) reaches the back office's editor
 * sanitised, as pages show it (issue 34, item 7): the staff API sanitises on the way out too.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, STAFF } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';

const HOSTILE = '<p>Текст<img src="x" onerror="alert(1)"><script>alert(2)</script></p>';

let token: string;

beforeAll(async () => {
  token = (await login(STAFF.email, STAFF.password)).access;
});

function expectClean(html: string): void {
  expect(html).toContain('Текст');
  expect(html).not.toMatch(/onerror|<script|alert/);
}

describe('the staff API gives rich text only sanitised', () => {
  it('GET /staff/products/{sku}/ sanitises a description written past the shop', async () => {
    const [p] = await dbRows<{ sku: string }>(
      sql`update products set description = ${HOSTILE} where id = (select min(id) from products) returning sku`,
    );
    const answer = await api(`/staff/products/${encodeURIComponent(p!.sku)}/`, { token });
    expect(answer.status).toBe(200);
    expectClean(answer.body.description);
  });

  it('GET /staff/publications/{id}/ sanitises a body written past the shop', async () => {
    const [row] = await dbRows<{ id: number }>(
      sql`update publications set body = ${HOSTILE} where id = (select min(id) from publications) returning id`,
    );
    const answer = await api(`/staff/publications/${row!.id}/`, { token });
    expect(answer.status).toBe(200);
    expectClean(answer.body.body);
  });

  it('GET /staff/courses/{id}/ and /staff/documents/{id}/ sanitise theirs', async () => {
    const [course] = await dbRows<{ id: number }>(
      sql`update courses set description = ${HOSTILE} where id = (select min(id) from courses) returning id`,
    );
    expectClean((await api(`/staff/courses/${course!.id}/`, { token })).body.description);
    const [document] = await dbRows<{ id: number }>(
      sql`update documents set content = ${HOSTILE} where id = (select min(id) from documents) returning id`,
    );
    expectClean((await api(`/staff/documents/${document!.id}/`, { token })).body.content);
  });
});
