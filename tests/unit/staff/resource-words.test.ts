import { describe, expect, it } from 'vitest';
import { deleteQuestion, newTitle, only, resourceMessage, type ResourceNoun } from '~/islands/staff/resource-words.ts';

const BANNER: ResourceNoun = { one: 'баннер', accusative: 'баннер', gender: 'm' };
const PRINTING: ResourceNoun = { one: 'услуга печати', accusative: 'услугу печати', gender: 'f' };

describe('the words of a resource’s screens', () => {
  it('names what was created, saved or deleted, in the noun’s gender', () => {
    expect(resourceMessage(BANNER, 'saved', 'Весна', 3)).toBe('Баннер «Весна» сохранён');
    expect(resourceMessage(PRINTING, 'saved', 'SLA, смола', 3)).toBe('Услуга печати «SLA, смола» сохранена');
    expect(resourceMessage(PRINTING, 'created', 'SLA', 3)).toBe('Услуга печати «SLA» создана');
    expect(resourceMessage(BANNER, 'deleted', 'Весна', 3)).toBe('Баннер «Весна» удалён');
  });

  it('names a record without a label by its number', () => {
    expect(resourceMessage(BANNER, 'saved', '  ', 12)).toBe('Баннер «№ 12» сохранён');
    expect(deleteQuestion(BANNER, '', 12)).toBe('Удалить баннер «№ 12»?');
  });

  it('asks about the thing itself before deleting it', () => {
    expect(deleteQuestion(PRINTING, 'SLA, смола', 1)).toBe('Удалить услугу печати «SLA, смола»?');
  });

  it('titles a create screen in the noun’s gender', () => {
    expect(newTitle(BANNER)).toBe('Новый баннер');
    expect(newTitle(PRINTING)).toBe('Новая услуга печати');
  });

  it('sends only the fields named, and the create-only ones on the create screen', () => {
    const body = only<{ id: number; name: string; kind: string; products: number }>(['name'], ['kind']);
    const values = { id: 1, name: 'Длина', kind: 'number', products: 4 };
    expect(body(values, false)).toEqual({ name: 'Длина' });
    expect(body(values, true)).toEqual({ name: 'Длина', kind: 'number' });
  });
});
