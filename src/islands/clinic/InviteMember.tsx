import { useState } from 'react';
import { clinicsApi } from './clinics-api.ts';
import { Field, Form, Select, SubmitButton, useForm } from '~/islands/forms/index.ts';

interface Props {
  clinicId: number;
  /** The roles an owner may give, with their names: `[role, label]`. */
  roles: [string, string][];
}

/** The owner invites a colleague by email with a role; the page reloads to list the invitation. */
export default function InviteMember({ clinicId, roles }: Props) {
  const form = useForm({ warm: clinicsApi });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const submit = form.onSubmit(
    async (values) => {
      setSentTo(null);
      const { inviteToClinic } = await clinicsApi();
      const invitation = await inviteToClinic(clinicId, {
        email: values.email!.trim(),
        role: values.role as 'buyer',
      });
      setSentTo(invitation.email);
      window.location.reload();
    },
    { required: ['email', 'role'] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="email"
        label="Электронная почта"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        errors={form.errors.fields.email}
      />
      <Select name="role" label="Роль" defaultValue="assistant" errors={form.errors.fields.role}>
        {roles.map(([role, label]) => (
          <option key={role} value={role}>
            {label}
          </option>
        ))}
      </Select>
      <SubmitButton pending={form.pending} label="Пригласить" pendingLabel="Отправляем…" />
      <p className="form-success" role="status">
        {sentTo && `Приглашение отправлено на ${sentTo}.`}
      </p>
    </Form>
  );
}
