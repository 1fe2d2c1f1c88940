import { useState } from 'react';
import { clinicsApi } from './clinics-api.ts';
import { Form, SubmitButton, TextArea, useForm } from '~/islands/forms/index.ts';

/** The owner's «Согласовать» or «Отклонить» (with a comment) on an order waiting for approval. */
export default function OrderDecision({ number }: { number: string }) {
  const form = useForm({ warm: clinicsApi });
  const [declining, setDeclining] = useState(false);
  const submit = form.onSubmit(
    async (values) => {
      const api = await clinicsApi();
      if (declining) await api.declineClinicOrder(number, values.comment!.trim());
      else await api.approveClinicOrder(number);
      window.location.reload();
    },
    { required: declining ? ['comment'] : [] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      {declining && (
        <TextArea
          name="comment"
          label={`Почему заказ ${number} отклонён`}
          rows={3}
          maxLength={1000}
          errors={form.errors.fields.comment}
        />
      )}
      <div className="clinic-decision">
        {declining ? (
          <>
            <SubmitButton pending={form.pending} label="Отклонить заказ" pendingLabel="Отклоняем…" danger />
            <button type="button" className="btn btn-secondary" onClick={() => setDeclining(false)}>
              Отмена
            </button>
          </>
        ) : (
          <>
            <SubmitButton pending={form.pending} label="Согласовать" pendingLabel="Согласуем…" />
            <button type="button" className="btn btn-secondary" onClick={() => setDeclining(true)}>
              Отклонить
            </button>
          </>
        )}
      </div>
    </Form>
  );
}
