import * as accounts from '../../accounts/index.ts';
import { currentUser } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toPage } from '../pagination.ts';
import { toAddressJson } from './accounts.mappers.ts';
import type * as routes from './addresses.routes.ts';

export const listAddresses: AppRouteHandler<typeof routes.listAddresses> = async (c) => {
  const user = await currentUser(c);
  const { country, limit, offset } = c.req.valid('query');
  // A few per country: read whole, paged here.
  const all = await accounts.listAddresses(user.id, country);
  return c.json(
    toPage(c.req.url, all.slice(offset, offset + limit).map(toAddressJson), all.length, limit, offset),
    200,
  );
};

export const createAddress: AppRouteHandler<typeof routes.createAddress> = async (c) => {
  const user = await currentUser(c);
  return c.json(toAddressJson(await accounts.createAddress(user.id, c.req.valid('json'))), 201);
};

export const getAddress: AppRouteHandler<typeof routes.getAddress> = async (c) => {
  const user = await currentUser(c);
  return c.json(toAddressJson(await accounts.getAddress(user.id, c.req.valid('param').id)), 200);
};

export const updateAddress: AppRouteHandler<typeof routes.updateAddress> = async (c) => {
  const user = await currentUser(c);
  return c.json(
    toAddressJson(await accounts.updateAddress(user.id, c.req.valid('param').id, c.req.valid('json'))),
    200,
  );
};

export const deleteAddress: AppRouteHandler<typeof routes.deleteAddress> = async (c) => {
  const user = await currentUser(c);
  await accounts.deleteAddress(user.id, c.req.valid('param').id);
  return c.body(null, 204);
};
