import { EMAIL_INVALID } from '../../shared/email.ts';
import { PHONE_INVALID } from '../../shared/phone-input.ts';

/**
 * What the accounts API says to people, in Russian. The three token answers keep Simple JWT's English
 * texts, which clients written for it may compare; the pages show their own text for those codes.
 */
export const ACCOUNT_MESSAGES = {
  required: 'Обязательное поле.',
  notText: 'Ожидается строка.',
  blank: 'Это поле не может быть пустым.',
  tooLong: (max: number) => `Не больше ${max} символов.`,
  emailInvalid: EMAIL_INVALID,
  emailTaken: 'Пользователь с таким адресом электронной почты уже существует.',
  emailTakenSince: 'С этим адресом уже есть другой аккаунт, поэтому адрес для входа не сменился.',
  phoneInvalid: PHONE_INVALID,
  countryInvalid: 'Неизвестная страна. Допустимые значения: kg, kz.',
  passwordTooShort: 'Пароль слишком короткий: нужно не меньше 8 символов.',
  passwordNumeric: 'Пароль не может состоять только из цифр.',
  passwordCommon: 'Этот пароль слишком распространён: его легко подобрать.',
  passwordLikeEmail: 'Пароль слишком похож на адрес электронной почты.',
  passwordMismatch: 'Пароли не совпадают.',
  emailMismatch: 'Адреса электронной почты не совпадают.',
  sameEmail: 'Это уже ваш адрес электронной почты.',
  wrongPassword: 'Неверный пароль.',
  invalidUid: 'Ссылка недействительна: пользователь не найден.',
  invalidToken: 'Ссылка недействительна или устарела. Запросите новую.',
  alreadyActive: 'Аккаунт уже активирован.',
  cannotChangeOwnAccess: 'Нельзя снять с себя права сотрудника или заблокировать собственный аккаунт.',
  noActiveAccount: 'No active account found with the given credentials',
  tokenNotValid: 'Token is invalid or expired',
  tokenBlacklisted: 'Token is blacklisted',
  tokenWrongType: 'Token has wrong type',
  userInactive: 'User is inactive',
  notAuthenticated: 'Учётные данные не были предоставлены.',
  notStaff: 'У вас нет прав на это действие.',
  superuserOnly: 'Менять права сотрудников, блокировать и удалять их аккаунты может только суперпользователь.',
  exchangeNeedsStaff: 'Право на обмен с 1С даётся только сотруднику.',
} as const;
