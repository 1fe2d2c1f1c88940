import { ApiError } from '~/lib/api/api-error.ts';
import { useEffect, useRef, useState } from 'react';
import { activateUser } from '~/lib/api/accounts.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { toFormErrors } from '~/islands/forms/form-errors.ts';
import { ACCOUNT_CODE_TEXTS } from './account-texts.ts';
import ResendActivation from './ResendActivation.tsx';

interface Props {
  country: CountryCode;
  uid: string;
  token: string;
}

type Outcome =
  | { kind: 'pending' }
  | { kind: 'activated' }
  | { kind: 'already-active' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

/** Opened from the activation mail: posts the link's `{uid, token}` once and says how it went. */
export default function ActivateAccount({ country, uid, token }: Props) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    setOutcome({ kind: 'pending' });
    activateUser({ uid, token })
      .then(() => current && setOutcome({ kind: 'activated' }))
      .catch((error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : undefined;
        const message = toFormErrors(error, [], ACCOUNT_CODE_TEXTS).form.join(' ');
        if (status === 403) setOutcome({ kind: 'already-active' });
        else if (status === 400) setOutcome({ kind: 'invalid', message });
        else setOutcome({ kind: 'failed', message });
      });
    return () => {
      current = false;
    };
  }, [uid, token, attempt]);

  useEffect(() => {
    if (outcome.kind !== 'pending') headingRef.current?.focus();
  }, [outcome.kind]);

  if (outcome.kind === 'pending') {
    return (
      <p className="form-result" role="status">
        <span className="spinner spinner-dark" aria-hidden="true" /> Подтверждаем адрес электронной почты…
      </p>
    );
  }
  const ok = outcome.kind === 'activated' || outcome.kind === 'already-active';
  const heading = {
    activated: 'Адрес подтверждён',
    'already-active': 'Аккаунт уже активирован',
    invalid: 'Ссылка не подошла',
    failed: 'Не удалось подтвердить адрес',
  }[outcome.kind];
  return (
    <section
      className={ok ? 'form-result form-result-ok' : 'form-result form-result-error'}
      aria-labelledby="activation-heading"
    >
      <h2 id="activation-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {outcome.kind === 'activated' && (
        <p>
          Аккаунт активирован. Теперь можно войти с адресом электронной почты и паролем, которые вы указали при
          регистрации.
        </p>
      )}
      {outcome.kind === 'already-active' && (
        <p>Эта ссылка уже была использована. Войдите с вашим адресом электронной почты и паролем.</p>
      )}
      {ok && (
        <a className="btn btn-primary" href={paths.login(country)}>
          Войти
        </a>
      )}
      {outcome.kind === 'invalid' && (
        <>
          <p>{outcome.message}</p>
          <p>Укажите адрес, с которым вы регистрировались, и мы отправим новое письмо для подтверждения.</p>
          <ResendActivation />
        </>
      )}
      {outcome.kind === 'failed' && (
        <>
          <p>{outcome.message}</p>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            Попробовать ещё раз
          </button>
        </>
      )}
    </section>
  );
}
