import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../src/server/mail/render-mail.ts';
import { escapeMarkup } from '../../../src/shared/escape.ts';

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
    expect(html).not.toContain('<a ');
    expect(html).not.toContain('Если кнопка не открывается');
    expect(text).toBe('ДенталМаркет\n\nПароль изменён\n\nЗдравствуйте.\n');
  });

  it('refuses a link that is not an absolute http(s) URL', () => {
    for (const url of ['javascript:alert(1)', '/kg/login/', 'data:text/html,hi']) {
      expect(() => renderMail({ heading: 'x', paragraphs: [], action: { label: 'x', url } }), url).toThrow(
        /http\(s\) URL/,
      );
    }
  });
});
