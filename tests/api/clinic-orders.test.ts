import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailAttachmentsOf } from '../../src/server/mail/index.ts';
import { mailsTo, signedIn, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { clinicWith, createClinic, KG_TAX } from '../helpers/clinics.ts';
import { giveCompletedOrder, orderBody, stockedProduct } from '../helpers/orders.ts';

// Orders placed for a clinic (issue 37, item 2).

const create = (token: string, json: unknown) =>
  api('/orders/order_create/', { method: 'POST', json, token, ip: uniqueIp() });

const byInvoice = { method: 'bank_transfer' };

describe('clinic orders', () => {
  it("makes an order by invoice out to the clinic's requisites, whatever was typed, and leaves the profile alone", async () => {
    const { owner, member, clinic } = await clinicWith('buyer');
    await giveCompletedOrder(member.user.id);
    const a = await stockedProduct(5);
    const placed = await create(
      member.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], {
        clinic: clinic.id,
        payment: { ...byInvoice, organisation: 'Другая', tax_number: '99999999999999' },
      }),
    );
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: 'new',
      clinic: clinic.id,
      payment: { method: 'bank_transfer', organisation: 'Стоматология «Улыбка»', tax_number: KG_TAX },
    });
    const me = await api('/accounts/auth/users/me/', { token: member.tokens.access });
    expect(me.body).toMatchObject({ organisation: '', tax_number: '' });
    // The mail carries the clinic's requisites, and the invoice PDF made out to them.
    const mail = (await mailsTo(member.email)).find((m) => m.kind === 'order_placed')!;
    expect(mail.text).toContain(`Стоматология «Улыбка», ИНН ${KG_TAX}`);
    expect((await mailAttachmentsOf(mail.id)).map((file) => file.contentType)).toEqual(['application/pdf']);

    // Without typing requisites at all.
    const b = await stockedProduct(5);
    const bare = await create(
      member.tokens.access,
      orderBody([{ product: b.id, quantity: 1 }], { clinic: clinic.id, payment: byInvoice }),
    );
    expect(bare.status).toBe(201);
    expect(bare.body.payment.tax_number).toBe(KG_TAX);

    // Every member sees the clinic's orders, with who placed them; the owner reads one by its number.
    const list = await api(`/clinics/${clinic.id}/orders/`, { token: owner.tokens.access });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((o: { number: string }) => o.number)).toEqual([bare.body.number, placed.body.number]);
    expect(list.body.results[0].placed_by).toEqual({
      user: member.user.id,
      email: member.email,
      first_name: 'Тест',
      last_name: '',
    });
    const one = await api(`/orders/order_list/${placed.body.number}/`, { token: owner.tokens.access });
    expect(one.status).toBe(200);
    expect(one.body.clinic).toBe(clinic.id);
    // The owner's own list is of the owner's own orders.
    expect((await api('/orders/order_list/', { token: owner.tokens.access })).body.count).toBe(0);

    const stranger = await signedIn();
    expect((await api(`/clinics/${clinic.id}/orders/`, { token: stranger.tokens.access })).status).toBe(404);
    expect((await api(`/orders/order_list/${placed.body.number}/`, { token: stranger.tokens.access })).status).toBe(
      404,
    );
  });

  it('refuses a clinic the account is not a member of, or of another country, and requisites left out without one', async () => {
    const owner = await signedIn();
    const clinic = (await createClinic(owner.tokens.access)).body;
    const kz = (await createClinic(owner.tokens.access, { country: 'kz', tax_number: '123456789012' })).body;
    const a = await stockedProduct(5);
    const stranger = await signedIn();
    const refused = await create(
      stranger.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { clinic: clinic.id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ clinic: ['Вы не состоите в этой клинике.'] });
    const otherCountry = await create(
      owner.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { clinic: kz.id }),
    );
    expect(otherCountry.status).toBe(400);
    expect(otherCountry.body.clinic[0]).toContain('в Казахстане');
    const noRequisites = await create(
      owner.tokens.access,
      orderBody([{ product: a.id, quantity: 1 }], { payment: byInvoice }),
    );
    expect(noRequisites.status).toBe(400);
    expect(Object.keys(noRequisites.body.payment).sort()).toEqual(['organisation', 'tax_number']);
    const badId = await create(owner.tokens.access, orderBody([{ product: a.id, quantity: 1 }], { clinic: 'x' }));
    expect(badId.status).toBe(400);
    expect(await dbRows(sql`select 1 from orders where clinic_id in (${clinic.id}, ${kz.id})`)).toEqual([]);
  });
});
