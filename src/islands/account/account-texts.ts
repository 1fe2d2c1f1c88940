import { FORM_TEXT, type CodeTexts } from '~/islands/forms/form-errors.ts';

export const PASSWORD_HINT =
  'Не меньше 8 символов. Не только цифры, не похожий на адрес почты и не из списка распространённых паролей.';

/** What the account pages say when the API gives no text of its own, or an English one. */
export const ACCOUNT_TEXT = {
  ...FORM_TEXT,
  noActiveAccount:
    'Неверный адрес электронной почты или пароль. Если вы недавно зарегистрировались, сначала подтвердите адрес по ссылке из письма.',
} as const;

/** The login's 401 in words that point to its likely causes: a wrong pair, or an address not confirmed yet. */
export const ACCOUNT_CODE_TEXTS: CodeTexts = { no_active_account: ACCOUNT_TEXT.noActiveAccount };
