import { useState } from 'react';
import { resetPasswordConfirm } from '~/lib/api/accounts.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { Done, Field, FormAlert, PASSWORD_HINT, SubmitButton, useAccountForm } from './form.tsx';

interface Props {
  country: CountryCode;
  uid: string;
  token: string;
}

/** Opened from the reset mail: sets a new password with the link's `{uid, token}`. */
export default function PasswordResetConfirm({ country, uid, token }: Props) {
  const form = useAccountForm();
  const [done, setDone] = useState(false);
  const { fields } = form.errors;

  const submit = form.onSubmit(async (values) => {
    if (values.new_password !== values.re_new_password) {
      form.fail({ fields: { re_new_password: ['Пароли не совпадают.'] }, form: [] });
      return;
    }
    await resetPasswordConfirm({ uid, token, new_password: values.new_password!, re_new_password: values.re_new_password! });
    setDone(true);
  }, ['new_password', 're_new_password']);

  if (done) {
    return (
      <Done title="Пароль изменён">
        <p>Все сеансы на других устройствах завершены. Войдите с новым паролем.</p>
        <a className="btn btn-primary" href={paths.login(country, paths.account(country))}>
          Войти
        </a>
      </Done>
    );
  }
  // A link error comes back under `uid` or `token`, which are not fields here: it shows in the alert.
  const linkFailed = form.errors.otherFields?.some((name) => name === 'uid' || name === 'token') ?? false;
  return (
    <form ref={form.formRef} className="account-form" method="post" noValidate onSubmit={submit} onChange={form.onChange}>
      <FormAlert errors={form.errors} alertRef={form.alertRef}>
        {linkFailed && (
          <p>
            <a href={paths.passwordReset(country)}>Запросить новую ссылку</a>
          </p>
        )}
      </FormAlert>
      <Field name="new_password" label="Новый пароль" type="password" autoComplete="new-password" errors={fields.new_password} hint={PASSWORD_HINT} />
      <Field name="re_new_password" label="Новый пароль ещё раз" type="password" autoComplete="new-password" errors={fields.re_new_password} />
      <SubmitButton pending={form.pending} label="Сохранить пароль" pendingLabel="Сохраняем…" />
    </form>
  );
}
