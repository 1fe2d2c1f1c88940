import type { CurrencyCode } from '../../shared/countries.ts';
import { formatMoney, toDisplayCurrency } from '../../shared/money.ts';

/** A vacancy's monthly salary as people read it: «от 60 000 сом», «60 000 – 90 000 ₸», «по договорённости». */
export function salaryLabel(salary: { from: string | null; to: string | null; currency: CurrencyCode | null }): string {
  const { currency } = salary;
  if (!currency || (salary.from === null && salary.to === null)) return 'по договорённости';
  const money = (amount: string) => formatMoney(Number(amount), toDisplayCurrency(currency));
  if (salary.from !== null && salary.to !== null)
    return `${money(salary.from).replace(/\u00a0\S+$/, '')} – ${money(salary.to)}`;
  if (salary.from !== null) return `от ${money(salary.from)}`;
  return `до ${money(salary.to!)}`;
}

export const EMPLOYMENT_TYPE_LABELS = {
  full_time: 'Полная занятость',
  part_time: 'Частичная занятость',
  shift: 'Сменный график',
  internship: 'Стажировка',
} as const;
