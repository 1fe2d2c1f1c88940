/** Money and dates as the back office shows them: Russian formats, the order's own currency. */
import { isCurrencyCode } from '../../shared/countries.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';

export { formatPhone } from '../../shared/phone.ts';

/** `"3540.00"` in `KGS` → `3 540 сом`; an unknown currency keeps its code. */
export function money(amount: string | number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  return isCurrencyCode(currency) ? formatMoney(value, toDisplayCurrency(currency)) : `${value} ${currency}`;
}

const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'medium', timeStyle: 'short' });

export function moment(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const sizes = ['байт', 'КБ', 'МБ', 'ГБ'];

export function fileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizes.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} ${sizes[unit]}`;
}
