import type { Random } from '../../seeding/random.ts';

import type { CountryCode } from '../../../shared/countries.ts';

export interface OfferDraft {
  country: CountryCode;
  /** Decimal string with two places, in the country's currency. */
  price: string;
  oldPrice: string | null;
  quantity: number;
}

/** Tenge per som used to derive demo KZT prices. */
export const KZT_PER_KGS = 5.9;

/** A shelf-looking KGS price: tens below 1,000, fifties below 10,000, hundreds above. */
export function roundKgs(value: number): number {
  const step = value < 1000 ? 10 : value < 10000 ? 50 : 100;
  return Math.max(step, Math.round(value / step) * step);
}

/** The KZT counterpart of a KGS price, ending in 0 below 1,000 ₸ and in 90 above. */
export function kztFromKgs(kgs: number): number {
  const raw = kgs * KZT_PER_KGS;
  if (raw < 1000) return Math.max(10, Math.round(raw / 10) * 10);
  return Math.round(raw / 100) * 100 - 10;
}

const money = (value: number): string => value.toFixed(2);

/**
 * Offers for a product priced `kgs` som: about 8% are sold in one country only,
 * about 10% are out of stock in a country and about 10% carry an old (pre-discount) price.
 */
export function buildOffers(kgs: number, rng: Random): OfferDraft[] {
  const roll = rng.next();
  const countries: CountryCode[] = roll < 0.04 ? ['kg'] : roll < 0.08 ? ['kz'] : ['kg', 'kz'];
  const discount = rng.chance(0.1) ? 1.1 + rng.int(0, 4) * 0.05 : null;
  const maxStock = kgs > 50000 ? 8 : kgs > 10000 ? 40 : 250;
  return countries.map((country) => {
    const price = country === 'kg' ? kgs : kztFromKgs(kgs);
    const old = discount === null ? null : country === 'kg' ? roundKgs(kgs * discount) : kztFromKgs(kgs * discount);
    return {
      country,
      price: money(price),
      oldPrice: old !== null && old > price ? money(old) : null,
      quantity: rng.chance(0.1) ? 0 : rng.int(1, maxStock),
    };
  });
}
