import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CurrencyCode, Exchange } from '~/lib/api/types.ts';
import { formatPrice, type DisplayCurrency } from '~/shared/money.ts';
import { $currency, CURRENCY_STORAGE_KEY } from '~/stores/currency.ts';

/**
 * Formats prices as the page script does: in the visitor's chosen currency once mounted, and in the
 * country's own currency on the server and before mount (so hydration matches).
 */
export function usePriceFormat(exchange: Exchange | null, countryCurrency: DisplayCurrency) {
  const chosen = useStore($currency);
  const [hasChoice, setHasChoice] = useState(false);
  useEffect(() => setHasChoice(localStorage.getItem(CURRENCY_STORAGE_KEY) !== null), [chosen]);
  const target = hasChoice ? chosen : countryCurrency;
  return (amount: string | null, from: CurrencyCode) =>
    formatPrice(amount, from, target, exchange) ?? 'Цена по запросу';
}
