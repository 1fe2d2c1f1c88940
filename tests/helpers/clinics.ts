import { expect } from 'vitest';
import type { NewAccount } from '../../src/server/accounts/users.admin.ts';
import { mailsTo, signedIn, uniqueIp } from './accounts.ts';
import { api } from './api.ts';

export const KG_TAX = '01234567890123';

export async function createClinic(token: string, overrides: Record<string, unknown> = {}) {
  return api('/clinics/', {
    method: 'POST',
    token,
    json: { country: 'kg', name: 'Стоматология «Улыбка»', tax_number: KG_TAX, ...overrides },
  });
}

/** The token of the newest invitation mailed to `email`. */
export async function invitationToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).find((m) => m.kind === 'clinic_invitation');
  const match = mail && /\/kg\/account\/clinic\/invitation\/([A-Za-z0-9_-]+)\//.exec(mail.text);
  if (!match) throw new Error(`No invitation was mailed to ${email}`);
  return match[1]!;
}

export async function invite(token: string, clinicId: number, email: string, role: string) {
  return api(`/clinics/${clinicId}/invitations/`, { method: 'POST', token, json: { email, role }, ip: uniqueIp() });
}

/** Joins `member` to the clinic with `role` through a mailed invitation. */
export async function join(
  ownerToken: string,
  clinicId: number,
  member: { email: string; tokens: { access: string } },
  role: 'owner' | 'buyer' | 'assistant',
) {
  expect((await invite(ownerToken, clinicId, member.email, role)).status).toBe(201);
  const accepted = await api('/clinics/invitations/accept/', {
    method: 'POST',
    token: member.tokens.access,
    json: { token: await invitationToken(member.email) },
  });
  expect(accepted.status).toBe(200);
}

/** An owner with a clinic, and a second account joined with `role` through a mailed invitation. */
export async function clinicWith(
  role: 'owner' | 'buyer' | 'assistant',
  clinic: Record<string, unknown> = {},
  account: Partial<NewAccount> = {},
) {
  const owner = await signedIn(account);
  const created = (await createClinic(owner.tokens.access, clinic)).body;
  const member = await signedIn(account);
  await join(owner.tokens.access, created.id, member, role);
  return { owner, member, clinic: created };
}
