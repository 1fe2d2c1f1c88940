import { useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import { Done, Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { ResetKind } from './reset-kind.ts';

const REQUESTS = {
  password: {
    send: async (email: string) => (await accountsApi()).resetPassword(email),
    label: 'Электронная почта',
    hint: 'Адрес, с которым вы входите в магазин.',
    linkFor: 'ссылку для сброса пароля',
    note: 'Если письма нет несколько минут, проверьте папку «Спам» или запросите ссылку ещё раз.',
  },
  email: {
    send: async (email: string) => (await accountsApi()).resetEmail(email),
    label: 'Текущий адрес электронной почты',
    hint: 'На него придёт ссылка; по ней вы укажете новый адрес.',
    linkFor: 'ссылку для смены адреса',
    note: null,
  },
} satisfies Record<
  ResetKind,
  { send: (email: string) => Promise<void>; label: string; hint: string; linkFor: string; note: string | null }
>;

/**
 * Asks for a mailed link that resets the password or changes the login email. The answer is the
 * same whether or not the address has an account.
 */
export default function ResetRequest({ kind }: { kind: ResetKind }) {
  const request = REQUESTS[kind];
  const form = useForm({ warm: accountsApi });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.onSubmit(
    async (values) => {
      const address = values.email!.trim();
      await request.send(address);
      setSentTo(address);
    },
    { required: ['email'] },
  );

  if (sentTo) {
    return (
      <Done title="Проверьте почту">
        <p>
          Если аккаунт с адресом <strong>{sentTo}</strong> существует, мы отправили на него {request.linkFor}. Ссылка
          одноразовая и действует ограниченное время.
        </p>
        {request.note && <p>{request.note}</p>}
        <p className="form-links">
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            Запросить ещё раз
          </button>
        </p>
      </Done>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="email"
        label={request.label}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        errors={form.errors.fields.email}
        hint={request.hint}
      />
      <SubmitButton pending={form.pending} label="Получить ссылку" pendingLabel="Отправляем…" />
    </Form>
  );
}
