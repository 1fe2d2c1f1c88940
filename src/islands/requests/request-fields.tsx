import { Field, type FormState } from '~/islands/forms/index.ts';
import type { CountryCode } from '~/lib/api/types.ts';
import { COUNTRIES } from '~/shared/countries.ts';
import { useProfilePrefill } from './profile-prefill.ts';

/** The calls of the public forms, loaded when a visitor first touches a form. */
export const requestsApi = () => import('~/lib/api/requests.ts');

interface ContactFieldsProps {
  form: FormState;
  /** Which of phone and email the form needs; the other is optional. */
  require: 'phone' | 'email' | 'both' | 'either';
}

/** Name, phone and email, with the hidden field that catches bots and the storefront's country. */
export function ContactFields({ form, require, country }: ContactFieldsProps & { country: CountryCode }) {
  const errors = form.errors.fields;
  // A signed-in buyer's name, phone and email (and the clinic of a course sign-up) come from the profile.
  const prefill = useProfilePrefill<HTMLInputElement>();
  return (
    <>
      <input ref={prefill} type="hidden" name="country" value={country} />
      {/* People never see this field; a bot that fills every input does, and its request is dropped. */}
      <div hidden>
        <label>
          Сайт <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <Field name="name" label="Имя" autoComplete="name" errors={errors.name} />
      <Field
        name="phone"
        label="Телефон"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        optional={require === 'either' ? 'или почта' : require === 'email'}
        hint={
          require === 'either'
            ? 'Телефон или почта — как вам удобнее, чтобы мы ответили.'
            : `С кодом страны, например ${COUNTRIES[country].phoneExample}.`
        }
        errors={errors.phone}
      />
      <Field
        name="email"
        label="Электронная почта"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        optional={require === 'either' ? 'или телефон' : require === 'phone'}
        hint="Пришлём подтверждение на этот адрес."
        errors={errors.email}
      />
    </>
  );
}

/** A text field of the submitted form; '' when the form has no such field. */
export function fieldText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** The contact part every request shares, as `ContactFields` renders it. */
export function contactBody(data: FormData, country: CountryCode) {
  return {
    country,
    name: fieldText(data, 'name'),
    email: fieldText(data, 'email'),
    phone: fieldText(data, 'phone'),
    website: fieldText(data, 'website'),
  };
}
