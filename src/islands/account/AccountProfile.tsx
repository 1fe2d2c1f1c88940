import { useEffect, useRef, useState } from 'react';
import { accountsApi } from './accounts-api.ts';
import type { CountryCode, User } from '~/lib/api/types.ts';
import { formatPhone } from '~/shared/phone.ts';
import { setProfile } from '~/stores/user.ts';
import { Field, Form, Select, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { useAccountUser } from './use-account-user.ts';

interface Props {
  user: User;
  /** The registration date, formatted on the server. */
  joined: string;
  countries: { code: CountryCode; name: string }[];
}

/** The profile as a list, and the form that edits it (name, phone, country; the email has its own form). */
export default function AccountProfile({ user: serverUser, joined, countries }: Props) {
  const user = useAccountUser(serverUser);
  const form = useForm({ warm: accountsApi });
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  const { fields } = form.errors;

  useEffect(() => {
    if (editing) form.formRef.current?.querySelector('input')?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const submit = form.onSubmit(async (values) => {
    const { patchMe } = await accountsApi();
    const updated = await patchMe({
      first_name: values.first_name!.trim(),
      last_name: values.last_name?.trim() ?? '',
      phone: values.phone!.trim(),
      country: values.country === 'kz' ? 'kz' : 'kg',
    });
    setProfile(updated);
    setSaved(true);
    setEditing(false);
  }, { required: ['first_name', 'phone'] });

  const countryName = countries.find((c) => c.code === user.country)?.name ?? user.country;
  return (
    <section className="account-card" aria-labelledby="profile-heading">
      <div className="account-card-head">
        <h2 id="profile-heading">Профиль</h2>
        {!editing && (
          <button
            ref={editButton}
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Изменить
          </button>
        )}
      </div>
      {editing ? (
        <Form form={form} onSubmit={submit}>
          <Field name="first_name" label="Имя" autoComplete="given-name" maxLength={150} defaultValue={user.first_name} errors={fields.first_name} />
          <Field name="last_name" label="Фамилия" autoComplete="family-name" maxLength={150} optional defaultValue={user.last_name} errors={fields.last_name} />
          <Field name="phone" label="Телефон" type="tel" autoComplete="tel" maxLength={30} defaultValue={user.phone ? formatPhone(user.phone) : ''} errors={fields.phone} hint="С кодом страны, например +996 555 123 456." />
          <Select name="country" label="Страна" defaultValue={user.country} errors={fields.country} hint="Страна, в которой вы покупаете: от неё зависят цены и наличие.">
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </Select>
          <div className="form-actions">
            <SubmitButton pending={form.pending} label="Сохранить" pendingLabel="Сохраняем…" />
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)} disabled={form.pending}>
              Отмена
            </button>
          </div>
        </Form>
      ) : (
        <dl className="profile-list">
          <div>
            <dt>Электронная почта</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Имя</dt>
            <dd>{user.first_name || '—'}</dd>
          </div>
          <div>
            <dt>Фамилия</dt>
            <dd>{user.last_name || '—'}</dd>
          </div>
          <div>
            <dt>Телефон</dt>
            <dd>{user.phone ? formatPhone(user.phone) : '—'}</dd>
          </div>
          <div>
            <dt>Страна</dt>
            <dd>{countryName}</dd>
          </div>
          <div>
            <dt>Дата регистрации</dt>
            <dd>{joined}</dd>
          </div>
        </dl>
      )}
      <p className="form-success" role="status">
        {saved && 'Данные сохранены.'}
      </p>
    </section>
  );
}
