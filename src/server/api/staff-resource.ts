/**
 * One staff table as the API serves it, from a few lines: the five DRF routes of `/staff/<name>/`
 * (list, retrieve, create, partial_update, destroy) with drf-spectacular's operation ids, every answer
 * each gives, and their handlers (validated input → the service → the mapper). A table that has fewer
 * (exchange rates are only created here) gives only the service methods it has.
 */
import { createRoute, type OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { detailSchema, fieldErrorsSchema, idParam, jsonContent } from './common.schemas.ts';
import type { AppEnv } from './create-router.ts';
import { toMappedPage } from './pagination.ts';

/** What a staff table's service does; each method a route. `actor` is the signed-in staff member's id. */
// Properties rather than methods, so that each function is checked against what its route validates.
export interface StaffService<Row, Query, Create, Update> {
  /** Every row (the page is cut here) or one page of them with the count of all. */
  list?: (query: Query) => Promise<Row[] | { items: Row[]; count: number }>;
  /** @throws NotFoundError */
  get?: (id: number) => Promise<Row>;
  /** @throws ValidationError per field */
  create?: (actor: number, body: Create) => Promise<Row>;
  /** Changes the fields sent. @throws NotFoundError, ValidationError */
  update?: (actor: number, id: number, body: Update) => Promise<Row>;
  /** @throws NotFoundError; ValidationError when the row may not go (`deleteRefusal`) */
  delete?: (actor: number, id: number) => Promise<void>;
}

type Action = 'list' | 'retrieve' | 'create' | 'partial_update' | 'destroy';

interface Paging {
  limit: number;
  offset: number;
}

export interface StaffResourceDefinition<
  Q extends z.ZodObject,
  I extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Row,
> {
  /** The path under `/staff/` and the operation ids' middle: `course_categories`. */
  name: string;
  /** One row in the documentation's English: `course category`. */
  one: string;
  /** What the documentation says of each route, where more than the default. */
  summaries?: Partial<Record<Action, string>>;
  /** Why a delete may be refused (a 400 `{non_field_errors}`): said in the documentation. */
  deleteRefusal?: string;
  schemas: {
    /** The list's query: at least `limit` and `offset` (`paginationQuery`). */
    query?: z.output<Q> extends Paging ? Q : never;
    /** The list's answer: `pageSchema(item)`, named. */
    page?: z.ZodType;
    item: I;
    create?: C;
    update?: U;
  };
  service: StaffService<Row, z.output<Q>, z.output<C>, z.output<U>>;
  /** The row as the item schema says, snake_case. */
  toJson(row: Row): z.input<I>;
}

export interface StaffResource {
  /** The contracts, for the router's staff check (`createStaffRouter`). */
  routes: RouteConfig[];
  /** Adds the routes with their handlers to the router. */
  register(router: OpenAPIHono<AppEnv>): void;
}

const tags = ['Staff'];
const security = [{ bearerAuth: [] }];
const staffOnly = {
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
};
const jsonBody = (schema: z.ZodType) => ({ content: { 'application/json': { schema } }, required: true });

const actor = (c: Context<AppEnv>) => c.get('user')!.id;
/** What the route's validators let through: hono keeps it per route, read here by the target's name. */
const valid = <T>(c: Context<AppEnv>, target: 'query' | 'param' | 'json') => c.req.valid(target as never) as T;

/** The contracts and handlers of a staff table; see {@link StaffResourceDefinition}. */
export function staffResource<
  Q extends z.ZodObject,
  I extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  Row,
>(definition: StaffResourceDefinition<Q, I, C, U, Row>): StaffResource {
  const { name, one, schemas, service, toJson, summaries = {} } = definition;
  const list = `/staff/${name}/`;
  const item = `/staff/${name}/{id}/`;
  const many = name.replace(/_/g, ' ');
  const noSuch = { 404: jsonContent(detailSchema, `No such ${one}`) };
  const perField = { 400: jsonContent(fieldErrorsSchema, 'Per field') };
  const common = (action: Action, fallback: string) => ({
    operationId: `staff_${name}_${action}`,
    tags,
    security,
    summary: summaries[action] ?? fallback,
  });
  const required = <T>(schema: T | undefined, what: string): T => {
    if (!schema) throw new Error(`staffResource(${name}): ${what} needs its schema`);
    return schema;
  };

  const entries: [RouteConfig, (c: Context<AppEnv>) => Promise<Response>][] = [];
  if (service.list) {
    const read = service.list;
    const query = required(schemas.query, 'list');
    entries.push([
      createRoute({
        ...common('list', `Every ${one}`),
        method: 'get',
        path: list,
        request: { query },
        responses: {
          200: jsonContent(required(schemas.page, 'list'), `A page of ${many}`),
          400: jsonContent(fieldErrorsSchema, 'Invalid filters or paging'),
          ...staffOnly,
        },
      }),
      async (c) => {
        const paging = valid<z.output<Q> & Paging>(c, 'query');
        const found = await read(paging);
        const page = Array.isArray(found)
          ? { count: found.length, items: found.slice(paging.offset, paging.offset + paging.limit) }
          : found;
        return c.json(toMappedPage(c.req.url, paging, page, toJson), 200);
      },
    ]);
  }
  if (service.get) {
    const get = service.get;
    entries.push([
      createRoute({
        ...common('retrieve', `One ${one}`),
        method: 'get',
        path: item,
        request: { params: idParam },
        responses: { 200: jsonContent(schemas.item, `The ${one}`), ...staffOnly, ...noSuch },
      }),
      async (c) => c.json(toJson(await get(valid<{ id: number }>(c, 'param').id)), 200),
    ]);
  }
  if (service.create) {
    const create = service.create;
    entries.push([
      createRoute({
        ...common('create', `Add a ${one}`),
        method: 'post',
        path: list,
        request: { body: jsonBody(required(schemas.create, 'create')) },
        responses: { 201: jsonContent(schemas.item, `The ${one}`), ...perField, ...staffOnly },
      }),
      async (c) => c.json(toJson(await create(actor(c), valid<z.output<C>>(c, 'json'))), 201),
    ]);
  }
  if (service.update) {
    const update = service.update;
    entries.push([
      createRoute({
        ...common('partial_update', 'Change the fields sent'),
        method: 'patch',
        path: item,
        request: { params: idParam, body: jsonBody(required(schemas.update, 'partial_update')) },
        responses: { 200: jsonContent(schemas.item, `The ${one}`), ...perField, ...staffOnly, ...noSuch },
      }),
      async (c) => {
        const { id } = valid<{ id: number }>(c, 'param');
        return c.json(toJson(await update(actor(c), id, valid<z.output<U>>(c, 'json'))), 200);
      },
    ]);
  }
  if (service.delete) {
    const remove = service.delete;
    const refused: Record<number, ReturnType<typeof jsonContent>> = definition.deleteRefusal
      ? { 400: jsonContent(fieldErrorsSchema, definition.deleteRefusal) }
      : {};
    entries.push([
      createRoute({
        ...common('destroy', `Delete a ${one}`),
        method: 'delete',
        path: item,
        request: { params: idParam },
        responses: { 204: { description: 'Deleted' }, ...refused, ...staffOnly, ...noSuch },
      }),
      async (c) => {
        await remove(actor(c), valid<{ id: number }>(c, 'param').id);
        return c.body(null, 204);
      },
    ]);
  }

  return {
    routes: entries.map(([route]) => route),
    register(router) {
      // Each handler reads what its own contract validated (`valid`), which the generic route type cannot say.
      for (const [route, handler] of entries) router.openapi(route, handler as never);
    },
  };
}
