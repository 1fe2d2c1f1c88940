import { backgroundSettled } from '../../src/server/accounts/background.ts';
import { DEMO_ACCOUNTS } from '../../src/server/accounts/seed.ts';
import { createAccount, type NewAccount } from '../../src/server/accounts/users.admin.ts';
import { listOutbox, type MailRecord } from '../../src/server/mail/index.ts';
import { api } from './api.ts';

export const STAFF = DEMO_ACCOUNTS[0];
export const CUSTOMER = DEMO_ACCOUNTS[1];

export const GOOD_PASSWORD = 'Composite-Filling-42';

let sequence = 0;

/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(prefix = 'user'): string {
  sequence += 1;
  return `${prefix}-${sequence}-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
}

/** A unique client address per call, so rate limits of one test do not spill into another. */
export function uniqueIp(): string {
  sequence += 1;
  return `198.51.100.${(sequence % 250) + 1}`;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    re_password: GOOD_PASSWORD,
    first_name: 'Айгуль',
    last_name: 'Садыкова',
    phone: '+996 555 123 456',
    country: 'kg',
    ...overrides,
  };
}

/** An active account made directly (no activation mail), with its password. */
export async function activeUser(overrides: Partial<NewAccount> = {}) {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const user = await createAccount({ firstName: 'Тест', phone: '+996555111222', ...overrides, email, password });
  return { user, email, password };
}

/** Logs in through the API and returns the token pair. */
export async function login(email: string, password: string): Promise<{ access: string; refresh: string }> {
  const { status, body } = await api('/accounts/auth/jwt/create/', {
    method: 'POST',
    json: { email, password },
    ip: uniqueIp(),
  });
  if (status !== 200) throw new Error(`Login of ${email} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** An active account and its tokens. */
export async function signedIn(overrides: Partial<NewAccount> = {}) {
  const account = await activeUser(overrides);
  return { ...account, tokens: await login(account.email, account.password) };
}

/** The mails kept for an address, newest first, once the mails being made in the background are stored. */
export async function mailsTo(email: string): Promise<MailRecord[]> {
  await backgroundSettled();
  return listOutbox({ to: email });
}

/** The `{uid, token}` of the newest mailed link of a kind (`activate`, `password/reset`, `email/reset`, `email/confirm`). */
export async function mailedLink(
  email: string,
  path: 'activate' | 'password/reset' | 'email/reset' | 'email/confirm',
): Promise<{ uid: string; token: string; url: string }> {
  const pattern = new RegExp(`https?://[^\\s"<>]+/(?:kg|kz)/${path}/([^/\\s"<>]+)/([^/\\s"<>]+)/`);
  for (const mail of await mailsTo(email)) {
    const match = pattern.exec(mail.text);
    if (match) return { url: match[0], uid: match[1]!, token: match[2]! };
  }
  throw new Error(`No ${path} link was mailed to ${email}`);
}
