/**
 * The newsletter is double opt-in (issue 23, item 43): a subscription waits until its owner confirms
 * the mailed link, only confirmed addresses are subscribers (the back office's list and export), and
 * the form answers the same whatever the address's state, telling the owner by mail instead.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAILBOX_QUOTA } from '../../src/server/mail/index.ts';
import { CONFIRMATION_LIFETIME_SECONDS, makeConfirmationToken } from '../../src/server/requests/newsletter-links.ts';
import {
  confirmNewsletterSubscription,
  unsubscribeFromNewsletter,
} from '../../src/server/requests/newsletter.service.ts';
import { subscribeFromForm } from '../../src/server/web/newsletter.ts';
import { mailsTo, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const subscribe = async (email: string, country = 'kg') => {
  const answer = await api('/services/newsletter_subscriptions/', {
    method: 'POST',
    ip: uniqueIp(),
    json: { email, country },
  });
  expect(answer.status).toBe(201);
  return answer.body as { email: string; country: string; detail: string };
};

/** The token of the newest confirmation link mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  for (const mail of await mailsTo(email)) {
    const match = /https?:\/\/\S+\/(?:kg|kz)\/newsletter\/confirm\/([\w-]+)\//.exec(mail.text);
    if (match) return match[1]!;
  }
  throw new Error(`No confirmation link was mailed to ${email}`);
}

async function subscription(email: string) {
  const [row] = await dbRows<{
    id: number;
    email: string;
    token: string;
    confirmed_at: string | null;
    unsubscribed_at: string | null;
  }>(sql`select id, email, token, confirmed_at, unsubscribed_at from newsletter_subscriptions where email = ${email}`);
  return row!;
}

describe('the newsletter, double opt-in', () => {
  it('keeps a new address pending until the mailed link confirms it, then welcomes it with the unsubscribe link', async () => {
    const email = uniqueEmail('news');
    const answer = await subscribe(email, 'kz');
    expect(answer.detail).toBe(
      `Проверьте почту: мы отправили письмо на ${email}. Подтвердите подписку по ссылке из письма — без этого рассылка не придёт.`,
    );
    const [confirm] = await mailsTo(email);
    expect(confirm!.kind).toBe('newsletter_confirm');
    expect(confirm!.subject).toBe('Подтвердите подписку на рассылку ДенталМаркет');
    expect(confirm!.text).toContain('Подтвердить подписку:\nhttp://shop.test/kz/newsletter/confirm/');
    // No unsubscribe link before there is anything to leave; the shop's contacts as in every mail.
    expect(confirm!.text).not.toContain('/unsubscribe/');
    expect(confirm!.text).toContain('ДенталМаркет, Казахстан');
    expect((await subscription(email)).confirmed_at).toBeNull();

    const token = await confirmationToken(email);
    expect(await confirmNewsletterSubscription(token)).toBe('confirmed');
    const row = await subscription(email);
    expect(row.confirmed_at).not.toBeNull();
    const [welcome] = await mailsTo(email);
    expect(welcome!.kind).toBe('newsletter_welcome');
    expect(welcome!.text).toContain(`http://shop.test/kz/newsletter/unsubscribe/${row.token}/`);
    // The link used again says so, and mails nothing more.
    expect(await confirmNewsletterSubscription(token)).toBe('already');
    expect(await mailsTo(email)).toHaveLength(2);
  });

  it('answers a subscribed address the same, and tells its owner by mail that it is subscribed already', async () => {
    const email = uniqueEmail('again');
    const first = await subscribe(email);
    await confirmNewsletterSubscription(await confirmationToken(email));
    const confirmedAt = (await subscription(email)).confirmed_at;
    const again = await subscribe(email, 'kz');
    expect(again).toEqual({ ...first, country: 'kz' });
    const [told] = await mailsTo(email);
    expect(told!.kind).toBe('newsletter_already');
    expect(told!.subject).toBe('Вы уже подписаны на рассылку ДенталМаркет');
    expect(told!.text).toContain(`/kg/newsletter/unsubscribe/${(await subscription(email)).token}/`);
    expect(told!.text).not.toContain('/newsletter/confirm/');
    expect((await subscription(email)).confirmed_at).toEqual(confirmedAt);
  });

  it('mails a pending address its link again when asked again, never more often than the mailbox quota allows', async () => {
    const email = uniqueEmail('pending');
    for (let i = 0; i < MAILBOX_QUOTA.max + 2; i++) await subscribe(email);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(MAILBOX_QUOTA.max);
    expect(new Set(mails.map((m) => m.kind))).toEqual(new Set(['newsletter_confirm']));
    // Every link mailed confirms it.
    expect(await confirmNewsletterSubscription(await confirmationToken(email))).toBe('confirmed');
  });

  it('refuses a link that is expired, altered or made for another subscription', async () => {
    const email = uniqueEmail('expiring');
    await subscribe(email);
    const row = await subscription(email);
    const old = makeConfirmationToken(row, Date.now() - (CONFIRMATION_LIFETIME_SECONDS + 60) * 1000);
    expect(await confirmNewsletterSubscription(old)).toBe('expired');
    const good = await confirmationToken(email);
    const altered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    expect(await confirmNewsletterSubscription(altered)).toBe('unknown');
    const other = uniqueEmail('other');
    await subscribe(other);
    const otherRow = await subscription(other);
    // Another subscription's id with this one's signature.
    expect(await confirmNewsletterSubscription(good.replace(/^[0-9a-z]+/, otherRow.id.toString(36)))).toBe('unknown');
    expect(await confirmNewsletterSubscription('zzzzzzzz-zzzzzz-' + 'a'.repeat(32))).toBe('unknown');
    expect((await subscription(email)).confirmed_at).toBeNull();
    expect((await subscription(other)).confirmed_at).toBeNull();
  });

  it('asks an address that unsubscribed to confirm again when it subscribes anew', async () => {
    const email = uniqueEmail('returning');
    await subscribe(email);
    const firstLink = await confirmationToken(email);
    await confirmNewsletterSubscription(firstLink);
    expect(await unsubscribeFromNewsletter((await subscription(email)).token)).toBe(true);
    // Gone: its old link does not bring it back.
    expect(await confirmNewsletterSubscription(firstLink)).toBe('unknown');
    await subscribe(email);
    expect(await subscription(email)).toMatchObject({ confirmed_at: null, unsubscribed_at: null });
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('newsletter_confirm');
    expect(await confirmNewsletterSubscription(await confirmationToken(email))).toBe('confirmed');
  });

  it('the footer’s form answers every address alike', async () => {
    const form = (email: string) => {
      const data = new FormData();
      data.set('email', email);
      return data;
    };
    const subscribed = uniqueEmail('form-subscribed');
    await subscribe(subscribed);
    await confirmNewsletterSubscription(await confirmationToken(subscribed));
    const fresh = uniqueEmail('form-new');
    expect(await subscribeFromForm(form(fresh), 'kg', uniqueIp())).toEqual({ ok: true, email: fresh });
    expect(await subscribeFromForm(form(subscribed), 'kg', uniqueIp())).toEqual({ ok: true, email: subscribed });
    expect((await mailsTo(fresh))[0]!.kind).toBe('newsletter_confirm');
    expect((await mailsTo(subscribed))[0]!.kind).toBe('newsletter_already');
  });

  it('the back office shows each address’s state, and exports confirmed subscribers only', async () => {
    const token = await staffAccess();
    const confirmed = uniqueEmail('bo-confirmed');
    const pending = uniqueEmail('bo-pending');
    const left = uniqueEmail('bo-left');
    for (const email of [confirmed, pending, left]) await subscribe(email, 'kz');
    for (const email of [confirmed, left]) await confirmNewsletterSubscription(await confirmationToken(email));
    await unsubscribeFromNewsletter((await subscription(left)).token);

    const states = async (state?: string) => {
      const page = await api(`/staff/newsletter/?country=kz&search=bo-${state ? `&state=${state}` : ''}`, { token });
      expect(page.status).toBe(200);
      return Object.fromEntries(page.body.results.map((r: any) => [r.email, [r.state, r.state_label]]));
    };
    expect(await states()).toEqual({
      [confirmed]: ['active', 'Подписан'],
      [pending]: ['pending', 'Ждёт подтверждения'],
      [left]: ['unsubscribed', 'Отписался'],
    });
    expect(Object.keys(await states('active'))).toEqual([confirmed]);
    expect(Object.keys(await states('pending'))).toEqual([pending]);
    expect(Object.keys(await states('unsubscribed'))).toEqual([left]);
    const [row] = (await api(`/staff/newsletter/?search=${encodeURIComponent(pending)}`, { token })).body.results;
    expect(row).toMatchObject({ confirmed_at: null, unsubscribed_at: null, subscribed_at: expect.any(String) });

    const csv = (await api('/staff/newsletter/export/?country=kz', { token })).body as string;
    expect(csv).toContain(`${confirmed};kz;`);
    expect(csv).not.toContain(pending);
    expect(csv).not.toContain(left);
  });

  it('keeps the subscribers of before as subscribers: the migration confirms them when they subscribed', async () => {
    const legacy = uniqueEmail('legacy');
    await subscribe(legacy);
    const pending = await dbRows<{ id: number }>(
      sql`select id from newsletter_subscriptions where confirmed_at is null`,
    );
    const backfill = readFileSync(
      new URL('../../src/server/db/migrations/0034_newsletter_confirmation_backfill.sql', import.meta.url),
      'utf8',
    );
    try {
      await dbRows(sql.raw(backfill));
      const [row] = await dbRows<{ same: boolean }>(
        sql`select confirmed_at = created_at as same from newsletter_subscriptions where email = ${legacy}`,
      );
      expect(row!.same).toBe(true);
    } finally {
      await dbRows(
        sql`update newsletter_subscriptions set confirmed_at = null where id in (select (j->>0)::int from json_array_elements(${JSON.stringify(pending.map((p) => [p.id]))}::json) as j)`,
      );
    }
  });
});
