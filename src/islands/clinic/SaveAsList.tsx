import { useState } from 'react';
import { Field, Form, Select, SubmitButton, useForm } from '~/islands/forms/index.ts';

const listsApi = () => import('~/lib/api/clinic-lists.ts');

interface Props {
  number: string;
  /** The clinics the account belongs to: `[id, name]`; the order's own clinic first. */
  clinics: [number, string][];
  /** A list's page, with `{id}` for its id. */
  listHref: string;
}

/** «Сохранить как список»: the order's lines become a list of one of the member's clinics. */
export default function SaveAsList({ number, clinics, listHref }: Props) {
  const form = useForm({ warm: listsApi });
  const [saved, setSaved] = useState<{ id: number; name: string } | null>(null);
  const submit = form.onSubmit(
    async (values) => {
      const { createClinicList } = await listsApi();
      const clinicId = Number(values.clinic ?? clinics[0]![0]);
      const list = await createClinicList(clinicId, { name: values.name!.trim(), from_order: number });
      setSaved({ id: list.id, name: list.name });
    },
    { required: ['name'] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="name"
        label="Название списка"
        maxLength={100}
        defaultValue={`Как в заказе ${number}`}
        errors={form.errors.fields.name}
      />
      {clinics.length > 1 && (
        <Select name="clinic" label="Клиника" defaultValue={String(clinics[0]![0])}>
          {clinics.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </Select>
      )}
      <SubmitButton pending={form.pending} label="Сохранить как список" pendingLabel="Сохраняем…" />
      <p className="form-success" role="status">
        {saved && (
          <>
            Список сохранён: <a href={listHref.replace('{id}', String(saved.id))}>{saved.name}</a>
          </>
        )}
      </p>
    </Form>
  );
}
