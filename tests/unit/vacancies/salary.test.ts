import { describe, expect, it } from 'vitest';
import { salaryLabel } from '../../../src/server/vacancies/salary.ts';

describe('salary label', () => {
  it('writes a range once with the currency at the end', () => {
    expect(salaryLabel({ from: '60000.00', to: '90000.00', currency: 'KGS' })).toBe(
      '60\u00a0000 – 90\u00a0000\u00a0сом',
    );
  });

  it('writes «от» and «до» for an open range', () => {
    expect(salaryLabel({ from: '350000.00', to: null, currency: 'KZT' })).toBe('от 350\u00a0000\u00a0₸');
    expect(salaryLabel({ from: null, to: '70000.00', currency: 'KGS' })).toBe('до 70\u00a0000\u00a0сом');
  });

  it('says «по договорённости» without amounts or currency', () => {
    expect(salaryLabel({ from: null, to: null, currency: null })).toBe('по договорённости');
    expect(salaryLabel({ from: '1.00', to: null, currency: null })).toBe('по договорённости');
  });
});
