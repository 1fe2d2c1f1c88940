/**
 * The fields of the catalog's audit (`catalog_changes`) in words staff read: «цена», «остаток»,
 * «характеристика «Оттенок»», and their values as people read them (money with its currency, «да»).
 */
import { COUNTRIES, isCountryCode } from './countries.ts';
import { formatMoney, toDisplayCurrency } from './money.ts';

export const CATALOG_FIELD_LABELS: Readonly<Record<string, string>> = {
  product: 'товар',
  offer: 'продажа в стране',
  price: 'цена',
  old_price: 'старая цена',
  quantity: 'остаток',
  name: 'наименование',
  slug: 'адрес страницы',
  category: 'категория',
  brand: 'бренд',
  family: 'семейство',
  is_active: 'показывать на сайте',
  description: 'описание',
  images: 'фото',
};

const MONEY_FIELDS = new Set(['price', 'old_price']);

/** A field as staff read it; a specification (`spec:<slug>`) by its name when `specNames` has it. */
export function catalogFieldLabel(field: string, specNames?: ReadonlyMap<string, string>): string {
  if (field.startsWith('spec:')) {
    const slug = field.slice(5);
    return `характеристика «${specNames?.get(slug) ?? slug}»`;
  }
  return CATALOG_FIELD_LABELS[field] ?? field;
}

function plainText(html: string, max = 120): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A stored audit value as staff read it: money in the country's currency, «да»/«нет», «продаётся», the
 * photos counted, a specification's values joined, a description as short plain text; «—» for none.
 * `names` resolves a category's or a brand's id.
 */
export function catalogValueText(
  field: string,
  value: string | null,
  country: string | null,
  names?: { categories?: ReadonlyMap<string, string>; brands?: ReadonlyMap<string, string> },
): string {
  if (value === null || value === '') return '—';
  if (MONEY_FIELDS.has(field) && country && isCountryCode(country)) {
    const amount = Number(value);
    if (Number.isFinite(amount)) return formatMoney(amount, toDisplayCurrency(COUNTRIES[country].currency));
  }
  switch (field) {
    case 'quantity':
      return `${value} шт.`;
    case 'is_active':
      return value === 'true' ? 'да' : value === 'false' ? 'нет' : value;
    case 'offer':
      return value === 'sold' ? 'продаётся' : value;
    case 'product':
      return value === 'created' ? 'создан' : value;
    case 'category':
      return names?.categories?.get(value) ?? value;
    case 'brand':
      return names?.brands?.get(value) ?? value;
    case 'description':
      return plainText(value) || '—';
    case 'images': {
      const count = (() => {
        try {
          const list: unknown = JSON.parse(value);
          return Array.isArray(list) ? list.length : null;
        } catch {
          return null;
        }
      })();
      return count === null ? value : count === 0 ? 'нет фото' : `фото: ${count}`;
    }
  }
  if (field.startsWith('spec:')) {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list)) return list.join('; ');
    } catch {
      // A value written as plain text reads as it is.
    }
  }
  return value;
}
