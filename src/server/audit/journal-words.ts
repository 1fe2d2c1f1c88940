/**
 * The journal in words a shop manager uses: «создал(а) публикацию «Скидки декабря»», «изменил(а)
 * цену: 1 200 сом → 1 350 сом», «новая → в работе», «скрыл(а) с сайта». Pure: the entries come with
 * the names of what they refer to already looked up (`journal.queries.ts`).
 */
import { CITIES } from '../../shared/cities.ts';
import { COUNTRIES, isCountryCode, isCurrencyCode, type CountryCode } from '../../shared/countries.ts';
import { formatDay, formatPublished } from '../../shared/dates.ts';
import { fieldLabelAccusative, recordKindAccusative } from '../../shared/field-labels.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';
import { formatPhone } from '../../shared/phone.ts';
import { plural } from '../../shared/plural.ts';
import { REQUEST_KIND_LABELS, REQUEST_STATUS_LABELS } from '../../shared/request-states.ts';
import { toPlainText } from '../content/sanitize.ts';
import { EMPLOYMENT_TYPE_LABELS } from '../vacancies/salary.ts';
import type { JournalChange, JournalEntry, JournalImportKind } from './journal.types.ts';

const CHANGES = ['изменение', 'изменения', 'изменений'] as const;

const IMPORT_NAMES: Record<JournalImportKind, readonly [load: string, undo: string]> = {
  products: ['Загрузка товаров', 'Отмена загрузки товаров'],
  prices: ['Загрузка цен', 'Отмена загрузки цен'],
  stock: ['Загрузка остатков', 'Отмена загрузки остатков'],
  exchange: ['Обмен с 1С', 'Отмена обмена с 1С'],
};

const PUBLICATION_KINDS: Record<string, string> = { news: 'новость', article: 'статья', page: 'страница сайта' };
const DOCUMENT_TYPES: Record<string, string> = {
  offer: 'публичная оферта',
  privacy: 'политика конфиденциальности',
  delivery: 'доставка и оплата',
  requisites: 'реквизиты',
};

/** Rich text kept in full: the journal says that it changed, not how. */
const RICH_TEXT = new Set(['description', 'body', 'content']);
/** Names of records a label is written in quotes: «Композит Estelite». Others read as they are: заявку В-0003. */
const UNQUOTED = new Set(['request', 'exchange', 'user', 'contact']);
const MAX_VALUE = 80;

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const lookup = (words: Record<string, string>, key: string) => (Object.hasOwn(words, key) ? words[key] : undefined);

/** A stored value as the catalog keeps it (text) or the staff tables do (JSON), parsed back. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function truthy(value: unknown): boolean {
  return value === true || value === 'true';
}

function money(value: unknown, currency: string | null): string {
  const amount = Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return currency && isCurrencyCode(currency)
    ? formatMoney(amount, toDisplayCurrency(currency))
    : amount.toLocaleString('ru-RU');
}

function dateText(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatPublished(date);
}

function clip(text: string): string {
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1).trimEnd()}…` : text;
}

/** The currency a money field of a record is in, where the journal knows it. */
function currencyOf(entry: Pick<JournalEntry, 'entity' | 'country'>, field: string): string | null {
  if (field === 'price_kg') return COUNTRIES.kg.currency;
  if (field === 'price_kz') return COUNTRIES.kz.currency;
  if (entry.entity === 'product' && entry.country) return COUNTRIES[entry.country].currency;
  return null;
}

const MONEY_FIELDS = new Set(['price', 'old_price', 'price_kg', 'price_kz', 'salaryFrom', 'salaryTo']);

