import { useEffect, useId, useRef, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import type { CountryCode } from '~/shared/countries.ts';
import { documentPath, LEGAL_DOCUMENTS } from '~/shared/legal-documents.ts';
import type { FormErrors } from './form-errors.ts';
import type { FormState } from './use-form.ts';

interface FormProps {
  form: FormState;
  /** The handler made by `form.onSubmit(...)`. */
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  /** Shown in the alert under its messages (a link back in, a way to ask for a new link). */
  alert?: ReactNode;
  children: ReactNode;
}

/** The `<form>` of a `useForm` state: posts nothing by itself, validates in code, with its alert on top. */
export function Form({ form, onSubmit, alert, children }: FormProps) {
  return (
    <form
      ref={form.formRef}
      className="form-stack"
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={form.onChange}
      onFocus={form.onWarm}
      onPointerDown={form.onWarm}
    >
      <FormAlert errors={form.errors} alertRef={form.alertRef}>
        {alert}
      </FormAlert>
      {children}
    </form>
  );
}

/** The messages that concern the whole form (wrong password, too many attempts, no connection). */
export function FormAlert({
  errors,
  alertRef,
  children,
}: {
  errors: FormErrors;
  alertRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
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

export function SubmitButton({
  pending,
  label,
  pendingLabel,
  danger = false,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  danger?: boolean;
}) {
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
    <section className="form-result form-result-ok" aria-labelledby={id}>
      <h2 id={id} ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The line under a submit button that sends personal data: what pressing it accepts, with links to
 * the privacy policy and, for an order, the public offer (the offer says placing an order accepts it).
 */
export function ConsentNote({
  country,
  action,
  offer = false,
}: {
  country: CountryCode;
  action: string;
  offer?: boolean;
}) {
  return (
    <p className="form-consent">
      Нажимая «{action}», вы{' '}
      {offer && (
        <>
          принимаете условия <a href={documentPath(country, LEGAL_DOCUMENTS.offer)}>публичной оферты</a> и{' '}
        </>
      )}
      соглашаетесь с <a href={documentPath(country, LEGAL_DOCUMENTS.privacy)}>политикой конфиденциальности</a>.
    </p>
  );
}
