import { useState } from 'react';
import { resetEmail } from '~/lib/api/accounts.ts';
import { Done, Field, FormAlert, SubmitButton, useAccountForm } from './form.tsx';

/** Asks for a link to change the login email, mailed to the current address; same answer for any address. */
export default function EmailResetRequest() {
  const form = useAccountForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    const address = values.email!.trim();
    await resetEmail(address);
    setSentTo(address);
  }, ['email']);

  if (sentTo) {
    return (
      <Done title="Проверьте почту">
        <p>
          Если аккаунт с адресом <strong>{sentTo}</strong> существует, мы отправили на него ссылку для смены адреса. Ссылка
          одноразовая и действует ограниченное время.
        </p>
        <p className="form-links">
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            Запросить ещё раз
          </button>
        </p>
      </Done>
    );
  }
  return (
    <form ref={form.formRef} className="account-form" method="post" noValidate onSubmit={submit} onChange={form.onChange}>
      <FormAlert errors={form.errors} alertRef={form.alertRef} />
      <Field name="email" label="Текущий адрес электронной почты" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={form.errors.fields.email} hint="На него придёт ссылка; по ней вы укажете новый адрес." />
      <SubmitButton pending={form.pending} label="Получить ссылку" pendingLabel="Отправляем…" />
    </form>
  );
}
