/**
 * Staff sign in with the shop's own accounts; a customer's password gets a clear refusal, not a blank
 * page. The form is the first screen of /staff/: it is server-rendered without MUI or react-admin
 * (StartScreen.tsx), so it shows with the page and works once its small island has hydrated.
 */
import { useEffect, useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { DEFAULT_COUNTRY } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import type { StaffCredentials } from './auth-provider.ts';
import { StartScreen } from './StartScreen.tsx';

interface LoginPageProps {
  /** Why the person is asked to sign in again (the session ended, the account lost its access). */
  notice?: string | null;
  /** Signs in and shows the back office; rejects with the message to show under the fields. */
  onSignIn: (credentials: StaffCredentials) => Promise<void>;
  /** The person has started on the form: the moment to fetch what signing in will show. */
  onFirstUse?: () => void;
}

function Field({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="staff-start__field">
      {/* The placeholder is a space: the label floats up while none is shown (a value or autofill). */}
      <input id={id} placeholder=" " required {...input} />
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true">{'\u2009*'}</span>
      </label>
    </div>
  );
}

export function LoginPage({ notice = null, onSignIn, onFirstUse }: LoginPageProps) {
  const [error, setError] = useState(notice ?? '');
  const [busy, setBusy] = useState(false);
  // The server-rendered button stays disabled until the island has hydrated: a press or an Enter before
  // then would submit the form natively, the password in the address.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The fields are uncontrolled, so what was typed before hydration counts.
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    if (!email.trim() || !password) {
      setError('Введите email и пароль.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onSignIn({ email, password });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setBusy(false);
    }
  }

  return (
    <StartScreen>
      <div className="staff-start__card">
        <h1>{SHOP_NAME}: управление</h1>
        <p className="staff-start__lead">Вход для сотрудников магазина.</p>
        <form
          className="staff-start__form"
          onSubmit={(event) => void submit(event)}
          onFocus={onFirstUse}
          onInput={onFirstUse}
          noValidate
        >
          <Field label="Email" name="email" type="email" autoComplete="username" />
          <Field label="Пароль" name="password" type="password" autoComplete="current-password" />
          {error ? (
            <div className="staff-start__alert" role="alert">
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" />
              </svg>
              <p>{error}</p>
            </div>
          ) : null}
          <button className="staff-start__submit" type="submit" disabled={busy || !hydrated} aria-busy={busy}>
            {busy ? 'Входим…' : 'Войти'}
          </button>
          <p className="staff-start__links">
            <a href={paths.passwordReset(DEFAULT_COUNTRY)}>Забыли пароль?</a> ·{' '}
            <a href={paths.home(DEFAULT_COUNTRY)}>На сайт магазина</a>
          </p>
        </form>
      </div>
    </StartScreen>
  );
}
