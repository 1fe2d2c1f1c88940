import { useState } from 'react';
import { ConsentNote, Done, Field, Form, Select, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import type { CountryCode, VisitorRequest } from '~/lib/api/types.ts';
import { ContactFields, contactBody, fieldText, requestsApi } from './request-fields.tsx';

/** «Не нашли курс?»: the topic a dentist wants to learn, where, and how to reach them. */
export default function CourseSearchForm({
  country,
  cities,
}: {
  country: CountryCode;
  cities: { code: string; name: string }[];
}) {
  const form = useForm({ warm: requestsApi });
  const [sent, setSent] = useState<VisitorRequest | null>(null);

  const submit = form.onSubmit(
    async (_values, data) => {
      const { sendCourseSearchRequest } = await requestsApi();
      setSent(
        await sendCourseSearchRequest({
          ...contactBody(data, country),
          topic: fieldText(data, 'topic'),
          city: fieldText(data, 'city'),
          message: fieldText(data, 'message'),
        }),
      );
    },
    { required: ['name', 'topic'] },
  );

  if (sent) {
    return (
      <Done title="Запрос отправлен">
        <p>{sent.detail}</p>
        <p className="muted">Номер запроса: {sent.number}.</p>
      </Done>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="topic"
        label="Чему хотите научиться"
        hint="Например: эндодонтия под микроскопом, синус-лифтинг, цифровой протокол."
        errors={form.errors.fields.topic}
      />
      <Select name="city" label="Город" optional defaultValue="" errors={form.errors.fields.city}>
        <option value="">Любой</option>
        {cities.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </Select>
      <ContactFields form={form} require="either" country={country} />
      <TextArea name="message" label="Комментарий" optional rows={3} errors={form.errors.fields.message} />
      <SubmitButton pending={form.pending} label="Отправить запрос" pendingLabel="Отправляем…" />
      <ConsentNote country={country} action="Отправить запрос" />
    </Form>
  );
}
