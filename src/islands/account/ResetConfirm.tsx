import { useState, type ReactNode } from 'react';
import { accountsApi } from './accounts-api.ts';
import type { LinkToken } from '~/lib/api/types.ts';
import { paths } from '~/shared/paths.ts';
import type { CountryCode } from '~/shared/countries.ts';
import { Done, Field, Form, SubmitButton, useForm } from '~/islands/forms/index.ts';
import { PASSWORD_HINT } from './account-texts.ts';
import type { ResetKind } from './reset-kind.ts';

const EMAIL_INPUT = { type: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false } as const;
const PASSWORD_INPUT = { type: 'password', autoComplete: 'new-password' } as const;

interface Confirmation {
  /** The new value and its repetition, as the API names them. */
  names: readonly [string, string];
  input: typeof EMAIL_INPUT | typeof PASSWORD_INPUT;
  labels: readonly [string, string];
  hint?: string;
  /** The value as sent, and the same for comparing with the repetition. */
  clean: (value: string) => string;
  same: (value: string, repeated: string) => boolean;
  mismatch: string;
  submitLabel: string;
  send: (link: LinkToken, value: string, repeated: string) => Promise<void>;
  doneTitle: string;
  done: (country: CountryCode, value: string) => ReactNode;
  /** Where to ask for a new link when this one has expired or was used. */
  requestPath: (country: CountryCode) => string;
}

const CONFIRMATIONS: Record<ResetKind, Confirmation> = {
  password: {
    names: ['new_password', 're_new_password'],
    input: PASSWORD_INPUT,
    labels: ['Новый пароль', 'Новый пароль ещё раз'],
    hint: PASSWORD_HINT,
    clean: (value) => value,
    same: (value, repeated) => value === repeated,
    mismatch: 'Пароли не совпадают.',
    submitLabel: 'Сохранить пароль',
    send: async (link, value, repeated) =>
      (await accountsApi()).resetPasswordConfirm({ ...link, new_password: value, re_new_password: repeated }),
    requestPath: paths.passwordReset,
    doneTitle: 'Пароль изменён',
    done: (country) => (
      <>
        <p>Все сеансы на других устройствах завершены. Войдите с новым паролем.</p>
        <a className="btn btn-primary" href={paths.login(country, paths.account(country))}>
          Войти
        </a>
      </>
    ),
  },
  email: {
    names: ['new_email', 're_new_email'],
    input: EMAIL_INPUT,
    labels: ['Новый адрес электронной почты', 'Новый адрес ещё раз'],
    clean: (value) => value.trim(),
    same: (value, repeated) => value.toLowerCase() === repeated.toLowerCase(),
    mismatch: 'Адреса электронной почты не совпадают.',
    submitLabel: 'Сменить адрес',
    send: async (link, value, repeated) =>
      (await accountsApi()).resetEmailConfirm({ ...link, new_email: value, re_new_email: repeated }),
    requestPath: paths.emailReset,
    doneTitle: 'Подтвердите новый адрес',
    done: (country, address) => (
      <>
        <p>
          Мы отправили ссылку на <strong>{address}</strong>. Адрес для входа сменится, когда вы перейдёте по ней; до тех
          пор входите с прежним.
        </p>
        <a className="btn btn-primary" href={paths.account(country)}>
          Перейти в личный кабинет
        </a>
      </>
    ),
  },
};

interface Props {
  kind: ResetKind;
  country: CountryCode;
  uid: string;
  token: string;
}

/** Opened from a reset mail: sets the new password, or asks for the new login email, with the link's `{uid, token}`. */
export default function ResetConfirm({ kind, country, uid, token }: Props) {
  const flow = CONFIRMATIONS[kind];
  const [name, repeatName] = flow.names;
  const form = useForm({ warm: accountsApi });
  const [doneWith, setDoneWith] = useState<string | null>(null);
  const { fields } = form.errors;

  const submit = form.onSubmit(
    async (values) => {
      const value = flow.clean(values[name]!);
      const repeated = flow.clean(values[repeatName]!);
      await flow.send({ uid, token }, value, repeated);
      setDoneWith(value);
    },
    {
      required: flow.names,
      check: (values) =>
        flow.same(flow.clean(values[name]!), flow.clean(values[repeatName]!)) ? {} : { [repeatName]: [flow.mismatch] },
    },
  );

  if (doneWith !== null) return <Done title={flow.doneTitle}>{flow.done(country, doneWith)}</Done>;
  // A link error comes back under `uid` or `token`, which are not fields here: it shows in the alert.
  const linkFailed = form.errors.otherFields?.some((field) => field === 'uid' || field === 'token') ?? false;
  return (
    <Form
      form={form}
      onSubmit={submit}
      alert={
        linkFailed && (
          <p>
            <a href={flow.requestPath(country)}>Запросить новую ссылку</a>
          </p>
        )
      }
    >
      <Field name={name} label={flow.labels[0]} {...flow.input} errors={fields[name]} hint={flow.hint} />
      <Field name={repeatName} label={flow.labels[1]} {...flow.input} errors={fields[repeatName]} />
      <SubmitButton pending={form.pending} label={flow.submitLabel} pendingLabel="Сохраняем…" />
    </Form>
  );
}
