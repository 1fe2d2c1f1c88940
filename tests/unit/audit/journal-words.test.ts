import { describe, expect, it } from 'vitest';
import { changeText, entrySummary, valueText } from '../../../src/server/audit/journal-words.ts';
import type { JournalEntry } from '../../../src/server/audit/journal.types.ts';
import { fieldLabel, fieldLabelAccusative, recordKindName } from '../../../src/shared/field-labels.ts';

const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  id: 'change-1',
  at: new Date('2026-12-01T08:00:00Z'),
  user: { id: 1, email: 'staff@dental.test', name: 'Сотрудник Магазина' },
  entity: 'publication',
  entityId: '7',
  linkId: '7',
  label: 'Скидки декабря',
  action: 'update',
  country: null,
  source: 'staff',
  changes: [],
  import: null,
  ...over,
});

describe('the journal in words', () => {
  it('names a record and what was done to it', () => {
    expect(entrySummary(entry({ action: 'create' }))).toBe('создал(а) публикацию «Скидки декабря»');
    expect(entrySummary(entry({ action: 'delete', entity: 'request', label: 'В-0003' }))).toBe(
      'удалил(а) заявку В-0003',
    );
    expect(entrySummary(entry({ entity: 'product', entityId: 'EST-A2', label: null, country: 'kz' }))).toBe(
      'изменил(а) товар EST-A2 в Казахстане',
    );
    expect(entrySummary(entry({ entity: 'brand', label: null }))).toBe('изменил(а) бренд № 7');
  });

  it('reads an import as one line with its file and how many changes it made', () => {
    const imported = entry({
      entity: 'import',
      action: 'import',
      country: 'kg',
      import: { taskId: 't', kind: 'prices', fileName: 'prices.xlsx', changes: 1234 },
    });
    expect(entrySummary(imported)).toBe('Загрузка цен (Кыргызстан, файл prices.xlsx): 1\u00a0234 изменения');
    expect(
      entrySummary({ ...imported, action: 'undo', import: { ...imported.import!, changes: 1, kind: 'stock' } }),
    ).toBe('Отмена загрузки остатков (Кыргызстан, файл prices.xlsx): 1 изменение');
  });

  it('says states in Russian and money with its currency', () => {
    const request = entry({ entity: 'request' });
    expect(changeText(request, { field: 'status', label: 'состояние', before: 'new', after: 'in_progress' })).toBe(
      'изменил(а) состояние: новая → в работе',
    );
    const product = entry({ entity: 'product', country: 'kg' });
    expect(changeText(product, { field: 'price', label: 'цена', before: '1200.00', after: '1350.00' })).toBe(
      'изменил(а) цену: 1\u00a0200\u00a0сом → 1\u00a0350\u00a0сом',
    );
    expect(changeText(product, { field: 'old_price', label: 'старая цена', before: '1500.00', after: null })).toBe(
      'убрал(а) старую цену (было: 1\u00a0500\u00a0сом)',
    );
    expect(valueText(entry({ entity: 'printing_price' }), 'price_kz', '4500')).toBe('4\u00a0500\u00a0₸');
    expect(valueText(entry({ entity: 'vacancy' }), 'employmentType', 'shift')).toBe('сменный график');
    expect(valueText(entry(), 'kind', 'news')).toBe('новость');
  });

  it('says switches as what was done', () => {
    const product = entry({ entity: 'product' });
    expect(changeText(product, { field: 'is_active', label: '', before: 'true', after: 'false' })).toBe(
      'скрыл(а) с сайта',
    );
    const user = entry({ entity: 'user' });
    expect(changeText(user, { field: 'isStaff', label: '', before: false, after: true })).toBe(
      'дал(а) доступ сотрудника',
    );
    expect(changeText(user, { field: 'isActive', label: '', before: true, after: false })).toBe(
      'заблокировал(а): вход и заказы закрыты',
    );
    expect(changeText(entry(), { field: 'isPublished', label: '', before: false, after: true })).toBe('опубликовал(а)');
  });

  it('names referenced records and specifications, and rich text by its words', () => {
    const product = entry({ entity: 'product' });
    expect(
      changeText(product, {
        field: 'category',
        label: 'категория',
        before: '3',
        after: '5',
        names: ['Композиты', 'Адгезивы'],
      }),
    ).toBe('изменил(а) категорию: Композиты → Адгезивы');
    expect(changeText(product, { field: 'spec:shade', label: 'Оттенок', before: '["A2"]', after: '["A2","A3"]' })).toBe(
      'изменил(а) характеристику «Оттенок»: A2 → A2, A3',
    );
    expect(
      changeText(product, {
        field: 'description',
        label: 'описание',
        before: '<p>Старое</p>',
        after: '<p>Новое <b>описание</b></p>',
      }),
    ).toBe('изменил(а) описание: «Новое описание»');
  });

  it('keeps one dictionary of field and record names', () => {
    expect(fieldLabel('old_price')).toBe('старая цена');
    expect(fieldLabelAccusative('old_price')).toBe('старую цену');
    expect(fieldLabel('isActive', 'user')).toBe('вход и заказы');
    expect(fieldLabel('constructor')).toBe('constructor');
    expect(recordKindName('printing_price')).toBe('Услуга печати');
    expect(recordKindName('toString')).toBe('toString');
  });
});
