/** A clinic member's roles and their Russian names: the account's pages, mails and the API say the same words. */
export const CLINIC_ROLES = ['owner', 'buyer', 'assistant'] as const;
export type ClinicRole = (typeof CLINIC_ROLES)[number];

export const CLINIC_ROLE_LABELS: Record<ClinicRole, string> = {
  owner: 'Владелец',
  buyer: 'Закупщик',
  assistant: 'Ассистент',
};

/** What each role may do, in the words the account shows beside it. */
export const CLINIC_ROLE_NOTES: Record<ClinicRole, string> = {
  owner: 'всё: заказы, согласование, участники и реквизиты',
  buyer: 'заказывает в пределах правил клиники, видит её заказы',
  assistant: 'собирает заказы, которые согласует владелец, видит заказы клиники',
};
