import { useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';

/**
 * Mails the activation link again, returning to `next` like the first one did. The API answers the same
 * whether or not the address has an account.
 */
export default function ResendActivation({ email = '', next }: { email?: string; next?: string }) {
  const form = useForm({ warm: accountsApi });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (values) => {
      setSentTo(null);
      const address = values.email!.trim();
      const { resendActivation } = await accountsApi();
      await resendActivation({ email: address, next });
      setSentTo(address);
    },
    { required: ['email'] },
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
        defaultValue={email}
        errors={form.errors.fields.email}
      />
      <SubmitButton pending={form.pending} label="Отправить письмо ещё раз" pendingLabel="Отправляем…" />
      <p className="form-success" role="status">
        {sentTo &&
          `Если аккаунт ${sentTo} ещё не подтверждён, мы отправили на этот адрес новое письмо со ссылкой. Проверьте и папку «Спам».`}
      </p>
    </Form>
  );
}
