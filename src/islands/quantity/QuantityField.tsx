import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { steppedQuantity, typedDigits, typedQuantity } from './quantity.ts';
import '~/styles/quantity.css';

interface Props {
  /** The quantity taken so far: what the − and + step from, and what the field shows when not typed in. */
  value: number;
  /** Each number typed (live, once it is one) and each step; never an empty field, never 0. */
  onChange: (quantity: number) => void;
  /** The + button stops here (the stock); typing more is allowed, and said by the caller's notice. */
  max?: number;
  /** The field's accessible name («Количество», «Количество: <товар>»). */
  label: string;
  id?: string;
  /** The caller's notice beside the field («Доступно только N шт.»), when there is one. */
  noticeId?: string;
  /** Enter in the field: what «В корзину» does, where there is one. */
  onEnter?: () => void;
  /** Extra attributes of the − and + buttons (the early taps of the product page). */
  buttonProps?: Record<string, string | undefined>;
}

/**
 * The shop's one quantity field: − and + and a number field between them, on the product page, its phone
 * buy bar and the cart (the product cards draw the same markup and run the same rules, `quantity.ts`).
 * While typed in, the field may be empty («» then «1» then «10», never «110»); each number typed is
 * taken at once, and leaving an empty field shows the last one taken again. Arrow keys step as the
 * native number field does.
 */
export default function QuantityField({ value, onChange, max, label, id, noticeId, onEnter, buttonProps }: Props) {
  // What is typed, kept until the field is left; null shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? String(value);

  const type = (event: ChangeEvent<HTMLInputElement>) => {
    const digits = typedDigits(event.target.value);
    const quantity = typedQuantity(digits);
    setDraft(digits);
    if (quantity !== null && quantity !== value) onChange(quantity);
  };
  const step = (by: 1 | -1) => {
    setDraft(null);
    onChange(steppedQuantity(value, by));
  };
  const enter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || !onEnter) return;
    event.preventDefault();
    setDraft(null);
    onEnter();
  };

  return (
    <div className="stepper" role="group" aria-label="Количество">
      <button
        type="button"
        className="btn btn-secondary btn-icon"
        {...buttonProps}
        onClick={() => step(-1)}
        disabled={value <= 1}
        aria-label="Уменьшить количество"
      >
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={shown}
        onChange={type}
        onBlur={() => setDraft(null)}
        onKeyDown={enter}
        aria-label={label}
        aria-invalid={noticeId ? true : undefined}
        aria-describedby={noticeId}
      />
      <button
        type="button"
        className="btn btn-secondary btn-icon"
        {...buttonProps}
        onClick={() => step(1)}
        disabled={max !== undefined && value >= max}
        aria-label="Увеличить количество"
      >
        +
      </button>
    </div>
  );
}
