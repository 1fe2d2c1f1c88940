import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState, type FormEvent } from 'react';
import {
  $filters,
  clearFilters,
  filtersToSearchParams,
  replaceFilters,
  setOrdering,
  setPriceRange,
  toggleBrand,
  toggleSpecificationValue,
  type FiltersState,
} from '~/stores/filters.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { FacetGroup } from './FacetGroup.tsx';
import type { FacetsProps } from './types.ts';

interface Props {
  formId: string;
  /** The listing's path without query; filters go in the query. */
  action: string;
  facets: FacetsProps;
  filters: FiltersState;
  search: string;
  /** A brand page fixes the brand, so the brand facet is not offered. */
  hideBrands?: boolean;
}

const numberFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/**
 * The catalog filter panel. Server-rendered as a plain GET form, so it works without JavaScript;
 * once hydrated every change updates the filters store and navigates to the matching URL.
 */
export default function CatalogFilters({ formId, action, facets, filters: initial, search, hideBrands }: Props) {
  useState(() => hydrateStore($filters, initial));
  const filters = useStore($filters);
  const chosenBrands = filters.brands ? filters.brands.split(',') : [];
  const activeCount =
    chosenBrands.length +
    Object.values(filters.specifications).reduce((n, values) => n + values.length, 0) +
    (filters.priceRange.minPrice ? 1 : 0) +
    (filters.priceRange.maxPrice ? 1 : 0);

  const apply = () => {
    const query = filtersToSearchParams($filters.get(), { search }).toString();
    navigate(query ? `${action}?${query}` : action);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPriceRange({ minPrice: Number(data.get('price_from') || 0), maxPrice: Number(data.get('price_to') || 0) });
    const ordering = data.get('ordering');
    if (typeof ordering === 'string') setOrdering(ordering);
    apply();
  };

  const reset = () => {
    clearFilters();
    apply();
  };

  return (
    <form id={formId} className="filters" method="get" action={action} onSubmit={onSubmit} aria-label="Фильтры товаров">
      {search && <input type="hidden" name="q" value={search} />}
      <details className="filters-panel" open={undefined}>
        <summary className="filters-toggle btn btn-secondary">
          Фильтры{activeCount > 0 && <span className="filters-count">{activeCount}</span>}
        </summary>
        <div className="filters-body">
          <fieldset className="facet">
            <legend>Цена</legend>
            <div className="price-inputs">
              <label>
                <span className="visually-hidden">Цена от</span>
                <input
                  type="number"
                  name="price_from"
                  min={0}
                  step="any"
                  inputMode="numeric"
                  placeholder="от"
                  defaultValue={filters.priceRange.minPrice || ''}
                  key={`from-${filters.priceRange.minPrice}`}
                />
              </label>
              <span aria-hidden="true">—</span>
              <label>
                <span className="visually-hidden">Цена до</span>
                <input
                  type="number"
                  name="price_to"
                  min={0}
                  step="any"
                  inputMode="numeric"
                  placeholder="до"
                  defaultValue={filters.priceRange.maxPrice || ''}
                  key={`to-${filters.priceRange.maxPrice}`}
                />
              </label>
            </div>
            <p className="facet-hint">
              {facets.price.min && facets.price.max
                ? `${numberFormat.format(Number(facets.price.min))} – ${numberFormat.format(Number(facets.price.max))} ${facets.currencyLabel}`
                : `В валюте страны: ${facets.currencyLabel}`}
            </p>
          </fieldset>
          {!hideBrands && facets.brands.length > 0 && (
            <FacetGroup
              legend="Бренд"
              name="brand"
              options={facets.brands.map((b) => ({ value: b.slug, label: b.name, count: b.count }))}
              selected={chosenBrands}
              onToggle={(value) => {
                toggleBrand(value);
                apply();
              }}
            />
          )}
          {facets.specifications.map((spec) => (
            <FacetGroup
              key={spec.slug}
              legend={spec.unit ? `${spec.name}, ${spec.unit}` : spec.name}
              name={`s.${spec.slug}`}
              options={spec.values.map((v) => ({ value: v.value, label: v.value, count: v.count }))}
              selected={filters.specifications[spec.slug] ?? []}
              onToggle={(value) => {
                toggleSpecificationValue(spec.slug, value);
                apply();
              }}
            />
          ))}
          <div className="filters-actions">
            <button className="btn btn-primary" type="submit">
              Показать
            </button>
            {activeCount > 0 && (
              <button className="btn btn-secondary" type="button" onClick={reset}>
                Сбросить
              </button>
            )}
          </div>
        </div>
      </details>
    </form>
  );
}
