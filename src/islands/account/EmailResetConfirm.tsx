import { useState } from 'react';
import { resetEmailConfirm } from '~/lib/api/accounts.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { Done, Field, FormAlert, SubmitButton, useAccountForm } from './form.tsx';

interface Props {
  country: CountryCode;
  uid: string;
  token: string;
}

/** Opened from the email reset mail: sets the new login email with the link's `{uid, token}`. */
export default function EmailResetConfirm({ country, uid, token }: Props) {
  const form = useAccountForm();
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const { fields } = form.errors;

  const submit = form.onSubmit(async (values) => {
    const address = values.new_email!.trim();
    if (address.toLowerCase() !== values.re_new_email!.trim().toLowerCase()) {
      form.fail({ fields: { re_new_email: ['Адреса электронной почты не совпадают.'] }, form: [] });
      return;
    }
    await resetEmailConfirm({ uid, token, new_email: address, re_new_email: values.re_new_email!.trim() });
    setNewEmail(address);
  }, ['new_email', 're_new_email']);

  if (newEmail) {
    return (
      <Done title="Адрес изменён">
        <p>
          Теперь входите в магазин с адресом <strong>{newEmail}</strong>. Уведомление об этом ушло на старый и новый адрес.
        </p>
        <a className="btn btn-primary" href={paths.account(country)}>
          Перейти в личный кабинет
        </a>
      </Done>
    );
  }
  const linkFailed = form.errors.otherFields?.some((name) => name === 'uid' || name === 'token') ?? false;
  return (
    <form ref={form.formRef} className="account-form" method="post" noValidate onSubmit={submit} onChange={form.onChange}>
      <FormAlert errors={form.errors} alertRef={form.alertRef}>
        {linkFailed && (
          <p>
            <a href={paths.emailReset(country)}>Запросить новую ссылку</a>
          </p>
        )}
      </FormAlert>
      <Field name="new_email" label="Новый адрес электронной почты" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={fields.new_email} />
      <Field name="re_new_email" label="Новый адрес ещё раз" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={fields.re_new_email} />
      <SubmitButton pending={form.pending} label="Сменить адрес" pendingLabel="Сохраняем…" />
    </form>
  );
}
