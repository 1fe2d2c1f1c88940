import { readDashboard } from '../../back-office/dashboard.queries.ts';
import { NotFoundError } from '../../errors.ts';
import { changeOrderStatusAsStaff, findOrderForStaff, listOrdersForStaff } from '../../orders/index.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toDashboardJson, toStaffOrderDetailJson, toStaffOrderJson } from './back-office.mappers.ts';
import type * as routes from './back-office.routes.ts';

const NO_ORDER = 'Заказ не найден.';

export const listOrders: AppRouteHandler<typeof routes.listOrders> = async (c) => {
  const query = c.req.valid('query');
  const found = await listOrdersForStaff({
    status: query.status,
    country: query.country,
    createdFrom: query.created_after,
    createdBefore: query.created_before,
    search: query.search,
    ordering: query.ordering,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toStaffOrderJson), 200);
};

export const getOrder: AppRouteHandler<typeof routes.getOrder> = async (c) => {
  const found = await findOrderForStaff(c.req.valid('param').number);
  if (!found) throw new NotFoundError(NO_ORDER);
  return c.json(toStaffOrderDetailJson(found), 200);
};

export const changeStatus: AppRouteHandler<typeof routes.changeStatus> = async (c) => {
  const { number } = c.req.valid('param');
  const { status, comment } = c.req.valid('json');
  await changeOrderStatusAsStaff(c.get('user')!.id, number, status, comment);
  const found = await findOrderForStaff(number);
  if (!found) throw new NotFoundError(NO_ORDER);
  return c.json(toStaffOrderDetailJson(found), 200);
};

export const dashboard: AppRouteHandler<typeof routes.dashboard> = async (c) =>
  c.json(toDashboardJson(await readDashboard()), 200);
