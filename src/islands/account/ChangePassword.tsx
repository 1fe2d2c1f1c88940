import { useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import type { User } from '~/lib/api/types.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { login } from '~/stores/user.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { PASSWORD_HINT } from './account-texts.ts';
import { ACCOUNT_CODE_TEXTS, toFormErrors } from './form-errors.ts';
import { useAccountUser } from './use-account-user.ts';

/**
 * Changes the password. The API then ends every session, this one too, so the form logs in again
 * with the new password: the person stays signed in here and is signed out everywhere else.
 */
export default function ChangePassword({ country, user: serverUser }: { country: CountryCode; user: User }) {
  const user = useAccountUser(serverUser);
  const form = useForm({ codeTexts: ACCOUNT_CODE_TEXTS, warm: accountsApi });
  const [changed, setChanged] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const { fields } = form.errors;

  const submit = form.onSubmit(async (values) => {
    setChanged(false);
    if (values.new_password !== values.re_new_password) {
      form.fail({ fields: { re_new_password: ['Пароли не совпадают.'] }, form: [] });
      return;
    }
    const newPassword = values.new_password!;
    const { setPassword } = await accountsApi();
    await setPassword({ current_password: values.current_password!, new_password: newPassword, re_new_password: values.re_new_password! });
    form.formRef.current?.reset();
    try {
      await login({ email: user.email, password: newPassword });
      setChanged(true);
    } catch (error) {
      setSignedOut(true);
      const reason = toFormErrors(error, []).form.join(' ');
      form.fail({ fields: {}, form: [`Пароль изменён, но войти с ним заново не получилось. ${reason}`] });
    }
  }, { required: ['current_password', 'new_password', 're_new_password'] });

  return (
    <section className="account-card" aria-labelledby="password-heading">
      <h2 id="password-heading">Пароль</h2>
      <Form
        form={form}
        onSubmit={submit}
        alert={
          (signedOut || form.errors.status === 401) && (
            <p>
              <a href={paths.login(country, paths.account(country))}>Войти снова</a>
            </p>
          )
        }
      >
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <Field name="current_password" label="Текущий пароль" type="password" autoComplete="current-password" errors={fields.current_password} />
        <Field name="new_password" label="Новый пароль" type="password" autoComplete="new-password" errors={fields.new_password} hint={PASSWORD_HINT} />
        <Field name="re_new_password" label="Новый пароль ещё раз" type="password" autoComplete="new-password" errors={fields.re_new_password} />
        <SubmitButton pending={form.pending} label="Сменить пароль" pendingLabel="Сохраняем…" />
        <p className="form-success" role="status">
          {changed && 'Пароль изменён. На этом устройстве вы остаётесь в системе, на остальных нужно войти заново.'}
        </p>
      </Form>
    </section>
  );
}
