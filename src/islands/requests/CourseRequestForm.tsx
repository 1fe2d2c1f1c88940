import { useState } from 'react';
import { ConsentNote, Done, Field, Form, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import type { CountryCode, VisitorRequest } from '~/lib/api/types.ts';
import { ContactFields, contactBody, fieldText, requestsApi } from './request-fields.tsx';

interface Props {
  country: CountryCode;
  course: { slug: string; title: string };
  /** No seats left: the request puts the visitor on the waiting list. */
  full: boolean;
}

/** Signing up for a course (or its waiting list): contact, clinic, how many participants. */
export default function CourseRequestForm({ country, course, full }: Props) {
  const form = useForm({ warm: requestsApi });
  const [sent, setSent] = useState<VisitorRequest | null>(null);

  const submit = form.onSubmit(
    async (_values, data) => {
      const { sendCourseRequest } = await requestsApi();
      setSent(
        await sendCourseRequest({
          ...contactBody(data, country),
          course: course.slug,
          clinic: fieldText(data, 'clinic'),
          participants: Number(fieldText(data, 'participants') || 1),
          message: fieldText(data, 'message'),
        }),
      );
    },
    { required: ['name'] },
  );

  if (sent) {
    return (
      <Done title={full ? 'Вы в листе ожидания' : 'Заявка отправлена'}>
        <p>{sent.detail}</p>
        <p className="muted">
          Номер заявки: {sent.number}. Курс: «{course.title}».
        </p>
      </Done>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <ContactFields form={form} require="either" country={country} />
      <Field name="clinic" label="Клиника" optional autoComplete="organization" errors={form.errors.fields.clinic} />
      <Field
        name="participants"
        label="Сколько участников"
        type="number"
        min={1}
        max={50}
        defaultValue="1"
        inputMode="numeric"
        errors={form.errors.fields.participants}
      />
      <TextArea name="message" label="Комментарий" optional rows={3} errors={form.errors.fields.message} />
      <SubmitButton
        pending={form.pending}
        label={full ? 'Записаться в лист ожидания' : 'Записаться'}
        pendingLabel="Отправляем…"
      />
      <ConsentNote country={country} action={full ? 'Записаться в лист ожидания' : 'Записаться'} />
    </Form>
  );
}
