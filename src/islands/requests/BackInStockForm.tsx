import { useState } from 'react';
import { ConsentNote, Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { CountryCode } from '~/lib/api/types.ts';
import { useProfilePrefill } from './profile-prefill.ts';
import { requestsApi } from './request-fields.tsx';

/** «Сообщить о поступлении» for a product out of stock in the country: one mail when it is back. */
export default function BackInStockForm({ country, productId }: { country: CountryCode; productId: number }) {
  const form = useForm({ warm: requestsApi });
  const [done, setDone] = useState<string | null>(null);
  const prefill = useProfilePrefill<HTMLSpanElement>();

  const submit = form.onSubmit(
    async (values) => {
      const { requestBackInStock } = await requestsApi();
      setDone((await requestBackInStock(country, { product: productId, email: values.email!.trim() })).detail);
    },
    { required: ['email'] },
  );

  if (done) {
    return (
      <p className="form-result form-result-ok" role="status">
        {done}
      </p>
    );
  }
  return (
    <Form form={form} onSubmit={submit}>
      <span ref={prefill} hidden />
      <Field
        name="email"
        label="Сообщить о поступлении"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="doctor@clinic.kg"
        hint="Напишем один раз, когда товар появится. Без рассылки."
        errors={form.errors.fields.email}
      />
      <SubmitButton pending={form.pending} label="Сообщить мне" pendingLabel="Сохраняем…" />
      <ConsentNote country={country} action="Сообщить мне" />
    </Form>
  );
}
