import { navigate } from 'astro:transitions/client';
import { useEffect, useRef, useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { NOTICES, notifySuccess } from '~/lib/notify.ts';
import { logout } from '~/stores/user.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';

/** Deletes the account after a second step that asks for the current password; then logs out and goes home. */
export default function DeleteAccount({ country }: { country: CountryCode }) {
  const form = useForm({ warm: accountsApi });
  const [confirming, setConfirming] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) form.formRef.current?.querySelector('input')?.focus();
    else if (wasConfirming.current) openButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const submit = form.onSubmit(async (values) => {
    const { deleteMe } = await accountsApi();
    await deleteMe({ current_password: values.current_password! });
    logout();
    notifySuccess('Аккаунт удалён');
    notifySuccess(NOTICES.loggedOut);
    await navigate(paths.home(country));
  }, { required: ['current_password'] });

  return (
    <section className="account-card account-card-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Удаление аккаунта</h2>
      <p className="muted">
        Личные данные будут удалены без возможности восстановления, все сеансы завершатся. История заказов останется у магазина
        для отчётности, но без ваших данных.
      </p>
      {confirming ? (
        <Form form={form} onSubmit={submit}>
          <Field name="current_password" label="Текущий пароль" type="password" autoComplete="current-password" errors={form.errors.fields.current_password} hint="Введите пароль, чтобы подтвердить удаление." />
          <div className="form-actions">
            <SubmitButton pending={form.pending} label="Удалить аккаунт навсегда" pendingLabel="Удаляем…" danger />
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(false)} disabled={form.pending}>
              Отмена
            </button>
          </div>
        </Form>
      ) : (
        <button ref={openButton} type="button" className="btn btn-danger-outline" onClick={() => setConfirming(true)}>
          Удалить аккаунт…
        </button>
      )}
    </section>
  );
}
