import { Field, type FormState } from '~/islands/forms/index.ts';
import type { CountryCode } from '~/lib/api/types.ts';

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
  return (
    <>
      <input type="hidden" name="country" value={country} />
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
        optional={require === 'email' || require === 'either'}
        hint={
          require === 'either'
            ? 'Телефон или почта — как вам удобнее, чтобы мы ответили.'
            : 'Например, +996 555 123 456 или 8 701 123 45 67.'
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
        optional={require === 'phone' || require === 'either'}
        hint="Пришлём подтверждение на этот адрес."
        errors={errors.email}
      />
    </>
  );
}

/** The form's fields that the API takes as they are typed (the file stays out of a JSON body). */
export function jsonFields(data: FormData): Record<string, string> {
  const body: Record<string, string> = {};
  for (const [name, value] of data) if (typeof value === 'string') body[name] = value;
  return body;
}
