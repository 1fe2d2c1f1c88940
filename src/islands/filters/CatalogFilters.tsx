import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CountryCode, ProductFacets } from '~/lib/api/types.ts';
import { parsePrice } from '~/shared/filters-url.ts';
import { CURRENCY_UNITS, priceBoundToCountry, priceBoundToDisplay, type DisplayCurrency } from '~/shared/money.ts';
import { GOODS, plural } from '~/shared/plural.ts';
import {
  $filters,
  clearFilters,
  filtersToProductQuery,
  filtersToSearchParams,
  replaceFilters,
  setOrdering,
  setPriceRange,
  toggleBrand,
  toggleSpecificationValue,
  type FiltersState,
} from '~/stores/filters.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { CategoryFacet, FacetGroup } from './FacetGroup.tsx';
import { useVisibleCurrency } from './price-currency.ts';
import type { CategoryOption, FacetsProps } from './types.ts';

interface Props {
  formId: string;
  /** The listing's path without query; filters go in the query. */
  action: string;
  facets: FacetsProps;
  filters: FiltersState;
  search: string;
  /** A brand page fixes the brand, so the brand facet is not offered. */
  hideBrands?: boolean;
  country: CountryCode;
  /** A category page's slug, for the live count. */
  category?: string;
  /** A brand page's brand slug, for the live count. */
  brand?: string;
  /** A brand page's categories: its first filter. */
  categories?: CategoryOption[];
  /** How many products the page's filters leave. */
  count: number;
  countryCurrency: DisplayCurrency;
}

const wholeNumbers = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

const boundText = (value: number) => (value ? String(value) : '');

function toFacetsProps(facets: ProductFacets, currencyLabel: string, withSpecifications: boolean): FacetsProps {
  return {
    currencyLabel,
    price: facets.price,
    brands: facets.brands.map((b) => ({ slug: b.slug, name: b.name, count: b.count })),
    specifications: withSpecifications
      ? facets.specifications.map((s) => ({ slug: s.slug, name: s.name, unit: s.unit, values: s.values }))
      : [],
  };
}

/**
 * The catalog filter panel. Server-rendered as a plain GET form inside a `<details>`, so it works
 * without JavaScript. Once hydrated it is a sidebar on wide screens (every choice navigates to its
 * URL) and, on a phone, a full-height modal sheet: choices there update the count from the API
 * without leaving the page, and «Показать N товаров» applies them.
 */
