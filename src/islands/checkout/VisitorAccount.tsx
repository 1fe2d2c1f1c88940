import { Field } from '~/islands/forms/index.ts';
import { PASSWORD_HINT } from '../account/account-texts.ts';

/**
 * The part of checkout only a visitor sees (loaded for them alone): the password that opens their account
 * with the order, and, above the form, the offer to sign in instead.
 */
export function VisitorPassword({ errors }: { errors?: string[] }) {
  return (
    <Field
      name="password"
      label="Придумайте пароль"
      type="password"
      autoComplete="new-password"
      maxLength={128}
      errors={errors}
      hint={`${PASSWORD_HINT} В аккаунте — ваши заказы и их статусы. Подтвердите адрес по ссылке из письма, и следом придёт письмо с заказом.`}
    />
  );
}

export function VisitorNotice({ opened, loginHref }: { opened: boolean; loginHref: string }) {
  return (
    <p className="checkout-account notice">
      {opened ? (
        'Аккаунт открыт, вы вошли в магазин. Осталось подтвердить заказ.'
      ) : (
        <>
          Уже покупали у нас? <a href={loginHref}>Войдите</a> — корзина сохранится. Впервые здесь — заполните форму:
          аккаунт откроется вместе с заказом, без ожидания письма.
        </>
      )}
    </p>
  );
}

/** The alert's way out when the address already has an account: sign in with it, or recover its password. */
export function AccountExistsHint({ loginHref, passwordResetHref }: { loginHref: string; passwordResetHref: string }) {
  return (
    <p>
      <a href={loginHref}>Войдите</a> с его паролем (корзина сохранится) или{' '}
      <a href={passwordResetHref}>восстановите пароль</a>.
    </p>
  );
}
