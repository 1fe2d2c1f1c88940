import { navigate } from 'astro:transitions/client';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { NOTICES, notifyAcrossNavigation } from '~/islands/toasts/notify.ts';
import { logout } from '~/stores/user.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { OnDemandProps } from '../hooks/use-on-demand.ts';
import { accountsApi } from './accounts-api.ts';
import { useFocusFirstField } from './use-focus-first-field.ts';

/**
 * The second step of deleting the account: asks for the current password, then deletes, logs out and
 * goes home. Loaded when the visitor presses «Удалить аккаунт…».
 */
export default function DeleteAccount({ country, onCancel }: OnDemandProps & { country: CountryCode }) {
  const form = useForm({ warm: accountsApi });
  useFocusFirstField(form.formRef);

  const submit = form.onSubmit(
    async (values) => {
      const { deleteMe } = await accountsApi();
      await deleteMe({ current_password: values.current_password! });
      logout();
      // One toast (a phone shows one at a time), with the brief's words in it.
      notifyAcrossNavigation(`Аккаунт удалён. ${NOTICES.loggedOut}`);
      await navigate(paths.home(country));
    },
    { required: ['current_password'] },
  );

  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="current_password"
        label="Текущий пароль"
        type="password"
        autoComplete="current-password"
        errors={form.errors.fields.current_password}
        hint="Введите пароль, чтобы подтвердить удаление."
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} label="Удалить аккаунт навсегда" pendingLabel="Удаляем…" danger />
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.pending}>
          Отмена
        </button>
      </div>
    </Form>
  );
}
