import { cleanTestStorage, getTestStorage, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores, keepMount } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { listExchanges } from '~/lib/api/core.ts';
import type { Exchange } from '~/lib/api/types.ts';
import { $currency, $exchange, $exchangeError, hydrateExchange, loadExchange, setCurrency } from '~/stores/currency.ts';
import { page } from '../fixtures/products.ts';

vi.mock('~/lib/api/core.ts', () => ({ listExchanges: vi.fn() }));

const rate: Exchange = { id: 2, date: '2026-11-22', kgs: '1', kzt: '5.8', usd: '0.0114', rub: '1.05' };

beforeAll(() => {
  useTestStorageEngine();
});

beforeEach(() => {
  keepMount($currency);
});

afterEach(() => {
  cleanStores($currency, $exchange, $exchangeError);
  cleanTestStorage();
  $exchange.set(null);
  $exchangeError.set(null);
  vi.mocked(listExchanges).mockReset();
});

describe('currency', () => {
  it('defaults to kgs', () => {
    expect($currency.get()).toBe('kgs');
  });

  it('persists the chosen currency under the currency key', () => {
    setCurrency('usd');
    expect($currency.get()).toBe('usd');
    expect(getTestStorage()).toEqual({ currency: 'usd' });
  });

  it('ignores an unknown currency', () => {
    setCurrency('eur' as never);
    expect($currency.get()).toBe('kgs');
  });

  it('reads an unknown stored currency as kgs', () => {
    setTestStorageKey('currency', 'eur');
    expect($currency.get()).toBe('kgs');
    setTestStorageKey('currency', 'rub');
    expect($currency.get()).toBe('rub');
  });
});

describe('exchange', () => {
  it('uses the first item of the exchange list', async () => {
    vi.mocked(listExchanges).mockResolvedValue(page([rate, { ...rate, id: 1 }]));
    await loadExchange();
    expect(listExchanges).toHaveBeenCalledWith({ limit: 1, offset: 0 });
    expect($exchange.get()).toEqual(rate);
    expect($exchangeError.get()).toBeNull();
  });

  it('keeps the previous record and stores the error text when loading fails', async () => {
    $exchange.set(rate);
    vi.mocked(listExchanges).mockRejectedValue(new Error('offline'));
    await loadExchange();
    expect($exchange.get()).toEqual(rate);
    expect($exchangeError.get()).toBe('offline');
  });

  it('takes a record rendered on the server', () => {
    hydrateExchange(rate);
    expect($exchange.get()).toEqual(rate);
    hydrateExchange(null);
    expect($exchange.get()).toEqual(rate);
  });
});
