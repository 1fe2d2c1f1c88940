import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeUser, login, mailsTo, signedIn, uniqueEmail } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { clinicWith, createClinic, invitationToken, invite, KG_TAX } from '../helpers/clinics.ts';

// Clinics, their members, roles and invitations (issue 37, item 1).

describe('clinics: life cycle', () => {
  it('answers 401 without a token on every clinic route', async () => {
    expect((await api('/clinics/')).status).toBe(401);
    expect((await api('/clinics/', { method: 'POST', json: { country: 'kg' } })).status).toBe(401);
    expect((await api('/clinics/1/members/')).status).toBe(401);
    expect((await api('/clinics/invitations/accept/', { method: 'POST', json: { token: 'x' } })).status).toBe(401);
  });

  it('creates a clinic with its creator as owner, lists and reads it privately, never from a shared cache', async () => {
    const { tokens, user } = await signedIn();
    const created = await createClinic(tokens.access, {
      legal_address: 'г. Бишкек, ул. Токтогула, 1',
      phone: '+996 555 123 456',
      delivery_addresses: [{ city: 'Бишкек', address: 'ул. Киевская, 95' }],
      order_limit: '50000',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/api/v1/clinics/${created.body.id}/`);
    expect(created.body).toMatchObject({
      name: 'Стоматология «Улыбка»',
      tax_number: KG_TAX,
      country: 'kg',
      legal_address: 'г. Бишкек, ул. Токтогула, 1',
      phone: '+996555123456',
      delivery_addresses: [{ city: 'Бишкек', address: 'ул. Киевская, 95' }],
      verified: false,
      order_limit: '50000.00',
      role: 'owner',
      role_label: 'Владелец',
    });
    const list = await api('/clinics/', { token: tokens.access });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
    const one = await api(`/clinics/${created.body.id}/`, { token: tokens.access });
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('private, no-store');
    expect(one.headers.get('etag')).toBeNull();
    const members = await api(`/clinics/${created.body.id}/members/`, { token: tokens.access });
    expect(members.body).toEqual([expect.objectContaining({ user: user.id, role: 'owner' })]);
  });

  it('checks the ИНН/БИН as orders do, per country', async () => {
    const { tokens } = await signedIn();
    const kg = await createClinic(tokens.access, { tax_number: '123' });
    expect(kg.status).toBe(400);
    expect(kg.body).toEqual({ tax_number: ['ИНН — это 14 цифр.'] });
    const kz = await createClinic(tokens.access, { country: 'kz', tax_number: KG_TAX });
    expect(kz.body).toEqual({ tax_number: ['БИН — это 12 цифр.'] });
    expect((await createClinic(tokens.access, { country: 'kz', tax_number: '123456789012' })).status).toBe(201);
    const unknown = await createClinic(tokens.access, { country: 'ru' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.country).toBeTruthy();
  });

  it("moves the profile's requisites into the clinic", async () => {
    const { tokens, user } = await signedIn();
    await dbRows(sql`update users set organisation = 'ОсОО «Дент»', tax_number = ${KG_TAX} where id = ${user.id}`);
    const created = await api('/clinics/', { method: 'POST', token: tokens.access, json: { country: 'kg' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'ОсОО «Дент»', tax_number: KG_TAX });
    const [row] = await dbRows<{ organisation: string; tax_number: string }>(
      sql`select organisation, tax_number from users where id = ${user.id}`,
    );
    expect(row).toEqual({ organisation: '', tax_number: '' });
    const empty = await signedIn();
    const refused = await api('/clinics/', { method: 'POST', token: empty.tokens.access, json: { country: 'kg' } });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['name', 'tax_number']);
  });

  it('refuses an account whose address is not confirmed', async () => {
    const { tokens, user } = await signedIn();
    await dbRows(sql`update users set email_pending = true where id = ${user.id}`);
    const refused = await createClinic(tokens.access);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('Подтвердите адрес');
  });

  it('lets the owner change the requisites; a new ИНН is to be checked again; others may not', async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    await dbRows(sql`update clinics set verified = true where id = ${clinic.id}`);
    const path = `/clinics/${clinic.id}/`;
    const renamed = await api(path, { method: 'PATCH', token: owner.tokens.access, json: { name: 'Улыбка+' } });
    expect(renamed.body).toMatchObject({ name: 'Улыбка+', verified: true });
    const retaxed = await api(path, {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { tax_number: '99999999999999', order_limit: null },
    });
    expect(retaxed.body).toMatchObject({ tax_number: '99999999999999', verified: false, order_limit: null });
    const bad = await api(path, { method: 'PATCH', token: owner.tokens.access, json: { tax_number: '12' } });
    expect(bad.status).toBe(400);
    const byBuyer = await api(path, { method: 'PATCH', token: member.tokens.access, json: { name: 'Чужая' } });
    expect(byBuyer.status).toBe(403);
    expect((await api(path, { token: member.tokens.access })).body).toMatchObject({ name: 'Улыбка+', role: 'buyer' });
    const stranger = await signedIn();
    expect((await api(path, { token: stranger.tokens.access })).status).toBe(404);
    expect((await api(`${path}members/`, { token: stranger.tokens.access })).status).toBe(404);
    expect((await api(path, { method: 'PATCH', token: stranger.tokens.access, json: { name: 'x' } })).status).toBe(404);
    expect((await api('/clinics/abc/', { token: stranger.tokens.access })).status).toBe(404);
  });
});

describe('clinics: invitations', () => {
  it('mails an invitation whose link lets an existing account join with the role; the token works once', async () => {
    const owner = await signedIn({ firstName: 'Асель', lastName: 'Токтогулова' });
    const clinic = (await createClinic(owner.tokens.access)).body;
    const colleague = await signedIn();
    const invited = await invite(owner.tokens.access, clinic.id, colleague.email.toUpperCase(), 'assistant');
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: colleague.email, role: 'assistant', invited_by: owner.email });
    const mail = (await mailsTo(colleague.email)).find((m) => m.kind === 'clinic_invitation')!;
    expect(mail.subject).toContain('Стоматология «Улыбка»');
    expect(mail.text).toContain('Асель Токтогулова');
    expect(mail.text).toContain('Ассистент');
    const listed = await api(`/clinics/${clinic.id}/invitations/`, { token: owner.tokens.access });
    expect(listed.body.map((i: { id: number }) => i.id)).toEqual([invited.body.id]);

    const token = await invitationToken(colleague.email);
    const accept = () =>
      api('/clinics/invitations/accept/', { method: 'POST', token: colleague.tokens.access, json: { token } });
    const joined = await accept();
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ id: clinic.id, role: 'assistant' });
    expect((await api('/clinics/', { token: colleague.tokens.access })).body.map((c: { id: number }) => c.id)).toEqual([
      clinic.id,
    ]);
    const again = await accept();
    expect(again.status).toBe(400);
    expect(again.body.token).toEqual([expect.stringContaining('неверна или уже использована')]);
    expect((await api(`/clinics/${clinic.id}/invitations/`, { token: owner.tokens.access })).body).toEqual([]);
    // The token is kept only as its hash.
    const [stored] = await dbRows<{ n: number }>(
      sql`select count(*)::int as n from clinic_invitations where token_hash = ${token}`,
    );
    expect(stored!.n).toBe(0);
  });

  it('lets a new person register with the invited address, then accept', async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access)).body;
    const email = uniqueEmail('newcomer');
    expect((await invite(owner.tokens.access, clinic.id, email, 'buyer')).status).toBe(201);
    const token = await invitationToken(email);
    const person = await activeUser({ email });
    const tokens = await login(email, person.password);
    const joined = await api('/clinics/invitations/accept/', { method: 'POST', token: tokens.access, json: { token } });
    expect(joined.body).toMatchObject({ id: clinic.id, role: 'buyer' });
  });

  it("refuses another account's invitation, an expired one, a withdrawn one and a replaced one", async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access)).body;
    const invitedEmail = uniqueEmail('invited');
    await invite(owner.tokens.access, clinic.id, invitedEmail, 'buyer');
    const token = await invitationToken(invitedEmail);
    const other = await signedIn();
    const wrong = await api('/clinics/invitations/accept/', {
      method: 'POST',
      token: other.tokens.access,
      json: { token },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.token[0]).toContain(invitedEmail);

    const invited = await signedIn({ email: invitedEmail });
    const accept = (t: string) =>
      api('/clinics/invitations/accept/', { method: 'POST', token: invited.tokens.access, json: { token: t } });
    await dbRows(
      sql`update clinic_invitations set expires_at = now() - interval '1 minute' where email = ${invitedEmail}`,
    );
    expect((await accept(token)).body.token[0]).toContain('Срок приглашения истёк');

    // Inviting again replaces the earlier invitation: the old link stops working.
    await invite(owner.tokens.access, clinic.id, invitedEmail, 'assistant');
    const second = await invitationToken(invitedEmail);
    expect(second).not.toBe(token);
    expect((await accept(token)).status).toBe(400);
    const open = (await api(`/clinics/${clinic.id}/invitations/`, { token: owner.tokens.access })).body;
    expect(open).toHaveLength(1);
    const withdrawn = await api(`/clinics/${clinic.id}/invitations/${open[0].id}/`, {
      method: 'DELETE',
      token: owner.tokens.access,
    });
    expect(withdrawn.status).toBe(204);
    expect((await accept(second)).status).toBe(400);
    expect((await api('/clinics/', { token: invited.tokens.access })).body).toEqual([]);
    expect(
      (await api(`/clinics/${clinic.id}/invitations/${open[0].id}/`, { method: 'DELETE', token: owner.tokens.access }))
        .status,
    ).toBe(404);
  });

  it('lets only the owner invite, refuses a member already in and a bad role, and limits invitations per address', async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    const byBuyer = await invite(member.tokens.access, clinic.id, uniqueEmail(), 'buyer');
    expect(byBuyer.status).toBe(403);
    expect((await api(`/clinics/${clinic.id}/invitations/`, { token: member.tokens.access })).status).toBe(403);
    const already = await invite(owner.tokens.access, clinic.id, member.email, 'owner');
    expect(already.status).toBe(400);
    expect(already.body.email).toEqual(['Этот человек уже состоит в клинике.']);
    const badRole = await invite(owner.tokens.access, clinic.id, uniqueEmail(), 'director');
    expect(badRole.status).toBe(400);
    expect(badRole.body.role).toBeTruthy();
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 3; i += 1)
      expect((await invite(owner.tokens.access, clinic.id, email, 'buyer')).status).toBe(201);
    const fourth = await invite(owner.tokens.access, clinic.id, email, 'buyer');
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
  });
});

describe('clinics: members and roles', () => {
  it('lets the owner change roles and remove members; the last owner can be neither demoted nor removed', async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    const members = `/clinics/${clinic.id}/members/`;
    const listed = (await api(members, { token: member.tokens.access })).body;
    expect(listed.map((m: { role: string }) => m.role)).toEqual(['owner', 'buyer']);

    const demote = await api(`${members}${owner.user.id}/`, {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { role: 'buyer' },
    });
    expect(demote.status).toBe(400);
    expect(demote.body.role[0]).toContain('хотя бы один владелец');
    const leave = await api(`${members}${owner.user.id}/`, { method: 'DELETE', token: owner.tokens.access });
    expect(leave.status).toBe(400);
    expect(leave.body.non_field_errors[0]).toContain('хотя бы один владелец');

    // A buyer changes nobody's role and removes nobody but themselves.
    const byBuyer = await api(`${members}${owner.user.id}/`, {
      method: 'PATCH',
      token: member.tokens.access,
      json: { role: 'assistant' },
    });
    expect(byBuyer.status).toBe(403);
    expect((await api(`${members}${owner.user.id}/`, { method: 'DELETE', token: member.tokens.access })).status).toBe(
      403,
    );

    const promoted = await api(`${members}${member.user.id}/`, {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { role: 'owner' },
    });
    expect(promoted.body).toMatchObject({ user: member.user.id, role: 'owner', role_label: 'Владелец' });
    // With a second owner the first may step down, then leave.
    const stepDown = await api(`${members}${owner.user.id}/`, {
      method: 'PATCH',
      token: owner.tokens.access,
      json: { role: 'assistant' },
    });
    expect(stepDown.body.role).toBe('assistant');
    expect((await api(`${members}${owner.user.id}/`, { method: 'DELETE', token: owner.tokens.access })).status).toBe(
      204,
    );
    expect((await api(`/clinics/${clinic.id}/`, { token: owner.tokens.access })).status).toBe(404);
    expect((await api(`${members}999999/`, { method: 'DELETE', token: member.tokens.access })).status).toBe(404);
  });

  it('lets a member leave', async () => {
    const { member, clinic } = await clinicWith('assistant');
    const path = `/clinics/${clinic.id}/members/${member.user.id}/`;
    expect((await api(path, { method: 'DELETE', token: member.tokens.access })).status).toBe(204);
    expect((await api('/clinics/', { token: member.tokens.access })).body).toEqual([]);
  });

  it('shows the clinic in the OpenAPI document under its operation ids', async () => {
    const { body } = await api('/schema/');
    const ids = Object.values(body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId),
    );
    expect(ids).toEqual(
      expect.arrayContaining([
        'clinics_list',
        'clinics_create',
        'clinics_retrieve',
        'clinics_partial_update',
        'clinics_members_list',
        'clinics_members_partial_update',
        'clinics_members_destroy',
        'clinics_invitations_list',
        'clinics_invitations_create',
        'clinics_invitations_destroy',
        'clinics_invitations_accept_create',
      ]),
    );
  });
});
