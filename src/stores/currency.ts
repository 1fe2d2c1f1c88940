import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { Exchange } from '~/lib/api/types.ts';
import { DEFAULT_CURRENCY, isDisplayCurrency, type DisplayCurrency } from '~/shared/money.ts';

export {
  convertPrice,
  DEFAULT_CURRENCY,
  DISPLAY_CURRENCIES,
  formatMoney,
  formatPrice,
  type DisplayCurrency,
} from '~/shared/money.ts';

export const CURRENCY_STORAGE_KEY = 'currency';

/** The display currency chosen in the switcher, kept in localStorage; anything unknown reads as `kgs`. */
export const $currency = persistentAtom<DisplayCurrency>(CURRENCY_STORAGE_KEY, DEFAULT_CURRENCY, {
  encode: (value) => value,
  decode: (value) => (isDisplayCurrency(value) ? value : DEFAULT_CURRENCY),
});

export function setCurrency(currency: DisplayCurrency): void {
  if (isDisplayCurrency(currency)) $currency.set(currency);
}

/** The current exchange record: the first item of the exchange list. Null until loaded (or when none exists). */
export const $exchange = atom<Exchange | null>(null);
/** The text of the last failed exchange load; null after a success. */
export const $exchangeError = atom<string | null>(null);

/** Loads the current rate; on failure the previous record is kept and the error text stored. */
export async function loadExchange(): Promise<void> {
  // The API client loads with the first fetch: pages render the current rate, so the page script, which
  // imports this store on every page, never needs it up front.
  const [{ listExchanges }, { apiErrorMessage }] = await Promise.all([
    import('~/lib/api/core.ts'),
    import('~/lib/api/api-error.ts'),
  ]);
  try {
    const page = await listExchanges({ limit: 1, offset: 0 });
    $exchange.set(page.results[0] ?? null);
    $exchangeError.set(null);
  } catch (error) {
    $exchangeError.set(apiErrorMessage(error));
  }
}

/** Uses an exchange record rendered on the server, so prices convert before the first fetch. */
export function hydrateExchange(exchange: Exchange | null | undefined): void {
  if (exchange && $exchange.get()?.id !== exchange.id) $exchange.set(exchange);
}
