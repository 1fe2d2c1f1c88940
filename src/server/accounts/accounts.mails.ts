import { SHOP_NAME } from '../../shared/site.ts';
import { paths } from '../../shared/paths.ts';
import { DEFAULT_COUNTRY, isCountryCode } from '../../shared/countries.ts';
import { absoluteUrl } from '../site-url.ts';
import { renderMail, sendMail, type MailContent } from '../mail/index.ts';
import { encodeUid, makeLinkToken } from './link-tokens.ts';
import { isEmailConfirmed, type User } from './users.queries.ts';

/** The mails of the account flows, in Russian, with absolute links to the person's country of the shop. */

const SHOP = SHOP_NAME;
const countryOf = (user: User) => (isCountryCode(user.country) ? user.country : DEFAULT_COUNTRY);
// The name someone typed goes only to an address its owner confirmed: an account opened with a stranger's
// address must not greet them with a message.
const greeting = (user: User) =>
  user.firstName && isEmailConfirmed(user) ? `Здравствуйте, ${user.firstName}.` : 'Здравствуйте.';
const IGNORE =
  'Если вы этого не делали, просто не обращайте внимания на это письмо: без перехода по ссылке ничего не изменится.';

/** A mail of an account flow, with the contacts of the account's country. */
async function send(user: User, kind: string, to: string, subject: string, content: MailContent): Promise<void> {
  await sendMail({ kind, to, subject, ...(await renderMail(countryOf(user), content)) });
}

/**
 * The absolute address of the account's activation link (a new account, or one opened at checkout);
 * `next` is a same-site path the activation page returns to.
 */
export function activationUrl(user: User, next?: string | null): string {
  return absoluteUrl(paths.activate(countryOf(user), encodeUid(user.id), makeLinkToken('activation', user), next));
}

export function sendActivationMail(user: User, next?: string | null): Promise<void> {
  return send(user, 'activation', user.email, `Подтвердите адрес почты для ${SHOP}`, {
    preheader: user.emailPending ? 'Подтвердите, что этот адрес ваш.' : 'Остался один шаг до входа в магазин.',
    heading: 'Подтвердите адрес электронной почты',
    paragraphs: [
      greeting(user),
      user.emailPending
        ? `Вы открыли аккаунт в ${SHOP} при оформлении заказа. Подтвердите, что этот адрес ваш: на него приходят письма о заказах и ссылки для восстановления пароля.`
        : `Вы зарегистрировались в интернет-магазине стоматологических материалов ${SHOP}. Чтобы войти, подтвердите, что этот адрес ваш.`,
      'Ссылка действует 3 дня.',
    ],
    action: { label: 'Подтвердить адрес', url: activationUrl(user, next) },
    footnote: `Вы получили это письмо, потому что этот адрес указали при регистрации в ${SHOP}. ${IGNORE}`,
  });
}

/** To the owner of an address someone tried to register again: the ways back in, and nothing changed. */
export function sendRegistrationAttemptMail(user: User): Promise<void> {
  const country = countryOf(user);
  return send(user, 'registration_attempt', user.email, `Попытка регистрации с вашим адресом в ${SHOP}`, {
    heading: 'Кто-то пытался зарегистрироваться с вашим адресом',
    paragraphs: [
      greeting(user),
      `Кто-то пытался зарегистрироваться в ${SHOP} с вашим адресом электронной почты. У вас уже есть аккаунт с этим адресом, поэтому новый не создан и в вашем аккаунте ничего не изменилось.`,
      `Если это были вы, просто войдите. Если не помните пароль, задайте новый: ${absoluteUrl(paths.passwordReset(country))}`,
    ],
    action: { label: 'Войти', url: absoluteUrl(paths.login(country)) },
    footnote: `Вы получили это письмо, потому что этот адрес указан в аккаунте ${SHOP}. ${IGNORE}`,
  });
}

export function sendActivatedMail(user: User): Promise<void> {
  return send(user, 'activation_confirmed', user.email, `Аккаунт в ${SHOP} подтверждён`, {
    heading: 'Аккаунт подтверждён',
    paragraphs: [
      greeting(user),
      'Адрес электронной почты подтверждён. Теперь вы можете входить в магазин, оформлять и отслеживать заказы.',
    ],
    action: { label: 'Войти', url: absoluteUrl(paths.login(countryOf(user))) },
    footnote: `Вы получили это письмо, потому что зарегистрировались в ${SHOP}.`,
  });
}

export function sendPasswordResetMail(user: User): Promise<void> {
  const url = absoluteUrl(
    paths.passwordResetConfirm(countryOf(user), encodeUid(user.id), makeLinkToken('password_reset', user)),
  );
  return send(user, 'password_reset', user.email, `Восстановление пароля в ${SHOP}`, {
    preheader: 'Ссылка для нового пароля.',
    heading: 'Восстановление пароля',
    paragraphs: [
      greeting(user),
      'Мы получили запрос на смену пароля для вашего аккаунта. Чтобы задать новый пароль, перейдите по ссылке.',
      'Ссылка действует 24 часа и срабатывает один раз.',
    ],
    action: { label: 'Задать новый пароль', url },
    footnote: `Вы получили это письмо, потому что кто-то запросил восстановление пароля для этого адреса в ${SHOP}. ${IGNORE}`,
  });
}

