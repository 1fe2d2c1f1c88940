import { describe, expect, it } from 'vitest';
import { renderRichText } from '../../../src/server/web/content.ts';

describe('renderRichText', () => {
  it('sanitises stored rich text as it renders it, whoever wrote it to the database', () => {
    const written =
      '<p>Курс</p><img src=x onerror="alert(1)"><form action="https://evil.test"><input name="card"></form>';
    const html = renderRichText(written, 'kg');
    expect(html).toBe('<p>Курс</p>');
  });

  it('still points site links at the page country and wraps tables in a scrolling region', () => {
    expect(renderRichText('<p><a href="/catalog/kompozity/">x</a></p><table><tr><td>1</td></tr></table>', 'kz')).toBe(
      '<p><a href="/kz/catalog/kompozity/">x</a></p><div class="table-scroll" role="region" aria-label="Таблица" tabindex="0"><table><tr><td>1</td></tr></table></div>',
    );
  });
});
