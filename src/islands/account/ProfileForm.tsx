import type { CountryCode, User } from '~/lib/api/types.ts';
import { COUNTRIES, DEFAULT_COUNTRY, isCountryCode } from '~/shared/countries.ts';
import { taxNumberHint } from '~/shared/order-methods.ts';
import { formatPhone } from '~/shared/phone.ts';
import { setProfile } from '~/stores/user.ts';
import { Field, Form, Select, SubmitButton, useForm } from '~/islands/forms/index.ts';
import type { OnDemandProps } from '../hooks/use-on-demand.ts';
import { accountsApi } from './accounts-api.ts';
import { useFocusFirstField } from './use-focus-first-field.ts';

interface Props extends OnDemandProps {
  user: User;
  countries: { code: CountryCode; name: string }[];
}

/** Edits the profile (name, phone, the clinic's requisites, country; the email has its own form). Loaded when the visitor presses «Изменить». */
export default function ProfileForm({ user, countries, onDone, onCancel }: Props) {
  const form = useForm({ warm: accountsApi });
  const { fields } = form.errors;
  useFocusFirstField(form.formRef);

  const submit = form.onSubmit(
    async (values) => {
      const { patchMe } = await accountsApi();
      const updated = await patchMe({
        first_name: values.first_name!.trim(),
        last_name: values.last_name?.trim() ?? '',
        phone: values.phone!.trim(),
        organisation: values.organisation?.trim() ?? '',
        tax_number: values.tax_number?.trim() ?? '',
        country: isCountryCode(values.country) ? values.country : DEFAULT_COUNTRY,
      });
      setProfile(updated);
      onDone('Данные сохранены.');
    },
    { required: ['first_name', 'phone'] },
  );

  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="first_name"
        label="Имя"
        autoComplete="given-name"
        maxLength={150}
        defaultValue={user.first_name}
        errors={fields.first_name}
      />
      <Field
        name="last_name"
        label="Фамилия"
        autoComplete="family-name"
        maxLength={150}
        optional
        defaultValue={user.last_name}
        errors={fields.last_name}
      />
      <Field
        name="phone"
        label="Телефон"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={user.phone ? formatPhone(user.phone) : ''}
        errors={fields.phone}
        hint={`С кодом страны, например ${COUNTRIES[isCountryCode(user.country) ? user.country : DEFAULT_COUNTRY].phoneExample}.`}
      />
      <Field
        name="organisation"
        label="Организация"
        autoComplete="organization"
        maxLength={200}
        optional
        defaultValue={user.organisation}
        errors={fields.organisation}
        hint="Для заказов по счёту: оформление подставит реквизиты само."
      />
      <Field
        name="tax_number"
        label="ИНН или БИН"
        inputMode="numeric"
        maxLength={20}
        optional
        defaultValue={user.tax_number}
        errors={fields.tax_number}
        hint={taxNumberHint()}
      />
      <Select
        name="country"
        label="Страна"
        defaultValue={user.country}
        errors={fields.country}
        hint="Страна, в которой вы покупаете: от неё зависят цены и наличие."
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </Select>
      <div className="form-actions">
        <SubmitButton pending={form.pending} label="Сохранить" pendingLabel="Сохраняем…" />
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.pending}>
          Отмена
        </button>
      </div>
    </Form>
  );
}
