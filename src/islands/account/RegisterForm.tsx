import { navigate } from 'astro:transitions/client';
import { paths } from '~/shared/paths.ts';
import { accountsApi } from './accounts-api.ts';
import { COUNTRIES, type CountryCode } from '~/shared/countries.ts';
import { ConsentNote, Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { PASSWORD_HINT } from './account-texts.ts';

const PASSWORDS_DIFFER = 'Пароли не совпадают.';

/** Registration; the account's country is the page's. On success the person is asked to confirm their email. */
export default function RegisterForm({ country, next }: { country: CountryCode; next?: string | null }) {
  const form = useForm({ warm: accountsApi });
  const { fields } = form.errors;

  const submit = form.onSubmit(
    async (values) => {
      const { registerUser } = await accountsApi();
      const user = await registerUser({
        email: values.email!.trim(),
        password: values.password!,
        re_password: values.re_password!,
        first_name: values.first_name!.trim(),
        last_name: values.last_name?.trim() ?? '',
        phone: values.phone?.trim() ?? '',
        country,
        // The activation link in the mail returns there (the cart the person came from).
        ...(next ? { next } : {}),
      });
      await navigate(paths.registerDone(country, user.email, next));
    },
    {
      required: ['email', 'password', 're_password', 'first_name'],
      check: (values) => (values.password !== values.re_password ? { re_password: [PASSWORDS_DIFFER] } : {}),
    },
  );

  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="email"
        label="Электронная почта"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields.email}
        hint="На этот адрес придёт ссылка для подтверждения."
      />
      <Field
        name="password"
        label="Пароль"
        type="password"
        autoComplete="new-password"
        errors={fields.password}
        hint={PASSWORD_HINT}
      />
      <Field
        name="re_password"
        label="Пароль ещё раз"
        type="password"
        autoComplete="new-password"
        errors={fields.re_password}
      />
      <Field name="first_name" label="Имя" autoComplete="given-name" maxLength={150} errors={fields.first_name} />
      <Field
        name="last_name"
        label="Фамилия"
        autoComplete="family-name"
        maxLength={150}
        optional
        errors={fields.last_name}
      />
      <Field
        name="phone"
        label="Телефон"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        errors={fields.phone}
        optional
        hint={`Для доставки заказов; можно указать и при оформлении заказа. С кодом страны, например ${COUNTRIES[country].phoneExample}.`}
      />
      <SubmitButton pending={form.pending} label="Зарегистрироваться" pendingLabel="Регистрируем…" />
      <ConsentNote country={country} action="Зарегистрироваться" />
    </Form>
  );
}
