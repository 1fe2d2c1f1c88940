import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** What every field takes besides its control's own attributes. */
export interface FieldBaseProps {
  name: string;
  label: string;
  errors?: string[];
  hint?: ReactNode;
  /**
   * Not required: the label says «(необязательно)», or the given words instead («или почта», when one
   * of two fields is needed and either will do).
   */
  optional?: boolean | string;
}

/** The attributes that tie a control to its label, error and hint. */
export interface ControlWiring {
  id: string;
  required: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps extends Omit<FieldBaseProps, 'name'> {
  className?: string;
  /** Shown between the control and its error or hint (a chosen file, a progress bar). */
  extra?: ReactNode;
  /** Marks the error as an alert, for a message raised while the person acts rather than on submit. */
  errorIsAlert?: boolean;
  children: (wiring: ControlWiring) => ReactNode;
}

/**
 * The frame of a field: its label, its control (from `children`), then its error or else its hint,
 * linked to the control through `aria-describedby`.
 */
export function FieldFrame({
  label,
  errors = [],
  hint,
  optional,
  className,
  extra,
  errorIsAlert,
  children,
}: FieldFrameProps) {
  const id = useId();
  const errorId = errors.length ? `${id}-error` : undefined;
  // The API's messages already say what is expected; the hint beside them would repeat it.
  const hintId = hint && !errorId ? `${id}-hint` : undefined;
  const classes = ['field', errors.length ? 'field-invalid' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={`${id}-input`}>
        {label}
        {optional && (
          <span className="field-optional"> ({typeof optional === 'string' ? optional : 'необязательно'})</span>
        )}
      </label>
      {children({
        id: `${id}-input`,
        required: !optional,
        'aria-invalid': errors.length ? true : undefined,
        'aria-describedby': [errorId, hintId].filter(Boolean).join(' ') || undefined,
      })}
      {extra}
      {errorId && (
        <p id={errorId} className="field-error" role={errorIsAlert ? 'alert' : undefined}>
          {errors.join(' ')}
        </p>
      )}
      {hintId && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type FieldProps = FieldBaseProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>;

/**
 * `maxLength` is not the browser's (which cuts what is typed or pasted without a word): it becomes
 * `data-max-length`, which `useForm` checks on submit, saying how long the text is and keeping it.
 */
const lengthLimit = (maxLength: number | undefined) =>
  maxLength === undefined ? {} : { 'data-max-length': maxLength };

/** A labelled input with its error (or else its hint). */
export function Field({ label, errors, hint, optional, maxLength, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} optional={optional}>
      {(wiring) => <input {...wiring} {...lengthLimit(maxLength)} {...input} />}
    </FieldFrame>
  );
}

type TextAreaProps = FieldBaseProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>;

/** A labelled multi-line text (a message, a question) with its error (or else its hint). */
export function TextArea({ label, errors, hint, optional, rows = 5, maxLength, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} optional={optional}>
      {(wiring) => <textarea rows={rows} {...wiring} {...lengthLimit(maxLength)} {...textarea} />}
    </FieldFrame>
  );
}

type SelectProps = FieldBaseProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & { children: ReactNode };

/** A labelled choice among `<option>`s with its error (or else its hint). */
export function Select({ label, errors, hint, optional, children, ...select }: SelectProps) {
  return (
    <FieldFrame label={label} errors={errors} hint={hint} optional={optional}>
      {(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
