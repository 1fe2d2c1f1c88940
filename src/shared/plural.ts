const rules = new Intl.PluralRules('ru');

/** «1 товар», «3 товара», «5 товаров»: `forms` are the one, few and many forms. */
export function plural(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const rule = rules.select(count);
  const word = rule === 'one' ? forms[0] : rule === 'few' ? forms[1] : forms[2];
  return `${count.toLocaleString('ru-RU')} ${word}`;
}

export const GOODS: readonly [string, string, string] = ['товар', 'товара', 'товаров'];
