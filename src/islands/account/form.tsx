import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SubmitEvent,
  type SyntheticEvent,
} from 'react';
import { blankFields, hasErrors, NO_ERRORS, toFormErrors, type FormErrors } from './form-errors.ts';

export type FormValues = Record<string, string>;

/**
 * The state every account form shares: pending while the call runs, errors from the API placed under
 * their fields, and focus moved to the first invalid field (or the form's alert) after a failure.
 */
export function useAccountForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [focusRequest]);

  function fail(next: FormErrors): void {
    setErrors(next);
    setFocusRequest((n) => n + 1);
  }

  /** A submit handler: checks `required` fields are filled, then runs `action` with the form's values. */
  function onSubmit(action: (values: FormValues) => Promise<void>, required: readonly string[] = []) {
    return async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const form = event.currentTarget;
      const values: FormValues = {};
      for (const [name, value] of new FormData(form)) values[name] = typeof value === 'string' ? value : '';
      const blank = blankFields(values, required);
      if (hasErrors(blank)) return fail(blank);
      const names = Object.keys(values);
      setPending(true);
      setErrors(NO_ERRORS);
      try {
        await action(values);
      } catch (error) {
        fail(toFormErrors(error, names));
      } finally {
        setPending(false);
      }
    };
  }

  /** Clears a field's errors as soon as the person edits it. */
  function onChange(event: SyntheticEvent<HTMLFormElement>): void {
    const name = (event.target as HTMLInputElement).name;
    if (!name || !errors.fields[name]) return;
    const { [name]: _cleared, ...fields } = errors.fields;
    setErrors({ ...errors, fields });
  }

  return { formRef, alertRef, pending, errors, fail, onSubmit, onChange };
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  name: string;
  label: string;
  errors?: string[];
  hint?: ReactNode;
  /** Marks the label «(необязательно)»; the other fields are required. */
  optional?: boolean;
}

/** A labelled input with its error (or else its hint) linked through `aria-describedby`. */
export function Field({ label, errors = [], hint, optional, ...input }: FieldProps) {
  const id = useId();
  const errorId = errors.length ? `${id}-error` : undefined;
  // The API's messages already say what is expected; the hint beside them would repeat it.
  const hintId = hint && !errorId ? `${id}-hint` : undefined;
  return (
    <div className={errors.length ? 'field field-invalid' : 'field'}>
      <label htmlFor={`${id}-input`}>
        {label}
        {optional && <span className="field-optional"> (необязательно)</span>}
      </label>
      <input
        id={`${id}-input`}
        required={!optional}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {errorId && (
        <p id={errorId} className="field-error">
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

/** The messages that concern the whole form (wrong password, too many attempts, no connection). */
export function FormAlert({ errors, alertRef, children }: { errors: FormErrors; alertRef: RefObject<HTMLDivElement | null>; children?: ReactNode }) {
  if (errors.form.length === 0) return null;
  return (
    <div ref={alertRef} className="form-alert" role="alert" tabIndex={-1}>
      {errors.form.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {children}
    </div>
  );
}

export function SubmitButton({ pending, label, pendingLabel, danger = false }: { pending: boolean; label: string; pendingLabel: string; danger?: boolean }) {
  return (
    <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={pending}>
      {pending && <span className="spinner" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A confirmation that replaces a form once it has done its work; its heading takes the focus so it is read out. */
export function Done({ title, children }: { title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="account-result account-result-ok" aria-labelledby={id}>
      <h2 id={id} ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export const PASSWORD_HINT = 'Не меньше 8 символов. Не только цифры, не похожий на адрес почты и не из списка распространённых паролей.';
