import { useEffect, useRef, useState } from 'react';
import { parsePrice } from '~/shared/filters-url.ts';
import { CURRENCY_UNITS, priceBoundToCountry, priceBoundToDisplay, type DisplayCurrency } from '~/shared/money.ts';
import { $filters, setPriceRange, type PriceRange } from '~/stores/filters.ts';
import { useVisibleCurrency, type VisibleCurrency } from './price-currency.ts';
import type { FacetsProps } from './types.ts';

/** The bounds as typed: strings, '' for no bound. */
interface PriceText {
  from: string;
  to: string;
}

const wholeNumbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

const boundText = (value: number) => (value ? String(value) : '');

/** The bounds of `range` (the country's currency) as the inputs show them: in the visible currency. */
function shownBounds(range: PriceRange, countryCurrency: DisplayCurrency, visible: VisibleCurrency): PriceText {
  const { currency, exchange } = visible;
  return {
    from: boundText(priceBoundToDisplay(range.minPrice, countryCurrency, currency, exchange, 'min')),
    to: boundText(priceBoundToDisplay(range.maxPrice, countryCurrency, currency, exchange, 'max')),
  };
}

/**
 * The price filter's typed bounds. The URL and `$filters` hold them in the country's currency; the
 * inputs speak the currency prices are shown in, and follow it when the visitor switches.
 */
export function usePriceBounds(countryCurrency: DisplayCurrency, initial: PriceRange) {
  const visible = useVisibleCurrency(countryCurrency);
  const { currency, exchange } = visible;
  const [text, setText] = useState<PriceText>(() => ({
    from: boundText(initial.minPrice),
    to: boundText(initial.maxPrice),
  }));
  // What the store holds, as shown: typing changes `text` only, and a commit compares the two.
  const synced = useRef(text);

  useEffect(() => {
    const shown = shownBounds($filters.get().priceRange, countryCurrency, { currency, exchange });
    synced.current = shown;
    setText(shown);
  }, [countryCurrency, currency, exchange]);

  return {
    countryCurrency,
    visible,
    text,
    setText,
    /** Shows `range` (the country's currency) as the store's bounds. */
    show(range: PriceRange) {
      const shown = shownBounds(range, countryCurrency, visible);
      synced.current = shown;
      setText(shown);
    },
    /** Puts the typed bounds into `$filters`, in the country's currency; false when nothing changed. */
    commit(): boolean {
      if (text.from === synced.current.from && text.to === synced.current.to) return false;
      synced.current = text;
      const bound = (typed: string, side: 'min' | 'max') =>
        priceBoundToCountry(parsePrice(typed), side, currency, countryCurrency, exchange);
      setPriceRange({ minPrice: bound(text.from, 'min'), maxPrice: bound(text.to, 'max') });
      return true;
    },
  };
}

export type PriceBounds = ReturnType<typeof usePriceBounds>;

interface Props {
  bounds: PriceBounds;
  /** The cheapest and dearest price among the products the other filters leave (the country's currency). */
  range: FacetsProps['price'];
  /** Leaving an input: the sheet commits and recounts there. */
  onBlur: () => void;
}

/** The price filter: «от» and «до» in the visible currency, with the listing's price range as a hint. */
export function PriceFields({ bounds, range, onBlur }: Props) {
  const { countryCurrency, visible, text, setText } = bounds;
  const unit = CURRENCY_UNITS[visible.currency];
  const converted = visible.currency !== countryCurrency;
  const numberFormat = visible.currency === 'usd' ? withCents : wholeNumbers;
  const shown = (value: string) =>
    numberFormat.format(priceBoundToDisplay(Number(value), countryCurrency, visible.currency, visible.exchange));
  const hint =
    range.min && range.max
      ? `${converted ? '≈ ' : ''}${shown(range.min)} – ${shown(range.max)} ${unit}`
      : `В валюте: ${unit}`;

  const input = (side: keyof PriceText, label: string) => (
    <label>
      <span className="visually-hidden">{label}</span>
      <input
        type="number"
        name={side === 'from' ? 'price_from' : 'price_to'}
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={side === 'from' ? 'от' : 'до'}
        value={text[side]}
        onChange={(event) => setText({ ...text, [side]: event.currentTarget.value })}
        onBlur={onBlur}
      />
    </label>
  );

  return (
    <fieldset className="facet">
      <legend>Цена, {unit}</legend>
      <div className="price-inputs">
        {input('from', `Цена от, ${unit}`)}
        <span aria-hidden="true">—</span>
        {input('to', `Цена до, ${unit}`)}
      </div>
      <p className="facet-hint">{hint}</p>
    </fieldset>
  );
}
