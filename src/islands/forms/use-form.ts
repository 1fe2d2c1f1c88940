import { useEffect, useRef, useState, type SubmitEvent, type SyntheticEvent } from 'react';
import { blankFields, hasErrors, NO_ERRORS, toFormErrors, type CodeTexts, type FormErrors } from './form-errors.ts';

/** The form's text values by name; a file input gives the chosen file's name, or '' when none is chosen. */
export type FormValues = Record<string, string>;

export interface FormOptions {
  /** Texts for API error codes this form knows better (see `toFormErrors`). */
  codeTexts?: CodeTexts;
  /**
   * Starts loading what the submit needs (the API client, a store) when the visitor first focuses or
   * touches the form, so it is not part of the page's first load yet is there by the time they submit.
   * Pass the same `() => import(...)` the action awaits.
   */
  warm?: () => Promise<unknown>;
}

export interface SubmitOptions {
  /** Fields that must not be blank; checked before anything is sent. */
  required?: readonly string[];
  /**
   * The form's own rules the browser can check (two passwords that differ): their messages by field,
   * shown with the blank fields' and the typed phones' and addresses' on the same submit.
   */
  check?: (values: FormValues) => Partial<Record<string, string[]>>;
  /** A toast (in Russian) shown when the action succeeds without calling `fail`. */
  successToast?: string;
}

/**
 * The state every island form shares: pending while the call runs, upload progress, errors from the
 * API placed under their fields, and focus moved to the first invalid field (or the form's alert)
 * after a failure.
 */
export function useForm({ codeTexts, warm }: FormOptions = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const failures = useRef(0);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(0);

  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (invalid ?? alertRef.current)?.focus();
  }, [focusRequest]);

  function fail(next: FormErrors): void {
    failures.current += 1;
    setErrors(next);
    setFocusRequest((n) => n + 1);
  }

  /**
   * A submit handler: checks the `required` fields are filled, then runs `action` with the form's
   * values (and its FormData, for files). An error the action throws is shown with `toFormErrors`.
   */
  function onSubmit(
    action: (values: FormValues, data: FormData) => Promise<void>,
    { required = [], check, successToast }: SubmitOptions = {},
  ) {
    return async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (pending) return;
      const data = new FormData(event.currentTarget);
      const values: FormValues = {};
      for (const [name, value] of data) values[name] = typeof value === 'string' ? value : value.name;
      // Every error the browser can see, at once: a person fixes them in one go, not one layer per submit.
      const form = event.currentTarget;
      // The checks of typed values load with the form's first focus (`onWarm`), not with the page.
      const { typedFieldErrors } = await loadFieldChecks();
      const found: FormErrors = {
        fields: {
          ...typedFieldErrors(form),
          ...given(check?.(values)),
          ...blankFields(values, required).fields,
        },
        form: [],
      };
      if (hasErrors(found)) return fail(found);
      const failuresBefore = failures.current;
      setPending(true);
      setErrors(NO_ERRORS);
      try {
        await action(values, data);
        // The toast code loads with the first success, not with every page that has a form.
        if (successToast && failures.current === failuresBefore)
          void import('~/islands/toasts/notify.ts').then(({ notifySuccess }) => notifySuccess(successToast));
      } catch (error) {
        fail(toFormErrors(error, Object.keys(values), codeTexts));
      } finally {
        setPending(false);
        setProgress(null);
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

  /** The form's first focus or touch: see `FormOptions.warm`. Failures show at submit, not here. */
  function onWarm(): void {
    void loadFieldChecks().catch(() => undefined);
    warm?.().catch(() => undefined);
  }

  return { formRef, alertRef, pending, progress, setProgress, errors, fail, onSubmit, onChange, onWarm };
}

export type FormState = ReturnType<typeof useForm>;

const loadFieldChecks = () => import('./field-checks.ts');

function given(errors: Partial<Record<string, string[]>> = {}): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string[]] => !!entry[1]?.length));
}
