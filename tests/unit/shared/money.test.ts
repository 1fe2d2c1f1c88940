import { describe, expect, it } from 'vitest';
import type { Exchange } from '~/lib/api/types.ts';
import {
  convertPrice,
  DEFAULT_CURRENCY,
  formatApproximate,
  formatMoney,
  formatPrice,
  isDisplayCurrency,
  paymentNote,
  priceBoundToCountry,
  priceBoundToDisplay,
} from '~/shared/money.ts';

// Units of each currency per 1 KGS.
const exchange: Exchange = { id: 1, date: '2026-11-22', kgs: '1.00', kzt: '5.80', usd: '0.0114', rub: '1.05' };
const nbsp = '\u00a0';

describe('convertPrice', () => {
  it('keeps an amount in its own currency without a rate', () => {
    expect(convertPrice('1250.00', 'KGS', 'kgs', null)).toBe(1250);
    expect(convertPrice('5800', 'KZT', 'kzt', null)).toBe(5800);
  });

  it('converts KGS through the rate', () => {
    expect(convertPrice('1000', 'KGS', 'usd', exchange)).toBeCloseTo(11.4);
    expect(convertPrice('1000', 'KGS', 'kzt', exchange)).toBeCloseTo(5800);
  });

  it('converts KZT to other currencies through KGS', () => {
    expect(convertPrice('5800', 'KZT', 'kgs', exchange)).toBeCloseTo(1000);
    expect(convertPrice('5800', 'KZT', 'rub', exchange)).toBeCloseTo(1050);
  });

  it('returns null without a usable rate or amount', () => {
    expect(convertPrice('1000', 'KGS', 'usd', null)).toBeNull();
    expect(convertPrice('1000', 'KGS', 'usd', { ...exchange, usd: '0' })).toBeNull();
    expect(convertPrice('1000', 'KZT', 'usd', { ...exchange, kzt: 'x' })).toBeNull();
    expect(convertPrice('abc', 'KGS', 'kgs', exchange)).toBeNull();
    expect(convertPrice('', 'KGS', 'kgs', exchange)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('shows whole som, tenge and roubles without a fraction', () => {
    expect(formatMoney(1250, 'kgs')).toBe(`1${nbsp}250${nbsp}сом`);
    expect(formatMoney(1234567, 'kzt')).toBe(`1${nbsp}234${nbsp}567${nbsp}₸`);
    expect(formatMoney(99.999, 'rub')).toBe(`100${nbsp}₽`);
  });

  it('shows kopecks and tiyn when the amount is not whole', () => {
    expect(formatMoney(1250.5, 'kgs')).toBe(`1${nbsp}250,50${nbsp}сом`);
  });

  it('always shows cents for dollars', () => {
    expect(formatMoney(12, 'usd')).toBe(`12,00${nbsp}$`);
    expect(formatMoney(11.4, 'usd')).toBe(`11,40${nbsp}$`);
  });
});

describe('formatPrice', () => {
  it('converts to the chosen currency, rounded and marked approximate', () => {
    expect(formatPrice('1000', 'KGS', 'usd', exchange)).toBe(`≈${nbsp}11,40${nbsp}$`);
    expect(formatPrice('9478.36', 'KZT', 'kgs', exchange)).toBe(`≈${nbsp}1${nbsp}634${nbsp}сом`);
    expect(formatPrice('100000', 'KGS', 'usd', exchange)).toBe(`≈${nbsp}1${nbsp}140${nbsp}$`);
  });

  it('keeps the exact amount in the product currency', () => {
    expect(formatPrice('1634.20', 'KGS', 'kgs', exchange)).toBe(`1${nbsp}634,20${nbsp}сом`);
  });

  it('falls back to the product currency when there is no rate', () => {
    expect(formatPrice('5800', 'KZT', 'usd', null)).toBe(`5${nbsp}800${nbsp}₸`);
  });

  it('gives null for a missing price', () => {
    expect(formatPrice(null, 'KGS', 'kgs', exchange)).toBeNull();
  });
});

describe('display currencies', () => {
  it('defaults to kgs and knows the four switcher currencies', () => {
    expect(DEFAULT_CURRENCY).toBe('kgs');
    expect(['kgs', 'kzt', 'usd', 'rub'].every(isDisplayCurrency)).toBe(true);
    expect(isDisplayCurrency('KGS')).toBe(false);
    expect(isDisplayCurrency('eur')).toBe(false);
  });
});

describe('formatApproximate', () => {
  it('rounds to whole units, keeping cents only for small dollar amounts', () => {
    expect(formatApproximate(1634.2, 'kgs')).toBe(`≈${nbsp}1${nbsp}634${nbsp}сом`);
    expect(formatApproximate(1634.5, 'rub')).toBe(`≈${nbsp}1${nbsp}635${nbsp}₽`);
    expect(formatApproximate(5.187, 'usd')).toBe(`≈${nbsp}5,19${nbsp}$`);
    expect(formatApproximate(150.4, 'usd')).toBe(`≈${nbsp}150${nbsp}$`);
  });
});

describe('price filter bounds', () => {
  it('converts visible-currency bounds to the country currency, widening so edge products stay in', () => {
    // 1 KGS = 5.8 KZT; a card priced 5800 ₸ shows ≈ 1 000 сом.
    expect(priceBoundToCountry(1000, 'min', 'kgs', 'kzt', exchange)).toBe(5797.1);
    expect(priceBoundToCountry(1000, 'max', 'kgs', 'kzt', exchange)).toBe(5802.9);
    // 1 KGS = 0.0114 USD: 11,40 $ is 1000 сом.
    expect(priceBoundToCountry(11.4, 'min', 'usd', 'kgs', exchange)).toBeLessThanOrEqual(1000);
    expect(priceBoundToCountry(11.4, 'max', 'usd', 'kgs', exchange)).toBeGreaterThanOrEqual(1000);
  });

  it('includes every product whose rounded displayed price lies within the bounds', () => {
    for (const price of [150, 999.99, 4321, 68390]) {
      const shown = priceBoundToDisplay(price, 'kzt', 'usd', exchange);
      expect(priceBoundToCountry(shown, 'min', 'usd', 'kzt', exchange)).toBeLessThanOrEqual(price);
      expect(priceBoundToCountry(shown, 'max', 'usd', 'kzt', exchange)).toBeGreaterThanOrEqual(price);
    }
  });

  it('reads a typed bound back as typed', () => {
    for (const typed of [3.64, 11.4, 57, 1890, 68390]) {
      for (const side of ['min', 'max'] as const) {
        for (const [from, to] of [
          ['usd', 'kzt'],
          ['kgs', 'kzt'],
          ['kzt', 'kgs'],
          ['rub', 'kgs'],
        ] as const) {
          // Only dollars are shown with cents.
          if (!Number.isInteger(typed) && from !== 'usd') continue;
          const shown = priceBoundToDisplay(
            priceBoundToCountry(typed, side, from, to, exchange),
            to,
            from,
            exchange,
            side,
          );
          expect(shown, `${typed} ${from} → ${to} (${side})`).toBe(typed);
        }
      }
    }
  });

  it('leaves bounds alone in the country currency or without a rate', () => {
    expect(priceBoundToCountry(1890, 'min', 'kzt', 'kzt', exchange)).toBe(1890);
    expect(priceBoundToCountry(5, 'max', 'usd', 'kzt', null)).toBe(5);
    expect(priceBoundToDisplay(0, 'kzt', 'usd', exchange)).toBe(0);
  });
});

describe('paymentNote', () => {
  it('states the payment currency and the exact amount', () => {
    expect(paymentNote(12345, 'kzt')).toBe(`Оплата в тенге: 12${nbsp}345${nbsp}₸`);
    expect(paymentNote(1634.2, 'kgs')).toBe(`Оплата в сомах: 1${nbsp}634,20${nbsp}сом`);
  });
});
