import { useState } from 'react';
import { ConsentNote, Done, Form, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import { FileField } from '~/islands/forms/FileField.tsx';
import type { CountryCode, VisitorRequest } from '~/lib/api/types.ts';
import { ContactFields, requestsApi } from './request-fields.tsx';

const RESUME_MAX_BYTES = 5 * 1024 * 1024;

/** Applying for a vacancy: contact, a CV file or a cover letter (a link to a CV in it will do). */
export default function VacancyRequestForm({
  country,
  vacancy,
}: {
  country: CountryCode;
  vacancy: { id: number; title: string };
}) {
  const form = useForm({ warm: requestsApi });
  const [sent, setSent] = useState<VisitorRequest | null>(null);

  const submit = form.onSubmit(
    async (_values, data) => {
      const { sendVacancyRequest } = await requestsApi();
      data.set('vacancy', String(vacancy.id));
      setSent(await sendVacancyRequest(data, { onProgress: form.setProgress }));
    },
    { required: ['name', 'phone', 'email'] },
  );

  if (sent) {
    return (
      <Done title="Отклик отправлен">
        <p>{sent.detail}</p>
        <p className="muted">
          Номер отклика: {sent.number}. Вакансия: «{vacancy.title}».
          {sent.attachment ? ` Резюме: ${sent.attachment.filename}.` : ''}
        </p>
      </Done>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <ContactFields form={form} require="both" country={country} />
      <FileField
        name="resume"
        label="Резюме"
        optional
        accept=".pdf,.doc,.docx,.odt,.rtf"
        maxBytes={RESUME_MAX_BYTES}
        progress={form.progress}
        hint="PDF, DOC, DOCX, ODT или RTF, до 5 МБ."
        errors={form.errors.fields.resume}
      />
      <TextArea
        name="message"
        label="Сопроводительное письмо"
        optional
        rows={4}
        hint="Коротко об опыте, или ссылка на резюме, если файла нет."
        errors={form.errors.fields.message}
      />
      <SubmitButton pending={form.pending} label="Откликнуться" pendingLabel="Отправляем…" />
      <ConsentNote country={country} action="Откликнуться" />
    </Form>
  );
}
