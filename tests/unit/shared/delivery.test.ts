import { describe, expect, it } from 'vitest';
import {
  courierCity,
  freeDeliveryHint,
  mainCityDeliveryText,
  orderDeliveryPriceText,
  quoteDelivery,
} from '../../../src/shared/delivery.ts';

const courier = (city: string) => ({ method: 'courier' as const, city });

describe('delivery prices (shared/delivery.ts)', () => {
  it('knows the courier cities however their names are typed', () => {
    expect(courierCity('kg', ' Бишкек ')?.name).toBe('Бишкек');
    expect(courierCity('kg', 'г. бишкек')?.name).toBe('Бишкек');
    expect(courierCity('kg', 'OSH')?.name).toBe('Ош');
    expect(courierCity('kz', 'Алма-Ата')?.name).toBe('Алматы');
    expect(courierCity('kz', 'Бишкек')).toBeNull();
    expect(courierCity('kg', 'Каракол')).toBeNull();
  });

  it('charges the courier below the threshold and nothing from it', () => {
    expect(quoteDelivery('kg', courier('Бишкек'), 3540)).toEqual({
      kind: 'courier',
      price: 250,
      freeFrom: 10_000,
      missing: 6460,
    });
    expect(quoteDelivery('kg', courier('Бишкек'), 10_000)).toEqual({ kind: 'free', price: 0, reason: 'threshold' });
    expect(quoteDelivery('kz', courier('Астана'), 59_999)).toMatchObject({ kind: 'courier', price: 1500 });
    expect(quoteDelivery('kz', courier('Астана'), 60_000)).toMatchObject({ kind: 'free' });
  });

  it('is free for pickup; elsewhere a carrier charges on receipt, free to its terminal above a threshold', () => {
    expect(quoteDelivery('kg', { method: 'pickup' }, 10)).toEqual({ kind: 'free', price: 0, reason: 'pickup' });
    expect(quoteDelivery('kg', courier('Каракол'), 20_000)).toEqual({
      kind: 'carrier',
      price: null,
      freeFrom: 30_000,
      missing: 10_000,
    });
    expect(quoteDelivery('kz', courier('Шымкент'), 180_000)).toMatchObject({ kind: 'free', reason: 'terminal' });
  });

  it('says what is left for free delivery, and the main city’s terms', () => {
    expect(freeDeliveryHint('kg', quoteDelivery('kg', courier('Бишкек'), 3540))).toBe(
      'До бесплатной доставки осталось 6\u00a0460\u00a0сом (бесплатно от 10\u00a0000\u00a0сом).',
    );
    expect(freeDeliveryHint('kg', quoteDelivery('kg', courier('Бишкек'), 12_000))).toBeNull();
    expect(mainCityDeliveryText('kz')).toBe('Доставка по Алматы — 1\u00a0500\u00a0₸, бесплатно от 60\u00a0000\u00a0₸.');
  });

  it("says a placed order's stored delivery price in the same words", () => {
    expect(orderDeliveryPriceText('kg', '250.00')).toBe('250\u00a0сом');
    expect(orderDeliveryPriceText('kz', '1500.00')).toBe('1\u00a0500\u00a0₸');
    expect(orderDeliveryPriceText('kg', '0.00')).toBe('бесплатно');
    expect(orderDeliveryPriceText('kg', null)).toBe('по тарифу перевозчика, при получении');
  });
});
