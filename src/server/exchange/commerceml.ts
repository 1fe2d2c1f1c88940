/**
 * What CommerceML 2 (2.04–2.10, as 1C writes it) elements mean to the shop: groups, properties and
 * products of `import.xml`, price types, warehouses and offers of `offers.xml`. Pure: no database.
 */
import type { CountryCode } from '../../shared/countries.ts';
import { child, listOf, textOf, type XmlNode } from './xml-elements.ts';

export interface GroupRecord {
  id: string;
  name: string;
  parentId: string | null;
}

export interface PropertyRecord {
  id: string;
  name: string;
  /** `ИдЗначения` → the value's words (a «Справочник» property). */
  values: Map<string, string>;
}

export interface ProductRecord {
  id: string;
  sku: string;
  name: string;
  description: string;
  groupIds: string[];
  /** `Изготовитель/Наименование`. */
  maker: string;
  /** Property id → the values as written (an `ИдЗначения` is turned into words later). */
  properties: { id: string; value: string }[];
  /** Paths inside the exchange's zip (`import_files/ab/abcd.jpg`). */
  pictures: string[];
  /** `Статус` «Удален» or `ПометкаУдаления` true: 1C deleted it. */
  deleted: boolean;
}

export interface PriceTypeRecord {
  id: string;
  name: string;
  currency: string;
}

export interface OfferRecord {
  /** The offer's own `Ид`: the product's, or `product#characteristic` for a characteristic of it. */
  offerId: string;
  /** The product's `Ид` (an offer of a characteristic, `product#characteristic`, names its product). */
  productId: string;
  /** `Наименование` (1C names a characteristic's offer «Перчатки нитриловые (M)»). */
  name: string;
  /** The values of `ХарактеристикиТовара` («M», «синие»). */
  characteristics: string[];
  prices: { typeId: string; price: string; currency: string }[];
  /** `Количество`, or the sum of its warehouses; null when the offer names none. */
  quantity: number | null;
  warehouses: { id: string; quantity: number }[];
}

/** A record that cannot be read, and why (for `failure`). */
export class RecordError extends Error {
  override name = 'RecordError';
}

/** The groups of a `Классификатор/Группы/Группа` tree, parents first. */
export function readGroups(node: XmlNode, parentId: string | null = null): GroupRecord[] {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (!id || !name) throw new RecordError(`у группы ${id || name || 'без Ид'} нет ${id ? 'Наименования' : 'Ид'}`);
  return [{ id, name, parentId }, ...listOf(node, 'Группы', 'Группа').flatMap((sub) => readGroups(sub, id))];
}

export function readProperty(node: XmlNode): PropertyRecord {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (!id || !name) throw new RecordError(`у свойства ${id || name || 'без Ид'} нет ${id ? 'Наименования' : 'Ид'}`);
  const values = new Map<string, string>();
  for (const variant of child(node, 'ВариантыЗначений')?.children ?? []) {
    const valueId = textOf(variant, 'ИдЗначения');
    const value = textOf(variant, 'Значение');
    if (valueId && value) values.set(valueId, value);
  }
  return { id, name, values };
}

export function readProduct(node: XmlNode): ProductRecord {
  const id = textOf(node, 'Ид');
  const name = textOf(node, 'Наименование');
  if (!id) throw new RecordError(`у товара ${name ? `«${name}» ` : ''}нет Ид`);
  const deleted = node.attrs['Статус'] === 'Удален' || textOf(node, 'ПометкаУдаления') === 'true';
  if (!name && !deleted) throw new RecordError(`у товара ${id} нет Наименования`);
  const sku = textOf(node, 'Артикул') || id;
  const properties: ProductRecord['properties'] = [];
  for (const value of listOf(node, 'ЗначенияСвойств', 'ЗначенияСвойства')) {
    const propertyId = textOf(value, 'Ид');
    for (const v of value.children.filter((c) => c.name === 'Значение'))
      if (propertyId && v.text) properties.push({ id: propertyId, value: v.text });
  }
  return {
    id,
    sku,
    name,
    description: textOf(node, 'Описание'),
    groupIds: listOf(node, 'Группы', 'Ид').map((g) => g.text),
    maker: textOf(child(node, 'Изготовитель'), 'Наименование'),
    properties,
    pictures: node.children.filter((c) => c.name === 'Картинка' && c.text).map((c) => c.text),
    deleted,
  };
}

export function readPriceType(node: XmlNode): PriceTypeRecord {
  const id = textOf(node, 'Ид');
  if (!id) throw new RecordError('у типа цен нет Ид');
  return { id, name: textOf(node, 'Наименование'), currency: textOf(node, 'Валюта') };
}

/** A number as 1C writes it: `1 234,50` or `1234.5`. */
export function decimalOf(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function readOffer(node: XmlNode): OfferRecord {
  const id = textOf(node, 'Ид');
  if (!id) throw new RecordError('у предложения нет Ид');
  const productId = id.split('#')[0]!;
  const prices: OfferRecord['prices'] = [];
  for (const price of listOf(node, 'Цены', 'Цена')) {
    const value = decimalOf(textOf(price, 'ЦенаЗаЕдиницу'));
    if (value === null)
      throw new RecordError(`у предложения ${id} цена «${textOf(price, 'ЦенаЗаЕдиницу')}» — не число`);
    prices.push({ typeId: textOf(price, 'ИдТипаЦены'), price: value.toFixed(2), currency: textOf(price, 'Валюта') });
  }
  const warehouses: OfferRecord['warehouses'] = [];
  for (const store of node.children.filter((c) => c.name === 'Склад'))
    warehouses.push({
      id: store.attrs['ИдСклада'] ?? '',
      quantity: decimalOf(store.attrs['КоличествоНаСкладе'] ?? '') ?? 0,
    });
  // CommerceML 2.08+: Остатки/Остаток/Склад (Ид, Количество), or Остатки/Остаток/Количество.
  for (const rest of listOf(node, 'Остатки', 'Остаток')) {
    const store = child(rest, 'Склад');
    if (store) warehouses.push({ id: textOf(store, 'Ид'), quantity: decimalOf(textOf(store, 'Количество')) ?? 0 });
    else if (child(rest, 'Количество'))
      warehouses.push({ id: '', quantity: decimalOf(textOf(rest, 'Количество')) ?? 0 });
  }
  const stated = child(node, 'Количество') ? decimalOf(textOf(node, 'Количество')) : null;
  if (child(node, 'Количество') && stated === null)
    throw new RecordError(`у предложения ${id} количество «${textOf(node, 'Количество')}» — не число`);
  const quantity = stated ?? (warehouses.length ? warehouses.reduce((n, w) => n + w.quantity, 0) : null);
  const characteristics = listOf(node, 'ХарактеристикиТовара', 'ХарактеристикаТовара')
    .map((c) => textOf(c, 'Значение'))
    .filter(Boolean);
  return { offerId: id, productId, name: textOf(node, 'Наименование'), characteristics, prices, quantity, warehouses };
}

/** The shop's country of a currency as 1C names it (`KGS`, `417`, «сом»; `KZT`, `398`, «тенге», «₸»). */
export function countryOfCurrency(currency: string): CountryCode | null {
  const c = currency.trim().toLowerCase().replace(/\.$/, '');
  if (['kgs', '417', 'сом', 'сом кр', 'som'].includes(c)) return 'kg';
  if (['kzt', '398', 'тенге', 'тңг', '₸', 'тг'].includes(c)) return 'kz';
  return null;
}

/** A stock count as the shop keeps it: whole, never below 0. */
export function stockOf(quantity: number): number {
  return Math.max(0, Math.floor(quantity));
}
