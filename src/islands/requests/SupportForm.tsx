import { useState } from 'react';
import { ConsentNote, Done, Field, Form, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import type { CountryCode, VisitorRequest } from '~/lib/api/types.ts';
import { ContactFields, contactBody, fieldText, requestsApi } from './request-fields.tsx';

/** A question to the shop: contact, subject and the question. */
export default function SupportForm({ country }: { country: CountryCode }) {
  const form = useForm({ warm: requestsApi });
  const [sent, setSent] = useState<VisitorRequest | null>(null);

  const submit = form.onSubmit(
    async (_values, data) => {
      const { sendSupportRequest } = await requestsApi();
      setSent(
        await sendSupportRequest({
          ...contactBody(data, country),
          subject: fieldText(data, 'subject'),
          message: fieldText(data, 'message'),
        }),
      );
    },
    { required: ['name', 'email', 'message'] },
  );

  if (sent) {
    return (
      <Done title="Вопрос отправлен">
        <p>{sent.detail}</p>
        <p className="muted">
          Номер обращения: {sent.number}. Ответ придёт на {sent.email}.
        </p>
      </Done>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <ContactFields form={form} require="email" country={country} />
      <Field name="subject" label="Тема" optional errors={form.errors.fields.subject} />
      <TextArea name="message" label="Вопрос" rows={5} errors={form.errors.fields.message} />
      <SubmitButton pending={form.pending} label="Отправить вопрос" pendingLabel="Отправляем…" />
      <ConsentNote country={country} action="Отправить вопрос" />
    </Form>
  );
}
