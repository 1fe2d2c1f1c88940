import { useState } from 'react';
import { ConsentNote, Done, Field, Form, Select, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';
import { FileField } from '~/islands/forms/FileField.tsx';
import type { CountryCode, VisitorRequest } from '~/lib/api/types.ts';
import { ContactFields, requestsApi } from './request-fields.tsx';

// The API's limit (server/requests/attachments.ts): intraoral scans are often over 25 MB.
const MODEL_MAX_BYTES = 100 * 1024 * 1024;

interface Props {
  country: CountryCode;
  /** The price list rows of the country, for the «Услуга» choice. */
  services: { id: number; label: string }[];
  /** The row the visitor came from (`?service=`), chosen already. */
  selected?: number;
}

/** A printing request: the service, how many, the model file (STL, OBJ, PLY, 3MF or ZIP) and a comment. */
export default function PrintingRequestForm({ country, services, selected }: Props) {
  const form = useForm({ warm: requestsApi });
  const [sent, setSent] = useState<VisitorRequest | null>(null);

  const submit = form.onSubmit(
    async (_values, data) => {
      const { sendPrintingRequest } = await requestsApi();
      if (!data.get('printing_price')) data.delete('printing_price');
      if (!data.get('file_url')) data.delete('file_url');
      setSent(await sendPrintingRequest(data, { onProgress: form.setProgress }));
    },
    { required: ['name', 'phone'] },
  );

  if (sent) {
    return (
      <Done title="Заявка на печать отправлена">
        <p>{sent.detail}</p>
        <p className="muted">
          Номер заявки: {sent.number}.{sent.printing_price ? ` Услуга: ${sent.printing_price.title}.` : ''}
          {sent.attachment ? ` Файл: ${sent.attachment.filename}.` : ''}
          {typeof sent.details.file_url === 'string' ? ` Ссылка: ${sent.details.file_url}.` : ''}
        </p>
      </Done>
    );
  }
  const errors = form.errors.fields;
  return (
    <Form form={form} onSubmit={submit}>
      <ContactFields form={form} require="phone" country={country} />
      <Select
        name="printing_price"
        label="Услуга"
        optional
        defaultValue={selected ? String(selected) : ''}
        errors={errors.printing_price}
      >
        <option value="">Не знаю — подскажите</option>
        {services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.label}
          </option>
        ))}
      </Select>
      <Field
        name="quantity"
        label="Количество"
        type="number"
        min={1}
        max={1000}
        defaultValue="1"
        inputMode="numeric"
        errors={errors.quantity}
      />
      <FileField
        name="file"
        label="Файл модели"
        optional
        accept=".stl,.obj,.ply,.3mf,.zip"
        maxBytes={MODEL_MAX_BYTES}
        progress={form.progress}
        hint="STL, OBJ, PLY, 3MF или ZIP, до 100 МБ. Нет файла — опишите задачу, поможем со сканированием."
        errors={errors.file}
      />
      <Field
        name="file_url"
        label="Или ссылка на файл"
        type="url"
        inputMode="url"
        optional
        maxLength={500}
        placeholder="https://disk.yandex.ru/…"
        hint="Папка в облаке (Google Диск, Яндекс Диск, Dropbox) с доступом по ссылке — для файлов больше 100 МБ или нескольких сканов."
        errors={errors.file_url}
      />
      <TextArea name="message" label="Комментарий" optional rows={3} errors={errors.message} />
      <SubmitButton pending={form.pending} label="Отправить заявку" pendingLabel="Отправляем…" />
      <ConsentNote country={country} action="Отправить заявку" />
    </Form>
  );
}
