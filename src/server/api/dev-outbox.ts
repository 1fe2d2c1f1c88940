import { Hono } from 'hono';
import { env } from '../env.ts';
import { listOutbox, mailAttachmentsOf } from '../mail/index.ts';
import type { AppEnv } from './create-router.ts';

/**
 * `GET /dev/outbox/?to=`: the mails the shop kept, newest first, so browser tests and developers can
 * follow an activation link. Only with DEV_OUTBOX=true, and never in production: the outbox holds
 * live account links. Left out of the OpenAPI document.
 */
export const isDevOutboxEnabled = () => env.DEV_OUTBOX && env.NODE_ENV !== 'production';

export const devOutboxRouter = new Hono<AppEnv>({ strict: true }).get('/dev/outbox/', async (c) => {
  const to = c.req.query('to')?.trim().toLowerCase() || undefined;
  const mails = await listOutbox({ to, limit: 20 });
  c.header('Cache-Control', 'no-store');
  const files = await Promise.all(mails.map((m) => mailAttachmentsOf(m.id)));
  return c.json({
    results: mails.map((m, i) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      status: m.status,
      attachments: files[i]!.map((f) => ({
        filename: f.filename,
        content_type: f.contentType,
        size: f.content.length,
      })),
      created_at: m.createdAt.toISOString(),
    })),
  });
});
