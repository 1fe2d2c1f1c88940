import { useState } from 'react';
import { resetPassword } from '~/lib/api/accounts.ts';
import { Done, Field, FormAlert, SubmitButton, useAccountForm } from './form.tsx';

/** Asks for a password reset link. The answer is the same whether or not the address has an account. */
export default function PasswordResetRequest() {
  const form = useAccountForm();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    const address = values.email!.trim();
    await resetPassword(address);
    setSentTo(address);
  }, ['email']);

  if (sentTo) {
    return (
      <Done title="Проверьте почту">
        <p>
          Если аккаунт с адресом <strong>{sentTo}</strong> существует, мы отправили на него ссылку для сброса пароля. Ссылка
          одноразовая и действует ограниченное время.
        </p>
        <p>Если письма нет несколько минут, проверьте папку «Спам» или запросите ссылку ещё раз.</p>
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
      <Field name="email" label="Электронная почта" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} errors={form.errors.fields.email} hint="Адрес, с которым вы входите в магазин." />
      <SubmitButton pending={form.pending} label="Получить ссылку" pendingLabel="Отправляем…" />
    </form>
  );
}
