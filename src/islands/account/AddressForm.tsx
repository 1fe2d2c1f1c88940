import type { CountryCode, DeliveryAddress } from '~/lib/api/types.ts';
import { DELIVERY } from '~/shared/delivery.ts';
import { Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { accountsApi } from './accounts-api.ts';
import { useFocusFirstField } from './use-focus-first-field.ts';

/** Adds or changes one delivery address (AddressBook.tsx); loaded when the person opens it. */
export default function AddressForm({
  country,
  address,
  onSaved,
  onCancel,
}: {
  country: CountryCode;
  address?: DeliveryAddress;
  onSaved: (address: DeliveryAddress, message: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({ warm: accountsApi });
  const { fields } = form.errors;
  useFocusFirstField(form.formRef);
  const listId = `address-cities-${address?.id ?? 'new'}`;
  const submit = form.onSubmit(
    async (values) => {
      const { createAddress, updateAddress } = await accountsApi();
      const body = { city: values.city!.trim(), address: values.address!.trim() };
      const result = address ? await updateAddress(address.id, body) : await createAddress({ country, ...body });
      onSaved(result, address ? 'Адрес изменён.' : 'Адрес сохранён.');
    },
    { required: ['city', 'address'] },
  );
  return (
    <Form form={form} onSubmit={submit}>
      <Field
        name="city"
        label="Город"
        autoComplete="address-level2"
        maxLength={100}
        list={listId}
        defaultValue={address?.city}
        errors={fields.city}
      />
      <datalist id={listId}>
        {DELIVERY[country].cities.map((c) => (
          <option key={c.name} value={c.name} />
        ))}
      </datalist>
      <Field
        name="address"
        label="Адрес"
        autoComplete="street-address"
        maxLength={300}
        defaultValue={address?.address}
        errors={fields.address}
        hint="Улица, дом, офис или кабинет."
      />
      <div className="form-actions">
        <SubmitButton pending={form.pending} label="Сохранить" pendingLabel="Сохраняем…" />
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={form.pending}>
          Отмена
        </button>
      </div>
    </Form>
  );
}
