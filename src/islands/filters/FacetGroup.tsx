import type { CategoryOption } from './types.ts';

interface Option {
  value: string;
  label: string;
  count: number;
}

interface Props {
  legend: string;
  /** The GET parameter the checkboxes submit without JavaScript. */
  name: string;
  options: Option[];
  selected: string[];
  onToggle: (value: string) => void;
}

const VISIBLE = 8;

/** One facet: checkboxes with the number of products each choice leaves; choices that lead nowhere are disabled. */
export function FacetGroup({ legend, name, options, selected, onToggle }: Props) {
  const renderOption = (option: Option) => {
    const checked = selected.includes(option.value);
    return (
      <li key={option.value}>
        <label className={option.count === 0 && !checked ? 'facet-option is-empty' : 'facet-option'}>
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={checked}
            disabled={option.count === 0 && !checked}
            onChange={() => onToggle(option.value)}
          />
          <span className="facet-label">{option.label}</span>
          <span className="facet-count">{option.count}</span>
        </label>
      </li>
    );
  };
  // Chosen values stay in the visible part so a choice never hides under "more".
  const ordered = [
    ...options.filter((o) => selected.includes(o.value)),
    ...options.filter((o) => !selected.includes(o.value)),
  ];
  const head = ordered.slice(0, VISIBLE);
  const rest = ordered.slice(VISIBLE);
  return (
    <fieldset className="facet">
      <legend>{legend}</legend>
      <ul className="facet-options">{head.map(renderOption)}</ul>
      {rest.length > 0 && (
        <details className="facet-more">
          <summary>Ещё {rest.length}</summary>
          <ul className="facet-options">{rest.map(renderOption)}</ul>
        </details>
      )}
    </fieldset>
  );
}

/**
 * A brand page's first filter: one category or all (radio buttons named `category`, which a plain GET
 * form submits too). The chosen one stays in the visible part.
 */
export function CategoryFacet({
  categories,
  chosen,
  onChoose,
}: {
  categories: CategoryOption[];
  chosen: string;
  onChoose: (slug: string) => void;
}) {
  const renderOption = (option: { slug: string; name: string; count?: number }) => (
    <li key={option.slug}>
      <label className="facet-option">
        <input
          type="radio"
          name="category"
          value={option.slug}
          checked={chosen === option.slug}
          onChange={() => onChoose(option.slug)}
        />
        <span className="facet-label">{option.name}</span>
        {option.count !== undefined && <span className="facet-count">{option.count}</span>}
      </label>
    </li>
  );
  const ordered = [...categories.filter((c) => c.slug === chosen), ...categories.filter((c) => c.slug !== chosen)];
  const head = ordered.slice(0, VISIBLE - 1);
  const rest = ordered.slice(VISIBLE - 1);
  return (
    <fieldset className="facet">
      <legend>Категория</legend>
      <ul className="facet-options">
        {renderOption({ slug: '', name: 'Все категории' })}
        {head.map(renderOption)}
      </ul>
      {rest.length > 0 && (
        <details className="facet-more">
          <summary>Ещё {rest.length}</summary>
          <ul className="facet-options">{rest.map(renderOption)}</ul>
        </details>
      )}
      {!chosen && <p className="facet-hint">Характеристики появятся, когда выбрана категория.</p>}
    </fieldset>
  );
}
