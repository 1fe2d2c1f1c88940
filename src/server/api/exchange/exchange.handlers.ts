import type { Context } from 'hono';
import { answerExchange } from '../../exchange/exchange.service.ts';
import type { AppEnv, AppRouteHandler } from '../create-router.ts';
import { listExchangeSessions } from '../../exchange/exchange.queries.ts';
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
  const results = items.map((s) => ({
    id: s.id,
    type: s.type,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    user_email: s.userEmail,
    files: s.files.map((f) => ({
      task_id: f.taskId,
      filename: f.filename,
      status: f.status,
      message: f.message,
      counts: f.counts ?? {},
      notes: f.notes ?? [],
    })),
    orders_taken: s.ordersTaken,
  }));
  c.header('Cache-Control', 'private, no-store');
  return c.json(toPage(c.req.url, results, count, limit, offset), 200);
};
