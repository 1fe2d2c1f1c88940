const rules = new Intl.PluralRules('ru');

/** The form of a noun for a count: `forms` are the one, few and many forms («месяц», «месяца», «месяцев»). */
export function pluralWord(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = rules.select(count);
  return rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
}

/** «1 товар», «3 товара», «5 товаров»: the count (grouped as Russian writes it) and its noun. */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  return `${count.toLocaleString('ru-RU')} ${pluralWord(count, forms)}`;
}

export const GOODS: readonly [string, string, string] = ['товар', 'товара', 'товаров'];

/** Lines of a cart or an order (a product in any quantity is one). */
export const POSITIONS: readonly [string, string, string] = ['позиция', 'позиции', 'позиций'];
