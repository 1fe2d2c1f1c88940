/**
 * A quick order's lines as a buyer writes them (issue 37): pasted text, one product a line — «3M-Z250-A2 10»,
 * «MC-STN-M;5», a row copied from Excel (cells apart by tabs), «Filtek Z250, шприц 4 г, оттенок A1 2» —
 * or a table's rows. Each line names a product (its SKU or its exact name) and a quantity; a line
 * without a quantity means one. Pure: the lines are checked against the catalog by
 * `quick-order.queries.ts`.
 */

/** The most lines one quick order reads: a clinic's monthly list is forty. */
export const MAX_ORDER_LINES = 500;
/** The most characters of pasted text. */
export const MAX_ORDER_TEXT = 50_000;
/** The largest quantity a line may ask for (more digits are a slip). */
const MAX_QUANTITY = 99_999;

/**
 * A line read: the product's key and the quantity, or a quantity that is not one. `head` is the line's first
 * word when the line is words without a number at its end («3M-Z250-A2 пять»): the product, if it is a SKU.
 */
export type ParsedLine =
  | { line: number; text: string; key: string; quantity: number; head?: string }
  | { line: number; text: string; key: string; problem: 'bad_quantity' };

/** A header row people copy with their list («Артикул;Количество», «SKU, qty»): not a product. */
const HEADER = /^(артикул|код|sku|товар|наименование|название|name|product)(?![\p{L}\d])/iu;

/** «10», «10 шт», «10шт.», «10 pcs»: the number; null when the cell is not a quantity. */
export function readQuantity(cell: string): number | null {
  const match = /^(\d{1,9})\s*(шт\.?|pcs\.?|упак\.?)?$/i.exec(cell.trim());
  if (!match) return null;
  return Number(match[1]);
}

/** The product part and the quantity part of one line, by its cells or, without cells, its last word. */
function splitLine(text: string): { key: string; quantity: string | null } {
  const cells = text.includes('\t') ? text.split('\t') : text.includes(';') ? text.split(';') : null;
  if (cells) {
    const filled = cells.map((c) => c.trim()).filter((c) => c !== '');
    if (filled.length >= 2) return { key: filled[0]!, quantity: filled[1]! };
    return { key: filled[0] ?? '', quantity: null };
  }
  // «SKU, 5» or «SKU 5», «SKU 5 шт»: the quantity is the last part when it reads as one.
  const comma = /^(.*\S)\s*,\s*(\d+\s*(?:шт\.?|pcs\.?|упак\.?)?)$/i.exec(text);
  if (comma) return { key: comma[1]!, quantity: comma[2]! };
  const last = /^(.*\S)\s+(\d+\s*(?:шт\.?|pcs\.?|упак\.?)?)$/i.exec(text);
  if (last) return { key: last[1]!, quantity: last[2]! };
  return { key: text, quantity: null };
}

/** One line of text or one table row (its cells joined by tabs); null for a blank line or a header. */
export function parseLine(line: number, raw: string): ParsedLine | null {
  const text = raw.trim();
  if (text === '') return null;
  const { key, quantity } = splitLine(text);
  if (key === '') return null;
  if (quantity === null) {
    if (line === 1 && HEADER.test(key)) return null;
    const head = /^(\S+)\s+\S/.exec(key)?.[1];
    return head ? { line, text, key, quantity: 1, head } : { line, text, key, quantity: 1 };
  }
  const n = readQuantity(quantity);
  if (n === null && line === 1 && HEADER.test(key)) return null;
  if (n === null || n < 1 || n > MAX_QUANTITY) return { line, text, key, problem: 'bad_quantity' };
  return { line, text, key, quantity: n };
}

/** Pasted text, line by line, numbered as the buyer sees them (blank lines count). */
export function parseOrderText(text: string): ParsedLine[] {
  return text.split(/\r\n|\r|\n/).flatMap((raw, index) => parseLine(index + 1, raw) ?? []);
}