export function sendPasswordChangedMail(user: User): Promise<void> {
  return send(user, 'password_changed', user.email, `Пароль в ${SHOP} изменён`, {
    heading: 'Пароль изменён',
    paragraphs: [
      greeting(user),
      'Пароль вашего аккаунта только что изменён, и все прежние входы завершены.',
      'Если это были не вы, сразу восстановите доступ по ссылке ниже и свяжитесь с нами.',
    ],
    action: { label: 'Восстановить доступ', url: absoluteUrl(paths.passwordReset(countryOf(user))) },
    footnote: `Вы получили это письмо, потому что у вашего аккаунта в ${SHOP} изменился пароль.`,
  });
}

export function sendEmailResetMail(user: User): Promise<void> {
  const url = absoluteUrl(
    paths.emailResetConfirm(countryOf(user), encodeUid(user.id), makeLinkToken('email_reset', user)),
  );
  return send(user, 'email_reset', user.email, `Смена адреса почты в ${SHOP}`, {
    heading: 'Смена адреса электронной почты',
    paragraphs: [
      greeting(user),
      'Мы получили запрос на смену адреса почты, с которым вы входите в магазин. Чтобы указать новый адрес, перейдите по ссылке.',
      'Ссылка действует 24 часа и срабатывает один раз.',
    ],
    action: { label: 'Указать новый адрес', url },
    footnote: `Вы получили это письмо, потому что кто-то запросил смену адреса для этого аккаунта в ${SHOP}. ${IGNORE}`,
  });
}

/**
 * An address as the account's old one may see it: the first letter of the name and of the domain, and
 * the zone, «i***@c***.kg».
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const dot = email.lastIndexOf('.');
  const zone = dot > at ? email.slice(dot) : '';
  return `${email.slice(0, 1)}***@${email.slice(at + 1, at + 2)}***${zone}`;
}

/** To the address an account asked to move its login to: the link that confirms it (`email_change`). */
export function sendEmailChangeLinkMail(user: User & { pendingEmail: string }): Promise<void> {
  const url = absoluteUrl(
    paths.emailChangeConfirm(countryOf(user), encodeUid(user.id), makeLinkToken('email_change', user)),
  );
  return send(user, 'email_change_confirm', user.pendingEmail, `Подтвердите новый адрес почты в ${SHOP}`, {
    preheader: 'Адрес для входа сменится, когда вы его подтвердите.',
    heading: 'Подтвердите новый адрес электронной почты',
    paragraphs: [
      'Здравствуйте.',
      `В аккаунте ${SHOP} попросили сделать этот адрес адресом для входа. Он станет им, когда вы подтвердите, что адрес ваш; до тех пор ничего не меняется.`,
      'Ссылка действует 24 часа и срабатывает один раз.',
    ],
    action: { label: 'Подтвердить адрес', url },
    footnote: `Вы получили это письмо, потому что этот адрес указали как новый адрес аккаунта в ${SHOP}. ${IGNORE}`,
  });
}

/** To the owner of an address another account asked to move its login to: nothing changed. */
export function sendAddressInUseMail(owner: User): Promise<void> {
  const country = countryOf(owner);
  return send(owner, 'email_change_attempt', owner.email, `Ваш адрес указали в другом аккаунте ${SHOP}`, {
    heading: 'Ваш адрес пытались указать в другом аккаунте',
    paragraphs: [
      greeting(owner),
      `В другом аккаунте ${SHOP} попросили сменить адрес для входа на ваш. У вас уже есть аккаунт с этим адресом, поэтому ничего не изменилось: ваш аккаунт по-прежнему ваш, и делать ничего не нужно.`,
    ],
    action: { label: 'Войти', url: absoluteUrl(paths.login(country)) },
    footnote: `Вы получили это письмо, потому что этот адрес указан в аккаунте ${SHOP}.`,
  });
}

/** To the account's address when someone asks to move its login elsewhere: the new one, masked. */
export function sendEmailChangeRequestedMail(user: User, newEmail: string): Promise<void> {
  return send(user, 'email_change_requested', user.email, `Запрошена смена адреса почты в ${SHOP}`, {
    heading: 'Запрошена смена адреса почты',
    paragraphs: [
      greeting(user),
      `В вашем аккаунте ${SHOP} попросили сменить адрес для входа на ${maskEmail(newEmail)}. Адрес сменится, только когда его подтвердят по ссылке из письма на новый адрес; до тех пор вы входите с этим.`,
      'Если это были не вы, задайте новый пароль: сменить адрес может только тот, кто знает пароль или читает эту почту.',
    ],
    action: { label: 'Задать новый пароль', url: absoluteUrl(paths.passwordReset(countryOf(user))) },
    footnote: `Вы получили это письмо, потому что этот адрес указан в аккаунте ${SHOP}.`,
  });
}

/** After an email change: a warning to the old address, which does not learn the new one. */
export async function sendEmailChangedNotice(user: User, oldEmail: string): Promise<void> {
  await send(user, 'email_changed_notice', oldEmail, `Адрес почты в ${SHOP} изменён`, {
    heading: 'Адрес почты вашего аккаунта изменён',
    paragraphs: [
      greeting(user),
      `Аккаунт, который был зарегистрирован на этот адрес, теперь использует другой адрес почты.`,
      'Если это были не вы, свяжитесь с нами: ответьте на это письмо или позвоните по телефону на сайте.',
    ],
    footnote: `Вы получили это письмо, потому что этот адрес был указан в аккаунте ${SHOP}.`,
  });
}
