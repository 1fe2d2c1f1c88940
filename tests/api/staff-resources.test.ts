/**
 * What every staff table made by `staffResource` answers, table by table: its five contracts declare
 * every status they give, an unknown id is a 404 with a Russian detail, a body that fails its schema
 * is a 400 per field, and a change that sends nothing leaves the row as it was.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const TABLES = [
  'vacancies',
  'categories',
  'brands',
  'courses',
  'banners',
  'contacts',
  'course_categories',
  'specifications',
  'documents',
  'printing_prices',
];

interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}
let paths: Record<string, Record<string, Operation>>;
let token: string;

beforeAll(async () => {
  paths = (await api('/schema/')).body.paths;
  token = await staffAccess();
});

describe('staff tables', () => {
  it.each(TABLES)('/staff/%s/ declares each route’s answers under drf-spectacular’s operation ids', (name) => {
    const list = paths[`/api/v1/staff/${name}/`]!;
    const item = paths[`/api/v1/staff/${name}/{id}/`]!;
    const declared = (operation: Operation) => [operation.operationId, Object.keys(operation.responses).sort()];
    expect(declared(list.get!)).toEqual([`staff_${name}_list`, ['200', '400', '401', '403']]);
    expect(declared(list.post!)).toEqual([`staff_${name}_create`, ['201', '400', '401', '403']]);
    expect(declared(item.get!)).toEqual([`staff_${name}_retrieve`, ['200', '401', '403', '404']]);
    expect(declared(item.patch!)).toEqual([`staff_${name}_partial_update`, ['200', '400', '401', '403', '404']]);
    const refusable = ['categories', 'course_categories'].includes(name);
    expect(declared(item.delete!)).toEqual([
      `staff_${name}_destroy`,
      refusable ? ['204', '400', '401', '403', '404'] : ['204', '401', '403', '404'],
    ]);
  });

  it.each(TABLES)('/staff/%s/ answers 404 in Russian for an id it does not have, on every item route', async (name) => {
    for (const method of ['GET', 'PATCH', 'DELETE']) {
      const answer = await api(`/staff/${name}/999999/`, {
        method,
        token,
        ...(method === 'PATCH' ? { json: {} } : {}),
      });
      expect(answer.status, `${method} ${name}`).toBe(404);
      expect(answer.body.detail, `${method} ${name}`).toMatch(/не найден/);
    }
  });

  it.each(TABLES)(
    '/staff/%s/ refuses a body that fails its schema per field, and keeps a row sent nothing',
    async (name) => {
      const refused = await api(`/staff/${name}/`, { method: 'POST', token, json: { position: 'первый' } });
      expect(refused.status).toBe(400);
      expect(
        Object.values(refused.body)
          .flat()
          .every((message) => typeof message === 'string'),
      ).toBe(true);

      const first = (await api(`/staff/${name}/?limit=1`, { token })).body.results[0];
      const kept = await api(`/staff/${name}/${first.id}/`, { method: 'PATCH', token, json: {} });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body).toEqual((await api(`/staff/${name}/${first.id}/`, { token })).body);
    },
  );

  it('POST /staff/exchanges/ is the exchange rates’ only staff route', () => {
    expect(Object.keys(paths['/api/v1/staff/exchanges/']!)).toEqual(['post']);
    expect(paths['/api/v1/staff/exchanges/{id}/']).toBeUndefined();
  });
});
