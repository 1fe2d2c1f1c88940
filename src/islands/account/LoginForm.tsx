import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import { paths, safeNextPath } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { ACCOUNT_CODE_TEXTS } from './account-texts.ts';

interface Props {
  country: CountryCode;
  /** Where to go after logging in (the `next` query parameter); checked with `safeNextPath`. */
  next?: string | null;
}

// The session store and the API client load on the form's first focus, not with the page.
const userStore = () => import('~/stores/user.ts');

/** Email and password; on success the tokens go to the cookies and the person goes on to `next` or the account page. */
export default function LoginForm({ country, next }: Props) {
  const form = useForm({ codeTexts: ACCOUNT_CODE_TEXTS, warm: userStore });
  const [email, setEmail] = useState('');
  const { fields } = form.errors;

  const submit = form.onSubmit(
    async (values) => {
      const address = values.email!.trim();
      setEmail(address);
      const { login } = await userStore();
      await login({ email: address, password: values.password! });
      await navigate(safeNextPath(next, paths.account(country)));
    },
    { required: ['email', 'password'] },
  );

  return (
    <Form
      form={form}
      onSubmit={submit}
      alert={
        form.errors.code === 'no_active_account' && (
          <p>
            Письмо со ссылкой не пришло? <a href={paths.registerDone(country, email)}>Отправить его ещё раз</a>
          </p>
        )
      }
    >
      <Field
        name="email"
        label="Электронная почта"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields.email}
      />
      <Field name="password" label="Пароль" type="password" autoComplete="current-password" errors={fields.password} />
      <p className="form-aside">
        <a href={paths.passwordReset(country)}>Забыли пароль?</a>
      </p>
      <SubmitButton pending={form.pending} label="Войти" pendingLabel="Входим…" />
    </Form>
  );
}
