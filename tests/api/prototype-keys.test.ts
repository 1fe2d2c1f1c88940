/**
 * Every route that takes a JSON body, fed keys named like Object.prototype's members (`constructor`,
 * `toString`, `hasOwnProperty`, `valueOf`, `__proto__`) at the top and inside nested objects, as staff:
 * none answers 5xx (issue 34, item 10). Error maps are built without prototypes and looked up with
 * Object.hasOwn, so such a key is an unknown field, never a method called by mistake.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, STAFF } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile } from '../helpers/imports.ts';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const PROTOTYPE_KEYS = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
let token: string;
let sku: string;

beforeAll(async () => {
  doc = (await api('/schema/')).body;
  token = (await login(STAFF.email, STAFF.password)).access;
  [{ sku }] = (await dbRows<{ sku: string }>(sql`select sku from products order by id limit 1`)) as [{ sku: string }];
});

function resolve(schema: Schema | undefined): Schema {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return (name ? doc.components.schemas[name] : schema) ?? {};
}

/** A value the schema accepts, with prototype-named keys added to every object in it. */
function poisoned(schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (s.example !== undefined && s.type !== 'object') return s.example;
  if (s.enum) return s.enum[0];
  if (s.type === 'object' || s.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(s.properties ?? {}))
      value[key] = depth < 3 ? poisoned(property, depth + 1) : 'probe';
    for (const key of PROTOTYPE_KEYS) Object.defineProperty(value, key, { value: 'x', enumerable: true });
    return value;
  }
  if (s.type === 'array') return [poisoned(s.items, depth + 1)];
  if (s.type === 'boolean') return false;
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.format === 'email') return 'probe@example.com';
  return 'probe';
}

function pathOf(path: string, operation: Operation): string {
  return path.slice('/api/v1'.length).replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'sku') return encodeURIComponent(sku);
    if (name === 'email') return encodeURIComponent(STAFF.email);
    const param = operation.parameters?.find((p) => p.name === name);
    const schema = resolve(param?.schema);
    return String(schema.example ?? (schema.type === 'integer' ? 1 : 'probe'));
  });
}

describe('prototype-named keys in request bodies', () => {
  it('no route answers 5xx to keys named constructor, toString, hasOwnProperty, valueOf or __proto__', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema || method === 'get') continue;
        const bodies = [poisoned(schema), Object.fromEntries(PROTOTYPE_KEYS.map((key) => [key, { toString: 1 }]))];
        for (const body of bodies) {
          tried += 1;
          const answer = await api(pathOf(path, operation), {
            method: method.toUpperCase(),
            token,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            ip: `198.51.100.${tried % 250}`,
          });
          if (answer.status >= 500)
            failures.push(
              `${method.toUpperCase()} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
            );
        }
      }
    }
    expect(tried).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('query parameters named like prototype members are no 5xx either', async () => {
    const failures: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const operation = item.get;
      if (!operation) continue;
      const query = PROTOTYPE_KEYS.map((key) => `${key}=x`).join('&');
      const answer = await api(`${pathOf(path, operation)}?${query}`, { token });
      if (answer.status >= 500) failures.push(`GET ${path}: ${answer.status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('prototype-named keys in an import file', () => {
  it('a products file with such keys and specifications ends with row errors, not an internal failure', async () => {
    const task = await importFile('products', {
      name: 'p.json',
      data: '[{"sku": "PROTO-1", "name": "Бор", "constructor": 1, "toString": "x", "specifications": {"constructor": "x", "valueOf": "y"}}]',
    });
    expect(task.status).toBe('FAILURE');
    expect(task.result).not.toContain('внутренней');
    expect(task.errors.filter((e: { code: string }) => e.code === 'unknown_field')).toHaveLength(2);
  });
});
