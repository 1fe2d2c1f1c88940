import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState, type SubmitEvent } from 'react';
import type { CountryCode, ProductFacets } from '~/lib/api/types.ts';
import type { DisplayCurrency } from '~/shared/money.ts';
import { GOODS, plural } from '~/shared/plural.ts';
import {
  $filters,
  $filtersDraft,
  clearFilters,
  countDraft,
  defaultFilters,
  discardDraft,
  filtersToSearchParams,
  replaceFilters,
  setOrdering,
  toggleBrand,
  toggleSpecificationValue,
  type FiltersState,
} from '~/stores/filters.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { CategoryFacet, FacetGroup } from './FacetGroup.tsx';
import { PriceFields, usePriceBounds } from './PriceFields.tsx';
import type { CategoryOption, FacetsProps } from './types.ts';
import { useFilterSheet } from './use-filter-sheet.ts';

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

function toFacetsProps(facets: ProductFacets, currencyLabel: string): FacetsProps {
  return {
    currencyLabel,
    price: facets.price,
    brands: facets.brands.map((b) => ({ slug: b.slug, name: b.name, count: b.count })),
    specifications: facets.specifications.map((s) => ({ slug: s.slug, name: s.name, unit: s.unit, values: s.values })),
  };
}

/**
 * The catalog filter panel. Server-rendered as a plain GET form inside a `<details>`, so it works
 * without JavaScript. Once hydrated it is a sidebar on wide screens (every choice navigates to its
 * URL) and, on a phone, a full-height modal sheet (`useFilterSheet`): choices there update the count
 * from the API without leaving the page (`$filtersDraft`), and «Показать N товаров» applies them.
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
  useState(() => {
    hydrateStore($filters, initial);
    discardDraft();
  });
  const filters = useStore($filters);
  const draft = useStore($filtersDraft);
  const price = usePriceBounds(props.countryCurrency, initial.priceRange);
  const sheet = useFilterSheet((kept) => {
    discardDraft();
    if (kept) return;
    // Left without «Показать»: the sheet's choices are forgotten.
    replaceFilters({ ...initial, category: initial.category ?? '' });
    price.show(initial.priceRange);
  });
  const scope = { country, category, brand, search };

  const facets = draft.result ? toFacetsProps(draft.result.facets, pageFacets.currencyLabel) : pageFacets;
  const count = draft.result?.count ?? pageCount;
  const chosenBrands = filters.brands ? filters.brands.split(',') : [];
  const activeCount =
    (filters.category ? 1 : 0) +
    chosenBrands.length +
    Object.values(filters.specifications).reduce((n, values) => n + values.length, 0) +
    (filters.priceRange.minPrice ? 1 : 0) +
    (filters.priceRange.maxPrice ? 1 : 0);

  const apply = () => {
    const query = filtersToSearchParams($filters.get(), { search }).toString();
    const url = query ? `${action}?${query}` : action;
    sheet.closeKeeping();
    // Should the in-page navigation fail, the filtered page still opens, loaded in full.
    navigate(url).catch(() => location.assign(url));
  };

  const change = (update: () => void) => {
    update();
    if (sheet.isOpen) void countDraft(scope);
    else apply();
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    price.commit();
    const ordering = new FormData(event.currentTarget).get('ordering');
    if (typeof ordering === 'string') setOrdering(ordering);
    apply();
  };

  const reset = () => {
    change(() => {
      clearFilters();
      $filters.setKey('category', '');
      price.show(defaultFilters().priceRange);
    });
  };

  const showLabel = draft.result || sheet.isOpen ? `Показать ${plural(count, GOODS)}` : 'Показать';

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
      {draft.failed && <p className="facet-hint">Не удалось пересчитать товары; «Показать» применит выбор.</p>}
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
        <PriceFields
          bounds={price}
          range={facets.price}
          onBlur={() => {
            if (sheet.isOpen && price.commit()) void countDraft(scope);
          }}
        />
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
      {sheet.enhanced ? (
        <>
          <button
            type="button"
            className="filters-toggle filters-open btn btn-secondary"
            aria-haspopup="dialog"
            onClick={sheet.open}
          >
            {toggleLabel}
          </button>
          <dialog
            ref={sheet.dialog}
            className="filters-sheet"
            aria-labelledby={`${formId}-title`}
            onClose={sheet.onClose}
          >
            <div className="sheet-head">
              <h2 id={`${formId}-title`}>Фильтры</h2>
              <button type="button" className="sheet-close" aria-label="Закрыть фильтры" onClick={sheet.close}>
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
