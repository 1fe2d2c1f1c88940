import { describe, expect, it } from 'vitest';
import {
  contractPrice,
  discounted,
  NO_TERMS,
  type PriceRule,
  type PriceTerms,
} from '~/server/clinics/contract-prices.ts';

const all = (percent: string): PriceRule => ({ scope: 'all', brandId: null, categoryId: null, percent });
const brand = (brandId: number, percent: string): PriceRule => ({ scope: 'brand', brandId, categoryId: null, percent });
const category = (categoryId: number, percent: string): PriceRule => ({
  scope: 'category',
  brandId: null,
  categoryId,
  percent,
});
const terms = (rules: PriceRule[], fixed: [number, string][] = []): PriceTerms => ({ rules, fixed: new Map(fixed) });

// A composite of brand 7 in category 30 (under 20, under 10).
const composite = { id: 1, brandId: 7, categoryPath: [10, 20, 30], price: '1000.00' };

describe('a clinic’s contract price', () => {
  it('is the public price without terms', () => {
    expect(contractPrice(NO_TERMS, composite, 'KGS')).toEqual({ price: '1000.00', source: 'public' });
  });

  it('takes the overall discount when nothing more specific applies', () => {
    expect(contractPrice(terms([all('5')]), composite, 'KGS')).toEqual({ price: '950.00', source: 'all' });
  });

  it('prefers the brand’s discount to the overall one, even when it is smaller', () => {
    expect(contractPrice(terms([all('5'), brand(7, '3')]), composite, 'KGS')).toEqual({
      price: '970.00',
      source: 'brand',
    });
    // Another brand's discount does not apply.
    expect(contractPrice(terms([all('5'), brand(8, '30')]), composite, 'KGS').price).toBe('950.00');
  });

  it('prefers a category’s discount to the brand’s; a category covers its subtree, the deepest wins', () => {
    expect(contractPrice(terms([all('5'), brand(7, '10'), category(10, '2')]), composite, 'KGS')).toEqual({
      price: '980.00',
      source: 'category',
    });
    expect(contractPrice(terms([category(10, '2'), category(20, '12')]), composite, 'KGS').price).toBe('880.00');
    expect(contractPrice(terms([category(30, '1'), category(20, '12')]), composite, 'KGS').price).toBe('990.00');
    // A category elsewhere in the tree does not apply.
    expect(contractPrice(terms([category(40, '50')]), composite, 'KGS').source).toBe('public');
  });

  it('gives the clinic the better of two terms of one level', () => {
    expect(contractPrice(terms([all('5'), all('8')]), composite, 'KGS').price).toBe('920.00');
  });

  it('takes a fixed price over every discount, never above the public price', () => {
    const list = terms([all('50'), brand(7, '60'), category(30, '70')], [[1, '990.50']]);
    expect(contractPrice(list, composite, 'KGS')).toEqual({ price: '990.50', source: 'fixed' });
    expect(contractPrice(terms([], [[1, '1500.00']]), composite, 'KGS')).toEqual({ price: '1000.00', source: 'fixed' });
    // Another product's fixed price does not apply.
    expect(contractPrice(terms([all('5')], [[2, '1.00']]), composite, 'KGS').price).toBe('950.00');
  });

  it('rounds a discounted price to whole som and tenge, half up, never above the public price', () => {
    const odd = { ...composite, price: '1249.00' };
    expect(contractPrice(terms([all('5')]), odd, 'KGS').price).toBe('1187.00'); // 1186.55
    expect(contractPrice(terms([all('12.5')]), odd, 'KZT').price).toBe('1093.00'); // 1092.875
    expect(contractPrice(terms([all('0.01')]), { ...composite, price: '10.40' }, 'KGS').price).toBe('10.00');
    expect(contractPrice(terms([all('1')]), { ...composite, price: '0.60' }, 'KGS').price).toBe('0.60');
    expect(discounted(100_00n, 5_00n, 100n)).toBe(95_00n);
  });

  it('leaves a product that is not sold without a price', () => {
    expect(contractPrice(terms([all('5')], [[1, '1.00']]), { ...composite, price: null }, 'KGS')).toEqual({
      price: null,
      source: 'public',
    });
  });

  it('reads a product without a brand by its category and the overall terms', () => {
    const unbranded = { ...composite, brandId: null };
    expect(contractPrice(terms([brand(7, '10'), all('4')]), unbranded, 'KGS').price).toBe('960.00');
  });
});
