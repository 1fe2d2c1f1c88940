import { clinicsApi } from './clinics-api.ts';
import type { CountryCode } from '~/lib/api/types.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';

interface Props {
  country: CountryCode;
  /** «ИНН» or «БИН», and its length, as the country names them. */
  taxName: string;
  taxDigits: number;
  /** The profile's organisation and ИНН/БИН, offered as the clinic's. */
  organisation: string;
  taxNumber: string;
  phone: string;
  clinicHref: string;
}

/** Creates a clinic (the person becomes its owner) and opens its page. */
export default function CreateClinic(props: Props) {
  const form = useForm({ warm: clinicsApi });
  const submit = form.onSubmit(
    async (values) => {
      const { createClinic } = await clinicsApi();
      const clinic = await createClinic({
        country: props.country,
        name: values.name!.trim(),
        tax_number: values.tax_number!.trim(),
        legal_address: values.legal_address!.trim(),
        phone: values.phone!.trim(),
      });
      window.location.assign(`${props.clinicHref}?clinic=${clinic.id}`);
    },
    { required: ['name', 'tax_number', 'legal_address'] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="name"
        label="Название клиники"
        autoComplete="organization"
        maxLength={200}
        defaultValue={props.organisation}
        errors={form.errors.fields.name}
      />
      <Field
        name="tax_number"
        label={props.taxName}
        inputMode="numeric"
        maxLength={20}
        hint={`${props.taxDigits} цифр`}
        defaultValue={props.taxNumber}
        errors={form.errors.fields.tax_number}
      />
      <Field
        name="legal_address"
        label="Юридический адрес"
        maxLength={300}
        autoComplete="street-address"
        errors={form.errors.fields.legal_address}
      />
      <Field
        name="phone"
        label="Телефон"
        type="tel"
        autoComplete="tel"
        optional
        defaultValue={props.phone}
        errors={form.errors.fields.phone}
      />
      <SubmitButton pending={form.pending} label="Создать клинику" pendingLabel="Создаём…" />
    </Form>
  );
}
