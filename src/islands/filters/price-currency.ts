import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isDisplayCurrency, type DisplayCurrency, type ExchangeRates } from '~/shared/money.ts';
import { $currency, CURRENCY_STORAGE_KEY } from '~/stores/currency.ts';

export interface VisibleCurrency {
  /** The currency prices are shown in: the visitor's choice, or the country's own until they choose. */
  currency: DisplayCurrency;
  /** The page's exchange record (rendered into `<body data-exchange>`), null when there is none. */
  exchange: ExchangeRates | null;
}

function pageExchange(): ExchangeRates | null {
  const raw = document.body.dataset.exchange;
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as ExchangeRates) : null;
  } catch {
    return null;
  }
}

/**
 * The currency the page shows prices in (see `browser/prices.ts`), for the price filter: the
 * country's currency on the server and before mount (so hydration matches), the visible one after.
 */
export function useVisibleCurrency(countryCurrency: DisplayCurrency): VisibleCurrency {
  const chosen = useStore($currency);
  const [state, setState] = useState<VisibleCurrency>({ currency: countryCurrency, exchange: null });
  useEffect(() => {
    const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
    const exchange = pageExchange();
    const currency = stored !== null && isDisplayCurrency(chosen) && exchange ? chosen : countryCurrency;
    setState({ currency, exchange });
  }, [chosen, countryCurrency]);
  return state;
}
