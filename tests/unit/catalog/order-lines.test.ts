import { describe, expect, it } from 'vitest';
import { parseLine, parseOrderText, readQuantity } from '~/server/catalog/order-lines.ts';

describe('a quick order’s lines', () => {
  it('read the product and the quantity however the buyer wrote them', () => {
    expect(parseOrderText('3M-Z250-A2 10\nMC-STN-M;5\nGC-FUJI\t2\nSKU-1, 3\nSKU-2 4 шт.\nSKU-3')).toEqual([
      { line: 1, text: '3M-Z250-A2 10', key: '3M-Z250-A2', quantity: 10 },
      { line: 2, text: 'MC-STN-M;5', key: 'MC-STN-M', quantity: 5 },
      { line: 3, text: 'GC-FUJI\t2', key: 'GC-FUJI', quantity: 2 },
      { line: 4, text: 'SKU-1, 3', key: 'SKU-1', quantity: 3 },
      { line: 5, text: 'SKU-2 4 шт.', key: 'SKU-2', quantity: 4 },
      { line: 6, text: 'SKU-3', key: 'SKU-3', quantity: 1 },
    ]);
  });

  it('keep a name with commas whole, numbering lines as the buyer sees them (blank ones count)', () => {
    expect(parseOrderText('\r\nFiltek Z250 композит, шприц 4 г, оттенок A1\t2\r\n')).toEqual([
      {
        line: 2,
        text: 'Filtek Z250 композит, шприц 4 г, оттенок A1\t2',
        key: 'Filtek Z250 композит, шприц 4 г, оттенок A1',
        quantity: 2,
      },
    ]);
  });

  it('skip a header row and say when a quantity is not one', () => {
    expect(parseLine(1, 'Артикул;Количество')).toBeNull();
    expect(parseLine(1, 'SKU\tQty')).toBeNull();
    expect(parseLine(2, 'MC-STN-M;0')).toEqual({
      line: 2,
      text: 'MC-STN-M;0',
      key: 'MC-STN-M',
      problem: 'bad_quantity',
    });
    expect(parseLine(3, 'MC-STN-M;1,5')).toMatchObject({ problem: 'bad_quantity' });
    expect(parseLine(4, 'MC-STN-M пять')).toEqual({
      line: 4,
      text: 'MC-STN-M пять',
      key: 'MC-STN-M пять',
      quantity: 1,
      head: 'MC-STN-M',
    });
    expect(readQuantity('10 pcs')).toBe(10);
    expect(readQuantity('-1')).toBeNull();
  });
});
