import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';

const listsApi = () => import('~/lib/api/clinic-lists.ts');

interface Props {
  clinicId: number;
  /** The new list's page, with `{id}` for its id. */
  listHref: string;
}

/** A member names a new list of the clinic and goes on to fill it. */
export default function NewClinicList({ clinicId, listHref }: Props) {
  const form = useForm({ warm: listsApi });
  const submit = form.onSubmit(
    async (values) => {
      const { createClinicList } = await listsApi();
      const list = await createClinicList(clinicId, { name: values.name!.trim(), items: [] });
      window.location.assign(listHref.replace('{id}', String(list.id)));
    },
    { required: ['name'] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="name"
        label="Название нового списка"
        maxLength={100}
        placeholder="Реставрация — расходники"
        errors={form.errors.fields.name}
      />
      <SubmitButton pending={form.pending} label="Создать список" pendingLabel="Создаём…" />
    </Form>
  );
}
