import { useState } from 'react';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { login } from '~/stores/user.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { OnDemandProps } from '../hooks/use-on-demand.ts';
import { PASSWORD_HINT } from './account-texts.ts';
import { accountsApi } from './accounts-api.ts';
import { toFormErrors } from '~/islands/forms/form-errors.ts';
import { ACCOUNT_CODE_TEXTS } from './account-texts.ts';
import { useFocusFirstField } from './use-focus-first-field.ts';

interface Props extends OnDemandProps {
  country: CountryCode;
  email: string;
}

/**
 * Changes the password. The API then ends every session, this one too, so the form logs in again
 * with the new password: the person stays signed in here and is signed out everywhere else.
 * Loaded when the visitor presses «Сменить пароль…».
 */
export default function ChangePassword({ country, email, onDone, onCancel }: Props) {
  const form = useForm({ codeTexts: ACCOUNT_CODE_TEXTS, warm: accountsApi });
  const [signedOut, setSignedOut] = useState(false);
  const { fields } = form.errors;
  useFocusFirstField(form.formRef);

  const submit = form.onSubmit(
    async (values) => {
      const newPassword = values.new_password!;
      const { setPassword } = await accountsApi();
      await setPassword({
        current_password: values.current_password!,
        new_password: newPassword,
        re_new_password: values.re_new_password!,
      });
      form.formRef.current?.reset();
      try {
        await login({ email, password: newPassword });
        onDone('Пароль изменён. На этом устройстве вы остаётесь в системе, на остальных нужно войти заново.');
      } catch (error) {
        setSignedOut(true);
        const reason = toFormErrors(error, [], ACCOUNT_CODE_TEXTS).form.join(' ');
        form.fail({ fields: {}, form: [`Пароль изменён, но войти с ним заново не получилось. ${reason}`] });
      }
    },
    {
      required: ['current_password', 'new_password', 're_new_password'],
      check: (values) =>
        values.new_password === values.re_new_password ? {} : { re_new_password: ['Пароли не совпадают.'] },
    },
  );

  return (
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
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field
        name="current_password"
        label="Текущий пароль"
        type="password"
        autoComplete="current-password"
        errors={fields.current_password}
      />
      <Field
        name="new_password"
        label="Новый пароль"
        type="password"
        autoComplete="new-password"
        errors={fields.new_password}
        hint={PASSWORD_HINT}
      />
      <Field
        name="re_new_password"
        label="Новый пароль ещё раз"
        type="password"
        autoComplete="new-password"
        errors={fields.re_new_password}
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} label="Сменить пароль" pendingLabel="Сохраняем…" />
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.pending}>
          Отмена
        </button>
      </div>
    </Form>
  );
}
