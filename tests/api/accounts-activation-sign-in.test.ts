import { describe, expect, it } from 'vitest';
import { issueActivationMarker } from '../../src/server/accounts/activation-device.ts';
import { login, mailedLink, mailsTo, registration, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api } from '../helpers/api.ts';
import { orderBody, stockedProduct } from '../helpers/orders.ts';

// Issue 36, item 6: the activation link signs in only in the browser that registered, and keeps `next`.
const ACTIVATION = '/accounts/auth/users/activation/';

/** Registers and gives the marker cookie the answer set, as a browser would keep it. */
async function register(overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const answer = await api('/accounts/auth/users/', { method: 'POST', json: input, ip: uniqueIp() });
  expect(answer.status).toBe(201);
  const setCookie = answer.headers.get('set-cookie') ?? '';
  const marker = /activation_device=([^;]+)/.exec(setCookie)?.[1];
  return {
    email: input.email as string,
    password: input.password as string,
    id: answer.body.id as number,
    setCookie,
    marker,
  };
}

const activate = (link: { uid: string; token: string }, marker?: string) =>
  api(ACTIVATION, {
    method: 'POST',
    json: { uid: link.uid, token: link.token },
    headers: marker ? { Cookie: `activation_device=${marker}` } : {},
    ip: uniqueIp(),
  });

describe('registration marks the browser that sent it', () => {
  it('with a short-lived HttpOnly cookie for the activation route alone', async () => {
    const { setCookie, marker } = await register();
    expect(marker).toEqual(expect.any(String));
    expect(setCookie).toContain('Path=/api/v1/accounts/auth/users/activation/');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Max-Age=7200');
  });

  it('and an address that has an account gets a cookie too, which signs nobody in', async () => {
    const first = await register();
    const again = await register({
      email: first.email,
      password: 'Another-Pass-2026',
      re_password: 'Another-Pass-2026',
    });
    expect(again.marker).toEqual(expect.any(String));
    // The owner's account was never activated: the second registration mailed its link again.
    const link = await mailedLink(first.email, 'activate');
    const answer = await activate(link, again.marker);
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
  });
});

describe('POST /accounts/auth/users/activation/', () => {
  it('signs in from the browser that registered: a token pair, and the marker is spent', async () => {
    const { email, marker } = await register();
    const link = await mailedLink(email, 'activate');
    const answer = await activate(link, marker);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    expect(answer.headers.get('set-cookie')).toMatch(/activation_device=;.*Max-Age=0/);
    const me = await api('/accounts/auth/users/me/', { token: answer.body.access });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, is_active: true });
    // The link is spent: a second use signs in nobody.
    expect((await activate(link, marker)).status).not.toBe(200);
  });

  it('only activates from anywhere else: no cookie, another account’s, a forged or an expired one', async () => {
    const other = await register();
    const cases: ((id: number) => Promise<string | undefined>)[] = [
      async () => undefined,
      async () => other.marker,
      async () => `${other.marker!.slice(0, -4)}AAAA`,
      (id) => issueActivationMarker(id, new Date(Date.now() - 3 * 3600_000)),
    ];
    for (const markerFor of cases) {
      const { email, password, id } = await register();
      const answer = await activate(await mailedLink(email, 'activate'), await markerFor(id));
      expect(answer.status).toBe(204);
      expect(answer.body).toBe('');
      // Activated all the same: the person signs in with the password.
      expect((await login(email, password)).access).toEqual(expect.any(String));
    }
  });

  it('signs in an account opened at checkout from the link in its order mail, a button in the HTML', async () => {
    const { email, password, marker } = await register({ confirm_later: true });
    const { access } = await login(email, password);
    const product = await stockedProduct(5);
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      token: access,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      json: orderBody([{ product: product.id, quantity: 1 }]),
    });
    expect(placed.status).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('order_confirm_email');
    const link = await mailedLink(email, 'activate');
    expect(mail!.html).toMatch(new RegExp(`<a href="${link.url.replace(/[.?]/g, '\\$&')}"[^>]*>Подтвердить адрес</a>`));
    const answer = await activate(link, marker);
    expect(answer.status).toBe(200);
    expect(answer.body.access).toEqual(expect.any(String));
  });
});

describe('`next` at registration', () => {
  it('comes back in the mailed activation link, a button in the HTML', async () => {
    const { email } = await register({ next: '/kg/cart/' });
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe('activation');
    const url = /https?:\/\/[^\s"<>]+\/kg\/activate\/[^\s"<>]+/.exec(mail!.text)![0];
    expect(new URL(url).searchParams.get('next')).toBe('/kg/cart/');
    expect(mail!.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(mail!.html).toMatch(/<a href="[^"]+\/kg\/activate\/[^"]+"[^>]*>Подтвердить адрес<\/a>/);
  });

  it('takes only a path on this site', async () => {
    for (const next of ['https://evil.example/', '//evil.example/kg/', '/\\evil.example', 'kg/cart/', '/kg/\ncart/']) {
      const email = uniqueEmail('next');
      const answer = await api('/accounts/auth/users/', {
        method: 'POST',
        json: registration({ email, next }),
        ip: uniqueIp(),
      });
      expect(answer.status, next).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['next']);
    }
  });
});

describe('`next` through a resent activation mail', () => {
  const resend = (json: unknown) =>
    api('/accounts/auth/users/resend_activation/', { method: 'POST', json, ip: uniqueIp() });
  const activationLinks = async (email: string) =>
    (await mailsTo(email))
      .filter((mail) => mail.kind === 'activation')
      .map((mail) => new URL(/https?:\/\/[^\s"<>]+\/kg\/activate\/[^\s"<>]+/.exec(mail.text)![0]));

  it('the new link returns where the person registered from', async () => {
    const { email } = await register({ next: '/kg/checkout/' });
    expect((await resend({ email, next: '/kg/checkout/' })).status).toBe(204);
    const [resent, first] = await activationLinks(email);
    expect(resent!.searchParams.get('next')).toBe('/kg/checkout/');
    expect(first!.searchParams.get('next')).toBe('/kg/checkout/');
  });

  it('without `next` the new link has none, and only a path on this site is taken', async () => {
    const { email } = await register();
    expect((await resend({ email })).status).toBe(204);
    const [resent] = await activationLinks(email);
    expect(resent!.searchParams.has('next')).toBe(false);
    for (const next of ['https://evil.example/', '//evil.example/kg/', 'kg/cart/']) {
      const answer = await resend({ email, next });
      expect(answer.status, next).toBe(400);
      expect(Object.keys(answer.body)).toEqual(['next']);
    }
  });
});
