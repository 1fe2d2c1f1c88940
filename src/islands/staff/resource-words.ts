/**
 * The words of a resource's screens: what was created, saved or deleted, named in Russian with the
 * record's own name, and what a form sends.
 */

/** How the messages name a record of the resource. */
export interface ResourceNoun {
  /** Lower case, as after «Новый»: «баннер», «услуга печати». */
  one: string;
  /** As after «Удалить»: «баннер», «услугу печати». */
  accusative: string;
  /** For «сохранён», «сохранена», «сохранено». */
  gender: 'm' | 'f' | 'n';
}

const PAST = {
  saved: { m: 'сохранён', f: 'сохранена', n: 'сохранено' },
  created: { m: 'создан', f: 'создана', n: 'создано' },
  deleted: { m: 'удалён', f: 'удалена', n: 'удалено' },
} as const;
const NEW = { m: 'Новый', f: 'Новая', n: 'Новое' } as const;

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «Баннер «Весна» сохранён»; a record without a label is named by its number. */
export function resourceMessage(
  noun: ResourceNoun,
  what: keyof typeof PAST,
  label: string,
  id: string | number,
): string {
  return `${capitalised(noun.one)} «${label.trim() || `№ ${id}`}» ${PAST[what][noun.gender]}`;
}

/** «Удалить баннер «Весна»?» */
export function deleteQuestion(noun: ResourceNoun, label: string, id: string | number): string {
  return `Удалить ${noun.accusative} «${label.trim() || `№ ${id}`}»?`;
}

/**
 * A `body` that sends these fields of the form's values, and `onCreate`'s too on the create screen
 * (what is chosen once: a specification's kind, a publication's section).
 */
export function only<R>(fields: readonly (keyof R & string)[], onCreate: readonly (keyof R & string)[] = []) {
  return (values: Partial<R>, create: boolean) =>
    Object.fromEntries((create ? [...fields, ...onCreate] : fields).map((field) => [field, values[field]]));
}

/** An empty text input as `null`, for fields the API takes as «none». */
export const nullIfEmpty = (value: string) => (value === '' ? null : value);

/** The create screen's title: «Новый баннер», «Новая услуга печати». */
export function newTitle(noun: ResourceNoun): string {
  return `${NEW[noun.gender]} ${noun.one}`;
}
