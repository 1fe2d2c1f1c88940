import type { SpecValues } from './specifications.ts';
import { formatNumber } from '../../seeding/text.ts';


/** What a group of similar products shares: picture, price band, title parts, specifications and copy. */
export interface Kind {
  /** Describes the product in the first sentence of its description. */
  noun: string;
  /** File names in /images/demo/. */
  images: string[];
  /** Typical KGS price band of one item. */
  price: [number, number];
  /** Title fragments after the product name, derived from its specification values. */
  parts?: (s: SpecValues) => Part[];
  specs?: SpecValues;
  lead: string;
  features: string[];
  usage: string;
}

export type Part = string | false | undefined;
const n = formatNumber;
export const grams = (s: SpecValues): Part => s.g !== undefined && `${n(Number(s.g))} г`;
export const millilitres = (s: SpecValues): Part => s.ml !== undefined && `${n(Number(s.ml))} мл`;
export const litres = (s: SpecValues): Part =>
  s.ml !== undefined && (Number(s.ml) >= 1000 ? `${n(Number(s.ml) / 1000)} л` : `${n(Number(s.ml))} мл`);
export const pieces = (s: SpecValues): Part => s.qty !== undefined && `${s.qty} шт`;
export const shade = (s: SpecValues): Part => s.shade !== undefined && `оттенок ${s.shade}`;
export const consumable = (months: number): SpecValues => ({ shelf: `${months} ${plural(months, 'месяц', 'месяца', 'месяцев')}` });
export const warranty = (months: number): SpecValues => ({ warranty: `${months} ${plural(months, 'месяц', 'месяца', 'месяцев')}` });

/** Russian noun form for a count: plural(24, 'месяц', 'месяца', 'месяцев') → 'месяца'. */
export function plural(count: number, one: string, few: string, many: string): string {
  const tens = count % 100;
  const units = count % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

