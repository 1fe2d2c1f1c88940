import { describe, expect, it } from 'vitest';
import type { Contact } from '../../../src/server/company/contacts.queries.ts';
import { layoutMail, mailContactsOf, type MailContacts } from '../../../src/server/mail/render-mail.ts';
import { escapeMarkup } from '../../../src/shared/escape.ts';

const office: Contact = {
  id: 1,
  country: 'kg',
  city: 'Бишкек',
  address: 'ул. Токтогула, 125/1',
  phones: ['+996 312 98-76-54', '+996 555 12-34-56'],
  email: 'bishkek@dentalshop.kg',
  workingHours: 'Пн–Пт 9:00–18:00',
  whatsapp: '+996555123456',
  telegram: 'dentalmarket_kg',
  position: 0,
};
const CONTACTS: MailContacts = mailContactsOf('kg', office);
const renderMail = (content: Parameters<typeof layoutMail>[0]) => layoutMail(content, CONTACTS);

const activation = {
  preheader: 'Остался один шаг до входа в магазин.',
  heading: 'Подтвердите адрес электронной почты',
  paragraphs: ['Здравствуйте, Айгуль.', 'Ссылка действует 3 дня.'],
  action: { label: 'Подтвердить адрес', url: 'https://shop.test/kg/activate/MQ/abc-def/?next=/kg/&from=mail' },
  footnote: 'Вы получили это письмо, потому что этот адрес указали при регистрации.',
};

describe('renderMail', () => {
  it('puts the link on its own line of the text version', () => {
    const { text } = renderMail(activation);
    expect(text.split('\n')).toContain(activation.action.url);
    expect(text).toContain('Подтвердить адрес:\nhttps://shop.test/kg/activate/MQ/abc-def/?next=/kg/&from=mail\n');
  });

  it('writes the text version as the brand, heading, paragraphs and footnote in order', () => {
    const { text } = renderMail(activation);
    const order = [
      'ДенталМаркет',
      activation.heading,
      ...activation.paragraphs,
      activation.action.url,
      activation.footnote,
    ];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain(activation.preheader);
  });

  it('links the button and the written-out URL in the HTML version, with & escaped', () => {
    const { html } = renderMail(activation);
    const href = 'https://shop.test/kg/activate/MQ/abc-def/?next=/kg/&amp;from=mail';
    expect(html.match(new RegExp(`href="${href.replace(/[?]/g, '\\?')}"`, 'g'))).toHaveLength(2);
    expect(html).toContain(`>${href}</a>`);
    expect(html).toContain('>Подтвердить адрес</a>');
  });

  it('lays the HTML out in a 560px table with the brand, heading, preheader and footnote', () => {
    const { html } = renderMail(activation);
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain('max-width:560px');
    expect(html).toContain('role="presentation"');
    expect(html).toContain('ДенталМаркет');
    expect(html).toContain(`<title>${activation.heading}</title>`);
    expect(html).toContain(activation.preheader);
    expect(html).toContain(activation.footnote);
  });

  it('escapes every interpolated value', () => {
    const evil = '<script>alert("x")</script> & \'q\'';
    const { html, text } = renderMail({
      preheader: evil,
      heading: evil,
      paragraphs: [evil],
      action: { label: evil, url: 'https://shop.test/?q="><script>' },
      footnote: evil,
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"><script');
    // title, preheader, heading, paragraph, button label, footnote
    expect(html.split(escapeMarkup(evil)).length - 1).toBe(6);
    expect(html).toContain('href="https://shop.test/?q=&quot;&gt;&lt;script&gt;"');
    expect(text).toContain(evil);
  });

  it('keeps line breaks inside a paragraph', () => {
    const { html } = renderMail({ heading: 'Заказ', paragraphs: ['Строка 1\nСтрока 2'] });
    expect(html).toContain('Строка 1<br>Строка 2');
  });

  it('leaves out the button and the footnote when not given', () => {
    const { html, text } = renderMail({ heading: 'Пароль изменён', paragraphs: ['Здравствуйте.'] });
    // No button: the only links are the contacts'.
    expect(html).not.toContain('display:inline-block');
    expect(html).not.toContain('Если кнопка не открывается');
    expect(text).toBe(
      'ДенталМаркет\n\nПароль изменён\n\nЗдравствуйте.\n\n—\nДенталМаркет, Кыргызстан\nТелефон: +996 312 98-76-54\n' +
        'WhatsApp: https://wa.me/996555123456\nTelegram: https://t.me/dentalmarket_kg\n' +
        `Адрес: Бишкек, ул. Токтогула, 125/1\nСайт: ${CONTACTS.site.url}\n`,
    );
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const url of ['javascript:alert(1)', '/kg/login/', 'data:text/html,hi']) {
      expect(() => renderMail({ heading: 'x', paragraphs: [], action: { label: 'x', url } }), url).toThrow(
        /http\(s\) URL/,
      );
    }
  });
});

describe('the contacts under every mail', () => {
  it('name the country’s office: its first phone formatted, WhatsApp and Telegram, the address and the storefront', () => {
    expect(CONTACTS).toEqual({
      title: 'ДенталМаркет, Кыргызстан',
      phone: { text: '+996 312 98-76-54', dial: '+996312987654' },
      whatsapp: { text: '+996 555 12-34-56', url: 'https://wa.me/996555123456' },
      telegram: { text: '@dentalmarket_kg', url: 'https://t.me/dentalmarket_kg' },
      address: 'Бишкек, ул. Токтогула, 125/1',
      site: { text: expect.stringMatching(/\/kg$/), url: expect.stringMatching(/^https?:\/\/.+\/kg\/$/) },
    });
    const { html } = renderMail({ heading: 'Заказ', paragraphs: ['Спасибо.'] });
    expect(html).toContain('href="tel:+996312987654"');
    expect(html).toContain('>+996 312 98-76-54</a>');
    expect(html).toContain('href="https://wa.me/996555123456"');
    expect(html).toContain('>@dentalmarket_kg</a>');
    expect(html).toContain('Бишкек, ул. Токтогула, 125/1');
    expect(html).toContain(`href="${CONTACTS.site.url}"`);
  });

  it('leave out the chats an office has not, and keep a phone that is no number as typed', () => {
    const plain = mailContactsOf('kz', {
      ...office,
      country: 'kz',
      phones: ['8 (727) 3I1-22-33', '+7 727 311-22-33'],
      whatsapp: '',
      telegram: '',
    });
    expect(plain.phone).toEqual({ text: '8 (727) 3I1-22-33', dial: '' });
    expect(plain.whatsapp).toBeUndefined();
    expect(plain.telegram).toBeUndefined();
    const { text, html } = layoutMail({ heading: 'x', paragraphs: [] }, plain);
    expect(text).toContain('ДенталМаркет, Казахстан\nТелефон: 8 (727) 3I1-22-33\nАдрес:');
    expect(text).not.toContain('WhatsApp');
    expect(html).not.toContain('tel:');
  });

  it('are the storefront’s link alone for a country without offices', () => {
    const { text } = layoutMail({ heading: 'x', paragraphs: [] }, mailContactsOf('kz', undefined));
    expect(text).toMatch(/—\nДенталМаркет, Казахстан\nСайт: https?:\/\/\S+\/kz\/\n$/);
  });

  it('escape what staff typed into an office', () => {
    const { html } = layoutMail(
      { heading: 'x', paragraphs: [] },
      mailContactsOf('kg', { ...office, address: '<img src=x onerror=alert(1)>' }),
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
