import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { OnDemandProps } from '../hooks/use-on-demand.ts';
import { accountsApi } from './accounts-api.ts';
import { useFocusFirstField } from './use-focus-first-field.ts';

/**
 * Asks to change the login email, with the current password: the new address gets a link that makes the
 * change, the old one a notice. Loaded when the visitor presses «Сменить адрес…».
 */
export default function ChangeEmail({ onDone, onCancel }: OnDemandProps) {
  const form = useForm({ warm: accountsApi });
  const { fields } = form.errors;
  useFocusFirstField(form.formRef);

  const submit = form.onSubmit(
    async (values) => {
      const address = values.new_email!.trim();
      const { setEmail } = await accountsApi();
      await setEmail({
        current_password: values.current_password!,
        new_email: address,
        re_new_email: values.re_new_email!.trim(),
      });
      onDone(
        `Мы отправили ссылку на ${address.toLowerCase()}. Адрес для входа сменится, когда вы перейдёте по ней; до тех пор входите с прежним.`,
      );
    },
    {
      required: ['new_email', 're_new_email', 'current_password'],
      check: (values) =>
        values.new_email!.trim().toLowerCase() === values.re_new_email!.trim().toLowerCase()
          ? {}
          : { re_new_email: ['Адреса электронной почты не совпадают.'] },
    },
  );

  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="new_email"
        label="Новый адрес"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields.new_email}
      />
      <Field
        name="re_new_email"
        label="Новый адрес ещё раз"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        errors={fields.re_new_email}
      />
      <Field
        name="current_password"
        label="Текущий пароль"
        type="password"
        autoComplete="current-password"
        errors={fields.current_password}
        hint="Для подтверждения, что это вы."
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} label="Сменить адрес" pendingLabel="Сохраняем…" />
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.pending}>
          Отмена
        </button>
      </div>
    </Form>
  );
}
