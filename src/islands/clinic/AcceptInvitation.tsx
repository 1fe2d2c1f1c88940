import { clinicsApi } from './clinics-api.ts';
import { Form, SubmitButton, useForm } from '~/islands/forms/index.ts';

/** Joins the clinic of the mailed link, then opens the clinic's page; a used, expired or foreign link says why. */
export default function AcceptInvitation({ token, clinicHref }: { token: string; clinicHref: string }) {
  const form = useForm({ warm: clinicsApi });
  const submit = form.onSubmit(async () => {
    const { acceptClinicInvitation } = await clinicsApi();
    const clinic = await acceptClinicInvitation(token);
    window.location.assign(`${clinicHref}?clinic=${clinic.id}`);
  });
  return (
    <Form form={form} onSubmit={submit}>
      <SubmitButton pending={form.pending} label="Принять приглашение" pendingLabel="Присоединяемся…" />
    </Form>
  );
}