export default function CatalogFilters(props: Props) {
  const {
    formId,
    action,
    facets: pageFacets,
    filters: initial,
    search,
    hideBrands,
    country,
    category,
    brand,
    categories,
    count: pageCount,
  } = props;
  useState(() => hydrateStore($filters, initial));
  const filters = useStore($filters);
  const [enhanced, setEnhanced] = useState(false);
  const sheet = useRef<HTMLDialogElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const applying = useRef(false);
  const request = useRef(0);
  const [draft, setDraft] = useState<{ facets: FacetsProps; count: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const { currency: visible, exchange } = useVisibleCurrency(props.countryCurrency);
  const toDisplay = (value: number, bound?: 'min' | 'max') =>
    priceBoundToDisplay(value, props.countryCurrency, visible, exchange, bound);
  const shownBounds = (range = $filters.get().priceRange) => ({
    from: boundText(toDisplay(range.minPrice, 'min')),
    to: boundText(toDisplay(range.maxPrice, 'max')),
  });
  const [priceText, setPriceText] = useState(() => ({
    from: boundText(initial.priceRange.minPrice),
    to: boundText(initial.priceRange.maxPrice),
  }));
  const synced = useRef(priceText);

  useEffect(() => {
    setEnhanced(true);
    // The sheet is a phone's: widening the window past the sidebar's breakpoint closes it.
    const wide = matchMedia('(min-width: 960px)');
    const onWide = (event: MediaQueryListEvent) => {
      if (event.matches && sheet.current?.open) sheet.current.close();
    };
    wide.addEventListener('change', onWide);
    return () => wide.removeEventListener('change', onWide);
  }, []);
  // The bounds in the URL are in the country's currency; the inputs speak the one prices are shown in.
  useEffect(() => {
    const text = shownBounds();
    synced.current = text;
    setPriceText(text);
    // shownBounds is remade each render from exactly these two values (and the store, read when it runs).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [visible, exchange]);

  const facets = draft?.facets ?? pageFacets;
  const count = draft?.count ?? pageCount;
  const chosenBrands = filters.brands ? filters.brands.split(',') : [];
  const activeCount =
    (filters.category ? 1 : 0) +
    chosenBrands.length +
    Object.values(filters.specifications).reduce((n, values) => n + values.length, 0) +
    (filters.priceRange.minPrice ? 1 : 0) +
    (filters.priceRange.maxPrice ? 1 : 0);

  const apply = () => {
    const query = filtersToSearchParams($filters.get(), { search }).toString();
    applying.current = true;
    if (sheet.current?.open) sheet.current.close();
    void navigate(query ? `${action}?${query}` : action);
  };

  /** Counts what the sheet's choices leave, without leaving the page; the latest answer wins. */
  const refresh = async () => {
    const id = ++request.current;
    try {
      const { listProducts } = await import('~/lib/api/catalog.ts');
      const f = $filters.get();
      const query = filtersToProductQuery(f, {
        country,
        slug: f.category || category,
        search: search || undefined,
        limit: 1,
        facets: true,
      });
      const answer = await listProducts(brand ? { ...query, brand } : query);
      if (id !== request.current || !answer.facets) return;
      setFailed(false);
      setDraft({
        count: answer.count,
        facets: toFacetsProps(answer.facets, pageFacets.currencyLabel, !brand || Boolean(f.category)),
      });
    } catch {
      if (id === request.current) setFailed(true);
    }
  };

  const change = (update: () => void) => {
    update();
    if (sheetOpen) void refresh();
    else apply();
  };

  /** Puts typed bounds (visible currency) into the store (country currency); false when nothing changed. */
  const commitPrice = (): boolean => {
    if (priceText.from === synced.current.from && priceText.to === synced.current.to) return false;
    synced.current = priceText;
    const bound = (text: string, side: 'min' | 'max') =>
      priceBoundToCountry(parsePrice(text), side, visible, props.countryCurrency, exchange);
    setPriceRange({ minPrice: bound(priceText.from, 'min'), maxPrice: bound(priceText.to, 'max') });
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commitPrice();
    const ordering = new FormData(event.currentTarget).get('ordering');
    if (typeof ordering === 'string') setOrdering(ordering);
    apply();
  };

  const reset = () => {
    change(() => {
      clearFilters();
      $filters.setKey('category', '');
      synced.current = { from: '', to: '' };
      setPriceText(synced.current);
    });
  };

  const openSheet = () => {
    applying.current = false;
    sheet.current?.showModal();
    setSheetOpen(true);
  };

  /** Closing without «Показать» (Escape, the close button) forgets the sheet's choices. */
  const onSheetClose = () => {
    setSheetOpen(false);
    request.current++;
    if (applying.current) return;
    replaceFilters({ ...initial, category: initial.category ?? '' });
    setDraft(null);
    setFailed(false);
    const text = shownBounds(initial.priceRange);
    synced.current = text;
    setPriceText(text);
  };

  const unit = CURRENCY_UNITS[visible];
  const converted = visible !== props.countryCurrency;
  const numberFormat = visible === 'usd' ? withCents : wholeNumbers;
  const { min, max } = facets.price;
  const priceHint =
    min && max
      ? `${converted ? '≈ ' : ''}${numberFormat.format(toDisplay(Number(min)))} – ${numberFormat.format(toDisplay(Number(max)))} ${unit}`
      : `В валюте: ${unit}`;
  const showLabel = draft || sheetOpen ? `Показать ${plural(count, GOODS)}` : 'Показать';

  const priceInput = (side: 'from' | 'to', label: string) => (
    <label>
      <span className="visually-hidden">{label}</span>
      <input
        type="number"
        name={side === 'from' ? 'price_from' : 'price_to'}
        min={0}
        step="any"
        inputMode="decimal"
        placeholder={side === 'from' ? 'от' : 'до'}
        value={priceText[side]}
        onChange={(event) => setPriceText({ ...priceText, [side]: event.currentTarget.value })}
        onBlur={() => {
          if (sheetOpen && commitPrice()) void refresh();
        }}
      />
    </label>
  );

  const actions = (
    <div className="filters-actions">
      <button className="btn btn-primary" type="submit" aria-live="polite">
        {showLabel}
      </button>
      {activeCount > 0 && (
        <button className="btn btn-secondary" type="button" onClick={reset}>
          Сбросить
        </button>
      )}
      {failed && <p className="facet-hint">Не удалось пересчитать товары; «Показать» применит выбор.</p>}
    </div>
  );

  const body = (
    <div className="filters-body">
      <div className="filters-fields">
        {categories && categories.length > 0 && (
          <CategoryFacet
            categories={categories}
            chosen={filters.category ?? ''}
            onChoose={(slug) =>
              change(() => {
                $filters.setKey('category', slug);
                // Specifications belong to a category: another category has others.
                $filters.setKey('specifications', {});
              })
            }
          />
        )}
        <fieldset className="facet">
          <legend>Цена, {unit}</legend>
          <div className="price-inputs">
            {priceInput('from', `Цена от, ${unit}`)}
            <span aria-hidden="true">—</span>
            {priceInput('to', `Цена до, ${unit}`)}
          </div>
          <p className="facet-hint">{priceHint}</p>
        </fieldset>
        {!hideBrands && facets.brands.length > 0 && (
          <FacetGroup
            legend="Бренд"
            name="brand"
            options={facets.brands.map((b) => ({ value: b.slug, label: b.name, count: b.count }))}
            selected={chosenBrands}
            onToggle={(value) => change(() => toggleBrand(value))}
          />
        )}
        {facets.specifications.map((spec) => (
          <FacetGroup
            key={spec.slug}
            legend={spec.unit ? `${spec.name}, ${spec.unit}` : spec.name}
            name={`s.${spec.slug}`}
            options={spec.values.map((v) => ({ value: v.value, label: v.value, count: v.count }))}
            selected={filters.specifications[spec.slug] ?? []}
            onToggle={(value) => change(() => toggleSpecificationValue(spec.slug, value))}
          />
        ))}
      </div>
      {actions}
    </div>
  );

  const toggleLabel = <>Фильтры{activeCount > 0 && <span className="filters-count">{activeCount}</span>}</>;

  return (
    <form id={formId} className="filters" method="get" action={action} onSubmit={onSubmit} aria-label="Фильтры товаров">
      {search && <input type="hidden" name="q" value={search} />}
      {enhanced ? (
        <>
          <button
            type="button"
            className="filters-toggle filters-open btn btn-secondary"
            aria-haspopup="dialog"
            onClick={openSheet}
          >
            {toggleLabel}
          </button>
          <dialog ref={sheet} className="filters-sheet" aria-labelledby={`${formId}-title`} onClose={onSheetClose}>
            <div className="sheet-head">
              <h2 id={`${formId}-title`}>Фильтры</h2>
              <button
                type="button"
                className="sheet-close"
                aria-label="Закрыть фильтры"
                onClick={() => sheet.current?.close()}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
            {body}
          </dialog>
        </>
      ) : (
        <details className="filters-panel">
          <summary className="filters-toggle btn btn-secondary">{toggleLabel}</summary>
          {body}
        </details>
      )}
    </form>
  );
}
