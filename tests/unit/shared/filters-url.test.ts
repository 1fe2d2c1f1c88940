import { describe, expect, it } from 'vitest';
import {
  activeFilterChips,
  clearedFiltersQuery,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  type FiltersState,
} from '~/shared/filters-url.ts';

const full: FiltersState = {
  priceRange: { minPrice: 100, maxPrice: 2500.5 },
  brands: 'gc,3m',
  ordering: '-price',
  specifications: { shade: ['A2', 'A3'], диаметр: ['2,5'] },
};

describe('filtersToSearchParams', () => {
  it('leaves out every default', () => {
    expect(filtersToSearchParams(defaultFilters()).toString()).toBe('');
    expect(filtersToSearchParams(defaultFilters(), { page: 1, search: '  ' }).toString()).toBe('');
  });

  it('writes price bounds, repeated brands, ordering, s.<slug> per value, page and q', () => {
    const params = filtersToSearchParams(full, { page: 3, search: 'бонд' });
    expect([...params]).toEqual([
      ['q', 'бонд'],
      ['price_from', '100'],
      ['price_to', '2500.5'],
      ['brand', 'gc'],
      ['brand', '3m'],
      ['ordering', '-price'],
      ['s.shade', 'A2'],
      ['s.shade', 'A3'],
      ['s.диаметр', '2,5'],
      ['page', '3'],
    ]);
  });

  it('percent-encodes commas and Cyrillic in the query string', () => {
    const query = filtersToSearchParams({ ...defaultFilters(), specifications: { диаметр: ['2,5'] } }).toString();
    expect(query).toBe(`s.${encodeURIComponent('диаметр')}=2%2C5`);
  });
});

describe('filtersFromSearchParams', () => {
  it('reads defaults from an empty query', () => {
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual({ filters: defaultFilters(), page: 1, search: '' });
  });

  it('round-trips filters, page and search', () => {
    const params = filtersToSearchParams(full, { page: 3, search: 'бонд' });
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual({
      filters: full,
      page: 3,
      search: 'бонд',
    });
  });

  it('reads what a plain GET form of s.<slug> checkboxes submits', () => {
    const params = new URLSearchParams(
      's.shade=A2&s.shade=A3&s.%D0%B4%D0%B8%D0%B0%D0%BC%D0%B5%D1%82%D1%80=2%2C5&brand=gc&brand=3m',
    );
    expect(filtersFromSearchParams(params).filters).toEqual({
      ...defaultFilters(),
      brands: 'gc,3m',
      specifications: { shade: ['A2', 'A3'], диаметр: ['2,5'] },
    });
  });

  it('accepts a comma list of brands and removes duplicates', () => {
    expect(filtersFromSearchParams(new URLSearchParams('brand=gc,3m&brand=gc&brand=')).filters.brands).toBe('gc,3m');
  });

  it('ignores empty values, an empty slug and duplicate values', () => {
    const params = new URLSearchParams('s.shade=&s.shade=A2&s.shade=A2&s.=x');
    expect(filtersFromSearchParams(params).filters.specifications).toEqual({ shade: ['A2'] });
  });

  it('falls back to defaults for malformed values', () => {
    const state = filtersFromSearchParams(new URLSearchParams('price_from=-5&price_to=abc&ordering=drop&page=0&q=%20'));
    expect(state).toEqual({ filters: defaultFilters(), page: 1, search: '' });
    expect(filtersFromSearchParams(new URLSearchParams('page=2.5')).page).toBe(1);
  });

  it('accepts a decimal comma in prices', () => {
    expect(filtersFromSearchParams(new URLSearchParams('price_from=99,5')).filters.priceRange.minPrice).toBe(99.5);
  });
});

describe('ordering defaults', () => {
  it('reads a search without ordering as sorted by relevance', () => {
    expect(filtersFromSearchParams(new URLSearchParams('q=перчатки')).filters.ordering).toBe('relevance');
    expect(filtersFromSearchParams(new URLSearchParams('')).filters.ordering).toBe('price');
  });

  it('leaves the default ordering of each context out of the URL', () => {
    const filters = { ...defaultFilters(), ordering: 'relevance' as const };
    expect(filtersToSearchParams(filters, { search: 'бонд' }).has('ordering')).toBe(false);
    expect(filtersToSearchParams({ ...filters, ordering: 'price' }, { search: 'бонд' }).get('ordering')).toBe('price');
    expect(filtersToSearchParams(defaultFilters()).has('ordering')).toBe(false);
  });
});

describe('activeFilterChips', () => {
  it('gives no chip without filters', () => {
    expect(activeFilterChips(defaultFilters(), '')).toEqual([]);
  });

  it('gives one chip per bound, brand and value, each dropping only itself', () => {
    const chips = activeFilterChips(full, 'бонд', { brands: { gc: 'GC' }, specifications: { shade: 'Оттенок' } });
    expect(chips.map((c) => `${c.name}: ${c.value}`)).toEqual([
      'Цена от: 100',
      'Цена до: 2500.5',
      'Бренд: GC',
      'Бренд: 3m',
      'Оттенок: A2',
      'Оттенок: A3',
      'диаметр: 2,5',
    ]);
    const a2 = new URLSearchParams(chips[4]!.query);
    expect(a2.getAll('s.shade')).toEqual(['A3']);
    expect(a2.getAll('brand')).toEqual(['gc', '3m']);
    expect(a2.get('q')).toBe('бонд');
    expect(a2.get('ordering')).toBe('-price');
    const last = new URLSearchParams(chips[6]!.query);
    expect(last.has('s.диаметр')).toBe(false);
    expect(new URLSearchParams(chips[0]!.query).has('price_from')).toBe(false);
    expect(new URLSearchParams(chips[2]!.query).getAll('brand')).toEqual(['3m']);
    // The state passed in is not changed.
    expect(full.specifications.shade).toEqual(['A2', 'A3']);
  });

  it('clears every filter but keeps the search and ordering', () => {
    expect(clearedFiltersQuery(full, 'бонд')).toBe('q=%D0%B1%D0%BE%D0%BD%D0%B4&ordering=-price');
    expect(clearedFiltersQuery(defaultFilters(), '')).toBe('');
  });
});

describe('a brand page category', () => {
  it('round-trips through the URL, and its chip drops the specifications with it', () => {
    const filters: FiltersState = { ...defaultFilters(), category: 'kompozity', specifications: { shade: ['A2'] } };
    const params = filtersToSearchParams(filters);
    expect(params.get('category')).toBe('kompozity');
    expect(filtersFromSearchParams(params).filters.category).toBe('kompozity');
    const [chip] = activeFilterChips(filters, '', { categories: { kompozity: 'Композиты' } });
    expect(chip).toMatchObject({ name: 'Категория', value: 'Композиты', query: '' });
    expect(clearedFiltersQuery(filters, '')).toBe('');
  });
});
