import type { Context } from 'hono';
import { answerExchange } from '../../exchange/exchange.service.ts';
import type { AppEnv } from '../create-router.ts';

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