/** One value of a field as a manager reads it: money with its currency, states in Russian, names for ids. */
export function valueText(
  entry: Pick<JournalEntry, 'entity' | 'country'>,
  field: string,
  raw: unknown,
  name?: string | null,
): string {
  if (name) return name;
  const value = parsed(raw);
  if (isEmpty(value)) return '—';
  if (typeof value === 'boolean' || value === 'true' || value === 'false') return truthy(value) ? 'да' : 'нет';
  if (MONEY_FIELDS.has(field) || field.startsWith('fixed:') || field.startsWith('price_list:'))
    return money(value, currencyOf(entry, field));
  if (field === 'quantity') return `${Number(value).toLocaleString('ru-RU')} шт.`;
  if (field === 'phone' && typeof value === 'string') return formatPhone(value);
  if (field === 'phones' && Array.isArray(value)) return value.map((p) => formatPhone(String(p))).join(', ');
  if (Array.isArray(value)) return clip(value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '));
  if (typeof value === 'number') return value.toLocaleString('ru-RU');
  if (typeof value !== 'string') return clip(JSON.stringify(value));
  const word =
    (field === 'status' && lookup(REQUEST_STATUS_LABELS, value)) ||
    (field === 'kind' && entry.entity === 'request' && lookup(REQUEST_KIND_LABELS, value)) ||
    (field === 'kind' && lookup(PUBLICATION_KINDS, value)) ||
    (field === 'employmentType' && lookup(EMPLOYMENT_TYPE_LABELS, value)) ||
    (field === 'documentType' && lookup(DOCUMENT_TYPES, value)) ||
    ((field === 'country' || field === 'origin') && isCountryCode(value) && COUNTRIES[value].name) ||
    (field === 'country' && entry.entity === 'exchange_mapping' && value === 'ignore' && 'не учитывать') ||
    (field === 'city' && lookup(Object.fromEntries(Object.values(CITIES).map((c) => [c.code, c.name])), value));
  if (word) return lower(word);
  if (/At$|Date$|^date$|^validThrough$/.test(field)) return dateText(value);
  return clip(value);
}

/** Photos as counts and what happened to them: «добавил(а) 2 фото», «поменял(а) порядок фото». */
function photosText(before: unknown, after: unknown): string {
  const from = (Array.isArray(parsed(before)) ? parsed(before) : []) as unknown[];
  const to = (Array.isArray(parsed(after)) ? parsed(after) : []) as unknown[];
  const added = to.filter((p) => !from.includes(p)).length;
  const removed = from.filter((p) => !to.includes(p)).length;
  const parts: string[] = [];
  if (added) parts.push(`добавил(а) ${added} фото`);
  if (removed) parts.push(`убрал(а) ${removed} фото`);
  if (!parts.length) return 'поменял(а) порядок фото';
  return `${parts.join(', ')} (теперь ${to.length})`;
}

/** Yes/no fields said as what was done: «скрыл(а) с сайта», «заблокировал(а)». */
function switchText(entity: string, field: string, on: boolean): string | null {
  if (entity === 'user') {
    if (field === 'isActive')
      return on ? 'разблокировал(а): вход и заказы открыты' : 'заблокировал(а): вход и заказы закрыты';
    if (field === 'isStaff') return on ? 'дал(а) доступ сотрудника' : 'снял(а) доступ сотрудника';
    if (field === 'isSuperuser') return on ? 'дал(а) права администратора' : 'снял(а) права администратора';
    if (field === 'canExchange') return on ? 'дал(а) право на обмен с 1С' : 'снял(а) право на обмен с 1С';
  }
  if (field === 'verified') return on ? 'отметил(а): ИНН/БИН проверен' : 'снял(а) отметку «проверена»';
  if (field === 'is_active' || field === 'isActive') return on ? 'показал(а) на сайте' : 'скрыл(а) с сайта';
  if (field === 'isOpen') return on ? 'открыл(а) набор' : 'закрыл(а) набор';
  if (field === 'isPublished') return on ? 'опубликовал(а)' : 'снял(а) с публикации';
  if (field === 'isFilter') return on ? 'добавил(а) в фильтры' : 'убрал(а) из фильтров';
  return null;
}

/** One changed field in words: «изменил(а) цену: 1 200 сом → 1 350 сом». */
export function changeText(entry: Pick<JournalEntry, 'entity' | 'country'>, change: JournalChange): string {
  const { field, before, after } = change;
  if (field === 'offer') return isEmpty(after) ? 'снял(а) с продажи' : 'начал(а) продажу';
  if (field === 'images') return photosText(before, after);
  const isSwitch = typeof before === 'boolean' || typeof after === 'boolean' || /^(true|false)$/.test(String(after));
  if (isSwitch) {
    const words = switchText(entry.entity, field, truthy(after));
    if (words) return words;
  }
  const what = field.startsWith('spec:')
    ? `характеристику «${change.label}»`
    : fieldLabelAccusative(field, entry.entity);
  if (RICH_TEXT.has(field)) {
    const text = toPlainText(typeof after === 'string' ? after : '', MAX_VALUE);
    return text ? `изменил(а) ${what}: «${text}»` : `убрал(а) ${what}`;
  }
  // Values emptied since (a deleted account's phone): only which field changed is kept.
  if (before === null && after === null) return `изменил(а) ${what}`;
  const [beforeName, afterName] = change.names ?? [];
  const from = valueText(entry, field, before, beforeName);
  const to = valueText(entry, field, after, afterName);
  if (isEmpty(parsed(before)) && !beforeName) return `указал(а) ${what}: ${to}`;
  if (isEmpty(parsed(after)) && !afterName) return `убрал(а) ${what} (было: ${from})`;
  return `изменил(а) ${what}: ${from} → ${to}`;
}

function importName(kind: JournalImportKind | null, undo: boolean): string {
  if (!kind) return undo ? 'Отмена загрузки' : 'Загрузка';
  return IMPORT_NAMES[kind][undo ? 1 : 0];
}

/** «Загрузка цен (Кыргызстан, файл prices.xlsx)». */
export function importTitle(entry: Pick<JournalEntry, 'country' | 'import'>, undo: boolean): string {
  const details = [
    entry.country ? COUNTRIES[entry.country].name : null,
    entry.import?.fileName ? `файл ${entry.import.fileName}` : null,
  ].filter(Boolean);
  return `${importName(entry.import?.kind ?? null, undo)}${details.length ? ` (${details.join(', ')})` : ''}`;
}

const VERBS = { create: 'создал(а)', update: 'изменил(а)', delete: 'удалил(а)' } as const;

function inCountry(country: CountryCode | null): string {
  return country ? ` ${COUNTRIES[country].inName}` : '';
}

/**
 * What an entry did, as one line: «создал(а) публикацию «Скидки декабря»», «изменил(а) товар
 * «Estelite Sigma Quick A2» в Кыргызстане», «Загрузка цен (файл prices.xlsx): 1 234 изменения».
 */
export function entrySummary(entry: JournalEntry): string {
  if (entry.action === 'import' || entry.action === 'undo') {
    const title = importTitle(entry, entry.action === 'undo');
    return `${title}: ${plural(entry.import?.changes ?? 0, CHANGES)}`;
  }
  const name = entry.label
    ? UNQUOTED.has(entry.entity)
      ? ` ${entry.label}`
      : ` «${entry.label}»`
    : entry.entity === 'product'
      ? ` ${entry.entityId}`
      : ` № ${entry.entityId}`;
  const done = `${VERBS[entry.action]} ${recordKindAccusative(entry.entity)}${name}${inCountry(entry.country)}`;
  if (!entry.import) return done;
  return `${done}: ${lower(importTitle({ country: null, import: entry.import }, entry.source === 'undo'))}`;
}
