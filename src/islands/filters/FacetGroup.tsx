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
  const ordered = [...options.filter((o) => selected.includes(o.value)), ...options.filter((o) => !selected.includes(o.value))];
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
