import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field, Select, TextArea } from '~/islands/forms/fields.tsx';
import { FileField } from '~/islands/forms/FileField.tsx';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);
const attribute = (markup: string, tag: string, name: string) =>
  markup.match(new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`))?.[1];

describe('form fields', () => {
  it('labels the control and describes it with its hint', () => {
    const markup = html(h(Field, { name: 'email', label: 'Электронная почта', type: 'email', hint: 'Для ответа.' }));
    const id = attribute(markup, 'input', 'id')!;
    expect(attribute(markup, 'label', 'for')).toBe(id);
    expect(attribute(markup, 'input', 'aria-describedby')).toBe(attribute(markup, 'p', 'id'));
    expect(markup).toContain('required=""');
    expect(markup).toContain('class="field-hint">Для ответа.</p>');
    expect(markup).not.toContain('aria-invalid');
  });

  it('shows the errors instead of the hint and marks the control invalid', () => {
    const markup = html(
      h(TextArea, {
        name: 'message',
        label: 'Вопрос',
        hint: 'Коротко.',
        errors: ['Напишите вопрос.', 'Не длиннее 2000 символов.'],
      }),
    );
    expect(markup).toContain('<div class="field field-invalid">');
    expect(attribute(markup, 'textarea', 'aria-invalid')).toBe('true');
    expect(attribute(markup, 'textarea', 'aria-describedby')).toMatch(/-error$/);
    expect(markup).toContain('class="field-error">Напишите вопрос. Не длиннее 2000 символов.</p>');
    expect(markup).not.toContain('Коротко.');
  });

  it('marks an optional field in its label and does not require it', () => {
    const markup = html(
      h(Select, { name: 'course', label: 'Курс', optional: true, children: h('option', { value: 'a' }, 'Эндодонтия') }),
    );
    expect(markup).toContain('Курс<span class="field-optional"> (необязательно)</span></label>');
    expect(markup).not.toContain('required');
    expect(markup).toContain('<option value="a">Эндодонтия</option>');
  });

  it('offers a file field with its types, its size limit as the hint, and a labelled progress bar while sending', () => {
    const idle = html(
      h(FileField, { name: 'cv', label: 'Резюме', accept: '.pdf,.doc,.docx', maxBytes: 10 * 1024 * 1024 }),
    );
    expect(attribute(idle, 'input', 'type')).toBe('file');
    expect(attribute(idle, 'input', 'accept')).toBe('.pdf,.doc,.docx');
    expect(idle).toContain('class="field-hint">Файл до 10 МБ.</p>');
    expect(idle).not.toContain('<progress');

    const sending = html(
      h(FileField, { name: 'cv', label: 'Резюме', accept: '.pdf', maxBytes: 1024, progress: 0.456 }),
    );
    expect(sending).toContain('<progress max="100" value="46" aria-label="Загрузка файла"></progress>');
    expect(sending).toContain('46 %');
  });
});
