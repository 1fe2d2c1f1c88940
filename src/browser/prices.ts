/**
 * Prices in the visitor's currency: every `[data-price]` the server rendered in the country's currency
 * is converted with the page's exchange rate, rounded and marked «≈» (`shared/money.ts`), again whenever
 * the visitor picks another currency in the header.
 */
import type { Exchange } from '~/lib/api/types.ts';
import { COUNTRIES, DEFAULT_COUNTRY, isCurrencyCode } from '~/shared/countries.ts';
import {
  formatApproximate,
  formatPrice,
  isDisplayCurrency,
  priceBoundToDisplay,
  toDisplayCurrency,
  type DisplayCurrency,
} from '~/shared/money.ts';
import { $currency, CURRENCY_STORAGE_KEY, setCurrency } from '~/stores/currency.ts';

/** The visitor's chosen currency, or the page country's own until they choose one. */
function displayCurrency(): DisplayCurrency {
  const stored = localStorage.getItem(CURRENCY_STORAGE_KEY);
  const own = document.documentElement.dataset.currency;
  if (stored === null && isDisplayCurrency(own)) return own;
  return $currency.get();
}

function pageExchange(): Exchange | null {
  const raw = document.body.dataset.exchange;
  if (!raw) return null;
  try {
    return { id: 0, date: '', ...JSON.parse(raw) } as Exchange;
  } catch {
    return null;
  }
}

export function renderPrices(): void {
  const currency = displayCurrency();
  const exchange = pageExchange();
  for (const node of document.querySelectorAll<HTMLElement>('[data-price]')) {
    const from = isCurrencyCode(node.dataset.priceCurrency)
      ? node.dataset.priceCurrency
      : COUNTRIES[DEFAULT_COUNTRY].currency;
    // A price filter bound reads as the visitor typed it (the filter widened it before converting).
    const bound = node.dataset.priceBound;
    const text =
      (bound === 'min' || bound === 'max') && toDisplayCurrency(from) !== currency && exchange
        ? formatApproximate(
            priceBoundToDisplay(Number(node.dataset.price), toDisplayCurrency(from), currency, exchange, bound),
            currency,
          )
        : formatPrice(node.dataset.price ?? null, from, currency, exchange);
    // A struck-out old price beside an approximate one needs no second «≈».
    if (text && node.tagName === 'S') {
      const plain = text.replace(/^≈\u00a0/, '');
      if (node.textContent !== plain) node.textContent = plain;
      continue;
    }
    if (text && node.textContent !== text) node.textContent = text;
  }
  // What will be paid, in the price's own currency, beside an estimate in another one.
  for (const note of document.querySelectorAll<HTMLElement>('[data-pay-note]')) {
    const own = note.dataset.payNote;
    note.hidden = !isCurrencyCode(own) || toDisplayCurrency(own) === currency;
  }
  const select = document.querySelector<HTMLSelectElement>('[data-currency-select]');
  if (select) select.value = currency;
}

export function trackDisplayCurrency(): void {
  $currency.listen(renderPrices);
  // Prices drawn after the page loaded (the search suggestions) ask to be converted too.
  document.addEventListener('shop:render-prices', renderPrices);
  document.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (!target.matches('[data-currency-select]')) return;
    const value = (target as HTMLSelectElement).value;
    if (isDisplayCurrency(value)) setCurrency(value);
  });
}
