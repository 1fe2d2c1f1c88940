/**
 * The `specifications` query parameter of the product list, shared by the client and the server.
 *
 * Format: `slug:v1,v2;slug2:v3`. Each slug and each value is `encodeURIComponent`-ed before joining,
 * so `,` `;` `:` inside values (the Russian decimal comma in «2,5») never clash with the separators.
 */

/** Selected values per specification slug. */
export type SpecificationSelection = Record<string, string[]>;

export type DecodeSpecificationsResult = { ok: true; value: SpecificationSelection } | { ok: false; error: string };

// Code-unit order, not localeCompare: the output is a cache key and must not depend on the runtime's ICU.
function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Encodes a selection. Slugs are sorted, values deduplicated and sorted, empty values and
 * slugs without values dropped, so equal selections give equal strings. An empty selection gives `''`.
 */
export function encodeSpecifications(selection: SpecificationSelection): string {
  const pairs: string[] = [];
  for (const slug of Object.keys(selection).sort(byCodeUnit)) {
    if (!slug) continue;
    const values = [...new Set(selection[slug] ?? [])].filter((v) => v !== '').sort(byCodeUnit);
    if (values.length === 0) continue;
    pairs.push(`${encodeURIComponent(slug)}:${values.map(encodeURIComponent).join(',')}`);
  }
  return pairs.join(';');
}

function decodePart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/**
 * Decodes what {@link encodeSpecifications} produces. A blank string is an empty selection; a trailing `;`
 * is tolerated; a slug given twice has its values merged. Any other deviation is an error whose Russian
 * text the API returns as a 400 field message.
 */
export function decodeSpecifications(input: string): DecodeSpecificationsResult {
  // A Map, then fromEntries: a slug such as `__proto__` must become a plain key, not a prototype.
  const value = new Map<string, string[]>();
  const pairs = input.trim() === '' ? [] : input.split(';');
  for (const [index, pair] of pairs.entries()) {
    if (pair === '' && index === pairs.length - 1) continue;
    const parts = pair.split(':');
    if (parts.length !== 2) {
      return { ok: false, error: 'ожидаются пары slug:значение, разделённые «;»' };
    }
    const [rawSlug, rawValues] = parts as [string, string];
    const slug = decodePart(rawSlug);
    if (slug === null || slug.trim() === '') {
      return { ok: false, error: `в паре ${index + 1} пустой или неверный slug характеристики` };
    }
    const values: string[] = [];
    for (const rawValue of rawValues.split(',')) {
      const decoded = decodePart(rawValue);
      if (decoded === null || decoded === '') {
        return {
          ok: false,
          error: `у характеристики «${slug}» пустое или неверное значение; значения разделяются «,»`,
        };
      }
      values.push(decoded);
    }
    value.set(slug, [...new Set([...(value.get(slug) ?? []), ...values])]);
  }
  return { ok: true, value: Object.fromEntries(value) };
}
