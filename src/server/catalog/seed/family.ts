import type { KindName } from './kinds.ts';
import type { SpecKey, SpecValues } from './specifications.ts';

/** One sellable item of a family: its specification values and what sets it apart in the title. */
export interface Variant {
  specs?: SpecValues;
  /** Replaces `{v}` in the family name, or the kind's title parts when the name has no `{v}`. */
  label?: string;
  /** SKU suffix; derived from the variant's specification values when omitted. */
  sku?: string;
  /** Price multiplier relative to the family's base price. */
  factor?: number;
}

/** A product line of one brand (Filtek Z250, Septoject...) whose variants become separate products. */
export interface Family {
  category: string;
  brand: string;
  kind: KindName;
  name: string;
  code: string;
  /** Packaging text shown after the name for every variant. */
  pack?: string;
  specs?: SpecValues;
  variants?: Variant[];
  /** Replaces the kind's lead sentence in the description. */
  about?: string;
  price?: [number, number];
}

/** One variant per VITA shade: shades('A1 A2 A3'). */
export function shades(list: string): Variant[] {
  return list.split(' ').map((shade) => ({ specs: { shade } }));
}

/** One variant per value of a specification. */
export function each(key: SpecKey, values: Array<string | number>, factors: number[] = []): Variant[] {
  return values.map((value, i) => ({ specs: { [key]: value }, factor: factors[i] }));
}

/** Every combination of two specifications' values. */
export function grid(
  keyA: SpecKey,
  valuesA: Array<string | number>,
  keyB: SpecKey,
  valuesB: Array<string | number>,
): Variant[] {
  return valuesA.flatMap((a) => valuesB.map((b) => ({ specs: { [keyA]: a, [keyB]: b } })));
}

/** Variants told apart by a label: [label, sku, specs?, factor?]. */
export function labelled(rows: Array<[string, string, SpecValues?, number?]>): Variant[] {
  return rows.map(([label, sku, specs, factor]) => ({ label, sku, specs, factor }));
}
