import type { Context } from 'hono';
import * as clinics from '../../clinics/index.ts';
import { ValidationError } from '../../errors.ts';
import { findVisibleOrder } from '../../orders/index.ts';
import { currentUser } from '../auth.ts';
import type { AppEnv, AppRouteHandler } from '../create-router.ts';
import { toClinicListJson, toClinicListSummaryJson } from './clinic-lists.mappers.ts';
import type * as routes from './clinic-lists.routes.ts';

/** A clinic's lists are its members' alone: never kept by a shared cache. */
const personal = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

const toLines = (items: { product: number; quantity: number }[]): clinics.ListLine[] =>
  items.map((item) => ({ productId: item.product, quantity: item.quantity }));

/** The lines of an order the account may read (its own or its clinic's) whose products are still in the catalog. */
async function orderLines(userId: number, number: string): Promise<clinics.ListLine[]> {
  const order = await findVisibleOrder(userId, number);
  if (!order) throw new ValidationError({ from_order: [clinics.LIST_MESSAGES.orderNotFound] });
  const lines = order.lines.flatMap((l) =>
    l.productId === null ? [] : [{ productId: l.productId, quantity: l.quantity }],
  );
  if (!lines.length) throw new ValidationError({ from_order: [clinics.LIST_MESSAGES.emptyOrder] });
  return lines;
}

export const listClinicLists: AppRouteHandler<typeof routes.listClinicLists> = async (c) => {
  const user = await currentUser(c);
  const lists = await clinics.listClinicLists(c.req.valid('param').id, user.id);
  personal(c);
  return c.json(lists.map(toClinicListSummaryJson), 200);
};

export const createClinicList: AppRouteHandler<typeof routes.createClinicList> = async (c) => {
  const user = await currentUser(c);
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  await clinics.findMemberClinic(id, user.id);
  const fromOrder = body.from_order !== undefined;
  const lines = fromOrder ? await orderLines(user.id, body.from_order!) : toLines(body.items ?? []);
  const list = await clinics.createClinicList(user.id, id, {
    name: body.name,
    lines,
    source: fromOrder ? 'from_order' : 'items',
  });
  personal(c);
  c.header('Location', `/api/v1/clinics/${id}/lists/${list.id}/`);
  return c.json(toClinicListJson(list), 201);
};

export const getClinicList: AppRouteHandler<typeof routes.getClinicList> = async (c) => {
  const user = await currentUser(c);
  const { id, list_id } = c.req.valid('param');
  const list = await clinics.findClinicList(id, list_id, user.id);
  personal(c);
  return c.json(toClinicListJson(list), 200);
};

export const updateClinicList: AppRouteHandler<typeof routes.updateClinicList> = async (c) => {
  const user = await currentUser(c);
  const { id, list_id } = c.req.valid('param');
  const body = c.req.valid('json');
  const list = await clinics.updateClinicList(user.id, id, list_id, {
    name: body.name,
    lines: body.items && toLines(body.items),
  });
  personal(c);
  return c.json(toClinicListJson(list), 200);
};

export const deleteClinicList: AppRouteHandler<typeof routes.deleteClinicList> = async (c) => {
  const user = await currentUser(c);
  const { id, list_id } = c.req.valid('param');
  await clinics.deleteClinicList(user.id, id, list_id);
  return c.body(null, 204);
};
