import { useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import type { User } from '~/lib/api/types.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { fetchUser } from '~/stores/user.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { useAccountUser } from './use-account-user.ts';

/** Changes the login email at once, confirmed with the current password; both addresses get a notice. */
export default function ChangeEmail({ country, user: serverUser }: { country: CountryCode; user: User }) {
  const user = useAccountUser(serverUser);
  const form = useForm({ warm: accountsApi });
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const { fields } = form.errors;

  const submit = form.onSubmit(async (values) => {
    setChangedTo(null);
    const address = values.new_email!.trim();
    if (address.toLowerCase() !== values.re_new_email!.trim().toLowerCase()) {
      form.fail({ fields: { re_new_email: ['Адреса электронной почты не совпадают.'] }, form: [] });
      return;
    }
    const { setEmail } = await accountsApi();
    await setEmail({ current_password: values.current_password!, new_email: address, re_new_email: values.re_new_email!.trim() });
    form.formRef.current?.reset();
    setChangedTo(address.toLowerCase());
    await fetchUser();
  }, { required: ['new_email', 're_new_email', 'current_password'] });

  return (
    <section className="account-card" aria-labelledby="email-heading">
      <h2 id="email-heading">Электронная почта</h2>
      <p className="muted">
        Сейчас вы входите с адресом <strong>{user.email}</strong>.
      </p>
      <Form form={form} onSubmit={submit}>
        <Field name="new_email" label="Новый адрес" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={fields.new_email} />
        <Field name="re_new_email" label="Новый адрес ещё раз" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={fields.re_new_email} />
        <Field name="current_password" label="Текущий пароль" type="password" autoComplete="current-password" errors={fields.current_password} hint="Для подтверждения, что это вы." />
        <SubmitButton pending={form.pending} label="Сменить адрес" pendingLabel="Сохраняем…" />
        <p className="form-success" role="status">
          {changedTo && `Адрес изменён на ${changedTo}. Уведомление отправлено на старый и новый адрес.`}
        </p>
      </Form>
      <p className="form-aside">
        Не помните пароль? <a href={paths.emailReset(country)}>Смените адрес по ссылке из письма</a>
      </p>
    </section>
  );
}
