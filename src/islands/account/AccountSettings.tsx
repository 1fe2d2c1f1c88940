import { useState, type ReactNode } from 'react';
import type { CountryCode, DeliveryAddress, User } from '~/lib/api/types.ts';
import { formatPhone } from '~/shared/phone.ts';
import { useOnDemand } from '../hooks/use-on-demand.ts';
import { useAccountUser } from './use-account-user.ts';

interface Props {
  country: CountryCode;
  user: User;
  /** The registration date, formatted on the server. */
  joined: string;
  countries: { code: CountryCode; name: string }[];
  /** The account's delivery addresses in the page's country, the one used last first. */
  addresses: DeliveryAddress[];
  /** Where an address change by mailed link starts (the page gives it: no paths module in the island). */
  emailResetHref: string;
  /** Their list, rendered by the page (a slot), shown until the person edits them. */
  addressList?: ReactNode;
}

// Each form is downloaded when the visitor opens it (most visits to the account page open none, or
// one), so the page itself loads only the profile and the buttons.
const loadProfileForm = () => import('./ProfileForm.tsx');
const loadPasswordForm = () => import('./ChangePassword.tsx');
const loadEmailForm = () => import('./ChangeEmail.tsx');
const loadDeleteForm = () => import('./DeleteAccount.tsx');
const loadAddressBook = () => import('./AddressBook.tsx');

const LOAD_FAILED = 'Не удалось загрузить форму. Проверьте подключение к интернету и попробуйте ещё раз.';

/** The account page's cards: the profile, the password, the login email and the deletion of the account. */
export default function AccountSettings({
  country,
  user: serverUser,
  joined,
  countries,
  addresses,
  emailResetHref,
  addressList,
}: Props) {
  const user = useAccountUser(serverUser);
  const profile = useOnDemand(loadProfileForm);
  const password = useOnDemand(loadPasswordForm);
  const email = useOnDemand(loadEmailForm);
  const deletion = useOnDemand(loadDeleteForm);
  const book = useOnDemand(loadAddressBook);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const say = (card: string, message: string) => setMessages((current) => ({ ...current, [card]: message }));
  /** What a form of `card` needs to close itself: done with a message, or cancelled. */
  const closing = (card: string, part: { close: () => void }) => ({
    onDone: (message: string) => {
      say(card, message);
      part.close();
    },
    onCancel: part.close,
  });
  const opening = (card: string, props: { onClick: () => void }) => ({
    ...props,
    onClick: () => {
      say(card, '');
      props.onClick();
    },
  });
  const countryName = countries.find((c) => c.code === user.country)?.name ?? user.country;

  return (
    <>
      <section className="account-card" aria-labelledby="profile-heading">
        <div className="account-card-head">
          <h2 id="profile-heading">Профиль</h2>
          {!profile.Part && (
            <button type="button" className="btn btn-secondary" {...opening('profile', profile.openerProps)}>
              Изменить
            </button>
          )}
        </div>
        {profile.Part ? (
          <profile.Part user={user} countries={countries} {...closing('profile', profile)} />
        ) : (
          <dl className="profile-list">
            <Entry term="Электронная почта">{user.email}</Entry>
            <Entry term="Имя">{user.first_name || '—'}</Entry>
            <Entry term="Фамилия">{user.last_name || '—'}</Entry>
            <Entry term="Телефон">{user.phone ? formatPhone(user.phone) : '—'}</Entry>
            <Entry term="Страна">{countryName}</Entry>
            <Entry term="Дата регистрации">{joined}</Entry>
          </dl>
        )}
        <Status failed={profile.failed} message={messages.profile} />
      </section>

      <section className="account-card" aria-labelledby="password-heading">
        <h2 id="password-heading">Пароль</h2>
        <p className="muted">После смены пароля на других устройствах нужно будет войти заново.</p>
        {password.Part ? (
          <password.Part country={country} email={user.email} {...closing('password', password)} />
        ) : (
          <button type="button" className="btn btn-secondary" {...opening('password', password.openerProps)}>
            Сменить пароль…
          </button>
        )}
        <Status failed={password.failed} message={messages.password} />
      </section>

      <section className="account-card" aria-labelledby="email-heading">
        <h2 id="email-heading">Электронная почта</h2>
        <p className="muted">
          Сейчас вы входите с адресом <strong>{user.email}</strong>.
        </p>
        {email.Part ? (
          <email.Part {...closing('email', email)} />
        ) : (
          <button type="button" className="btn btn-secondary" {...opening('email', email.openerProps)}>
            Сменить адрес…
          </button>
        )}
        <Status failed={email.failed} message={messages.email} />
        <p className="form-aside account-aside">
          Пароля не помните? <a href={emailResetHref}>Сменить адрес по ссылке из письма</a>
        </p>
      </section>

      <section className="account-card" aria-labelledby="addresses-heading">
        <div className="account-card-head">
          <h2 id="addresses-heading">Адреса доставки</h2>
          {!book.Part && (
            <button type="button" className="btn btn-secondary" {...opening('addresses', book.openerProps)}>
              Изменить
            </button>
          )}
        </div>
        {/* Once opened the book stays: it lists the addresses as they are now. */}
        {book.Part ? <book.Part country={country} addresses={addresses} /> : addressList}
        <Status failed={book.failed} message={messages.addresses} />
      </section>

      <section className="account-card account-card-danger" aria-labelledby="delete-heading">
        <h2 id="delete-heading">Удаление аккаунта</h2>
        <p className="muted">
          Личные данные будут удалены без возможности восстановления, все сеансы завершатся. История заказов останется у
          магазина для отчётности, но без ваших данных.
        </p>
        {deletion.Part ? (
          <deletion.Part country={country} {...closing('delete', deletion)} />
        ) : (
          <button type="button" className="btn btn-danger-outline" {...opening('delete', deletion.openerProps)}>
            Удалить аккаунт…
          </button>
        )}
        <Status failed={deletion.failed} message={messages.delete} />
      </section>
    </>
  );
}

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The card's live line: what its form has done, or that the form could not be downloaded. */
function Status({ failed, message }: { failed: boolean; message?: string }) {
  return (
    <>
      {failed && (
        <div className="form-alert account-alert" role="alert">
          <p>{LOAD_FAILED}</p>
        </div>
      )}
      <p className="form-success account-status" role="status">
        {message}
      </p>
    </>
  );
}
