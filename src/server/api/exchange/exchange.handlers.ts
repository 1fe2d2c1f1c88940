import type { Context } from 'hono';
import { answerExchange } from '../../exchange/exchange.service.ts';
import type { AppEnv, AppRouteHandler } from '../create-router.ts';
import * as mappings from '../../exchange/exchange-mappings.ts';
import { getExchangeSession, listExchangeSessions } from '../../exchange/exchange.queries.ts';
import { toMappingJson, toSessionJson } from './exchange.mappers.ts';
import { toPage } from '../pagination.ts';
import type * as staffRoutes from './exchange-staff.routes.ts';

/** Every mode of the exchange, GET or POST: the domain answers the text 1C reads. */
export async function exchange(c: Context<AppEnv>) {
  const query = c.req.query();
  const text = await answerExchange({
    type: query.type,
    mode: query.mode,
    filename: query.filename,
    sessid: query.sessid,
    authorization: c.req.header('authorization'),
    cookie: c.req.header('cookie'),
    ip: c.env?.clientAddress ?? '',
    body: async () => Buffer.from(await c.req.arrayBuffer()),
  });
  c.header('Cache-Control', 'no-store');
  // The orders (`type=sale&mode=query`) are a CommerceML document; every other answer is plain text.
  if (text.startsWith('<?xml')) return c.body(text, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  return c.text(text, 200);
}

export const listSessions: AppRouteHandler<typeof staffRoutes.listExchangeSessions> = async (c) => {
  const { limit, offset } = c.req.valid('query');
  const { count, items } = await listExchangeSessions(limit, offset);
  c.header('Cache-Control', 'private, no-store');
  return c.json(toPage(c.req.url, items.map(toSessionJson), count, limit, offset), 200);
};

export const retrieveSession: AppRouteHandler<typeof staffRoutes.retrieveExchangeSession> = async (c) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json(toSessionJson(await getExchangeSession(c.req.valid('param').id)), 200);
};

export const listMappings: AppRouteHandler<typeof staffRoutes.listExchangeMappings> = async (c) => {
  const { limit, offset, kind } = c.req.valid('query');
  const { count, items } = await mappings.listMappings({ kind, limit, offset });
  c.header('Cache-Control', 'private, no-store');
  return c.json(toPage(c.req.url, items.map(toMappingJson), count, limit, offset), 200);
};

export const updateMapping: AppRouteHandler<typeof staffRoutes.updateExchangeMapping> = async (c) => {
  const id = c.req.valid('param').id;
  const colon = id.indexOf(':');
  const kind = id.slice(0, colon) as mappings.MappingKind;
  const mapping = await mappings.setMapping(c.get('user')!.id, kind, id.slice(colon + 1), c.req.valid('json').target);
  return c.json(toMappingJson(mapping), 200);
};
