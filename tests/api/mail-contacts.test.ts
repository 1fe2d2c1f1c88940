/**
 * Every mail ends with how to reach the shop in the country it is about (issue 23, item 52): the
 * first office's phone as people write it, its WhatsApp and Telegram, its address and the storefront.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { login, mailsTo, registration, signedIn, STAFF, uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { orderBody, stockedProduct } from '../helpers/orders.ts';

const KZ_CONTACTS = [
  'ДенталМаркет, Казахстан',
  'Телефон: +7 727 355-40-20',
  'WhatsApp: https://wa.me/77015551234',
  'Telegram: https://t.me/dentalmarket_kz',
  'Адрес: Алматы, пр. Абая, 150/230, офис 412',
  'Сайт: http://shop.test/kz/',
].join('\n');

describe('the contacts under every mail', () => {
  it('an order in Kazakhstan: the customer’s and the staff’s mails name the Almaty office', async () => {
    const product = await stockedProduct(5, 'kz');
    const { tokens, email } = await signedIn();
    const placed = await api('/orders/order_create/', {
      method: 'POST',
      ip: uniqueIp(),
      token: tokens.access,
      json: orderBody([{ product: product.id, quantity: 1 }], {
        country: 'kz',
        contact: { name: 'Данияр', phone: '+7 701 123 45 67' },
        delivery: { method: 'courier', city: 'Алматы', address: 'ул. Сатпаева, 30' },
      }),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [mail] = (await mailsTo(email)).filter((m) => m.kind === 'order_placed');
    expect(mail!.text).toContain(`—\n${KZ_CONTACTS}\n`);
    expect(mail!.html).toContain('href="tel:+77273554020"');
    expect(mail!.html).toContain('>+7 727 355-40-20</a>');
    expect(mail!.html).toContain('href="https://wa.me/77015551234"');
    const staff = (await mailsTo('staff@localhost')).find(
      (m) => m.kind === 'order_staff' && m.subject.includes(placed.body.number),
    );
    expect(staff!.text).toContain(KZ_CONTACTS);
  });

  it('a request and an account’s mail carry their own country’s office', async () => {
    const email = uniqueEmail('ask');
    const asked = await api('/services/supports/', {
      method: 'POST',
      ip: uniqueIp(),
      json: { country: 'kz', name: 'Данияр', email, message: 'Есть ли сертификат?' },
    });
    expect(asked.status).toBe(201);
    const [ack] = await mailsTo(email);
    expect(ack!.text).toContain(KZ_CONTACTS);

    const account = registration({ country: 'kg' });
    expect((await api('/accounts/auth/users/', { method: 'POST', ip: uniqueIp(), json: account })).status).toBe(201);
    const [activation] = await mailsTo(account.email);
    expect(activation!.kind).toBe('activation');
    expect(activation!.text).toContain(
      '—\nДенталМаркет, Кыргызстан\nТелефон: +996 312 98-76-54\nWhatsApp: https://wa.me/996555123456\n',
    );
    expect(activation!.text).toContain('Сайт: http://shop.test/kg/\n');
  });

  it('follow the office as staff change it, and leave out the chats it has not', async () => {
    const token = (await login(STAFF.email, STAFF.password)).access;
    const [office] = await dbRows<{ id: number }>(
      sql`select id from contacts where country = 'kz' order by position, id limit 1`,
    );
    const changed = await api(`/staff/contacts/${office!.id}/`, {
      method: 'PATCH',
      token,
      json: { phones: ['8 (727) 311-22-33'], whatsapp: '', telegram: '' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const email = uniqueEmail('after-change');
    expect(
      (
        await api('/services/supports/', {
          method: 'POST',
          ip: uniqueIp(),
          json: { country: 'kz', name: 'Данияр', email, message: 'Вопрос' },
        })
      ).status,
    ).toBe(201);
    const [ack] = await mailsTo(email);
    expect(ack!.text).toContain('ДенталМаркет, Казахстан\nТелефон: +7 727 311-22-33\nАдрес: Алматы');
    expect(ack!.text).not.toContain('WhatsApp');
  });
});
