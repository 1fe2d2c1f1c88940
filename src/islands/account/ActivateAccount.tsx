import { ApiError } from '~/lib/api/api-error.ts';
import { useEffect, useRef, useState } from 'react';
import { activateUser } from '~/lib/api/accounts.ts';
import { saveTokens } from '~/lib/api/cookies.ts';
import { notifyOnNextPage } from '~/islands/toasts/notify.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { toFormErrors } from '~/islands/forms/form-errors.ts';
import { ACCOUNT_CODE_TEXTS } from './account-texts.ts';
import ResendActivation from './ResendActivation.tsx';

interface Props {
  country: CountryCode;
  uid: string;
  token: string;
  /** A same-site path to return to (the cart the person registered from), checked by the page. */
  next: string | null;
  /** The browser already has a session (an account opened at checkout): nobody is asked to sign in. */
  signedIn: boolean;
  /** The signed-in account's address is confirmed already: a spent or stale link needs nothing more. */
  confirmed: boolean;
}

type Outcome =
  | { kind: 'pending' }
  | { kind: 'signed-in' }
  | { kind: 'activated' }
  | { kind: 'already-active' }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; message: string };

const SIGNED_IN = 'Адрес подтверждён, вы вошли в магазин';

/**
 * Opened from the activation mail: posts the link's `{uid, token}` once and says how it went. In the
 * browser that registered, the API signs the account in as well, and the page returns to `next` (the
 * cart) at once; elsewhere it offers to sign in, unless this browser is signed in already.
 */
export default function ActivateAccount({ country, uid, token, next, signedIn, confirmed }: Props) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let current = true;
    setOutcome({ kind: 'pending' });
    activateUser({ uid, token })
      .then((tokens) => {
        if (!current) return;
        if (!tokens) return setOutcome({ kind: 'activated' });
        saveTokens(tokens);
        if (next) {
          notifyOnNextPage(SIGNED_IN);
          window.location.assign(next);
        }
        setOutcome({ kind: 'signed-in' });
      })
      .catch((error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : undefined;
        const message = toFormErrors(error, [], ACCOUNT_CODE_TEXTS).form.join(' ');
        if (status === 403 || (status === 400 && confirmed)) setOutcome({ kind: 'already-active' });
        else if (status === 400) setOutcome({ kind: 'invalid', message });
        else setOutcome({ kind: 'failed', message });
      });
    return () => {
      current = false;
    };
  }, [uid, token, next, confirmed, attempt]);

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
  const ok = outcome.kind === 'signed-in' || outcome.kind === 'activated' || outcome.kind === 'already-active';
  // Signed in now or before: the way on, not a sign-in form.
  const inside = outcome.kind === 'signed-in' || (ok && signedIn);
  const heading = {
    'signed-in': 'Адрес подтверждён',
    activated: 'Адрес подтверждён',
    'already-active': 'Адрес уже подтверждён',
    invalid: 'Ссылка не подошла',
    failed: 'Не удалось подтвердить адрес',
  }[outcome.kind];
  const onward = next ?? paths.account(country);
  const onwardLabel =
    next === paths.cart(country)
      ? 'Вернуться в корзину'
      : next === paths.checkout(country)
        ? 'Вернуться к заказу'
        : next
          ? 'Продолжить'
          : 'Перейти в личный кабинет';
  return (
    <section
      className={ok ? 'form-result form-result-ok' : 'form-result form-result-error'}
      aria-labelledby="activation-heading"
    >
      <h2 id="activation-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {outcome.kind === 'signed-in' && <p>Вы вошли в магазин. Письма о заказах будут приходить на этот адрес.</p>}
      {outcome.kind === 'activated' &&
        (signedIn ? (
          <p>Письма о заказах будут приходить на этот адрес, в том числе о заказах, уже оформленных.</p>
        ) : (
          <p>Входите в магазин с этим адресом и паролем, который вы задали, — заказы и их статусы будут в кабинете.</p>
        ))}
      {outcome.kind === 'already-active' && !signedIn && (
        <p>Эта ссылка уже была использована. Войдите с вашим адресом электронной почты и паролем.</p>
      )}
      {outcome.kind === 'already-active' && signedIn && (
        <p>Вы в магазине, и ваш адрес подтверждён: больше ничего делать не нужно.</p>
      )}
      {inside && (
        <a className="btn btn-primary" href={onward}>
          {onwardLabel}
        </a>
      )}
      {ok && !inside && (
        <a className="btn btn-primary" href={paths.login(country, next ?? undefined)}>
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
