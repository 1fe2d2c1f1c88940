import type { SpecValues } from './specifications.ts';
import { formatNumber } from '../../seeding/text.ts';
import { pluralWord } from '../../../shared/plural.ts';

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
const MONTHS = ['месяц', 'месяца', 'месяцев'] as const;
export const consumable = (months: number): SpecValues => ({ shelf: `${months} ${pluralWord(months, MONTHS)}` });
export const warranty = (months: number): SpecValues => ({ warranty: `${months} ${pluralWord(months, MONTHS)}` });
