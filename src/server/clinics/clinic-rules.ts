/**
 * The pure rules of clinics: what each role may do, the requisites' checks and the invitations' lifetime.
 * No database here.
 */
import { CLINIC_ROLES, CLINIC_ROLE_LABELS, type ClinicRole } from '../../shared/clinic-roles.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { taxNumberProblem } from '../../shared/order-methods.ts';

export { CLINIC_ROLES, CLINIC_ROLE_LABELS, type ClinicRole };

/** How long a mailed invitation works. */
export const INVITATION_DAYS = 7;
/** At most this many members and waiting invitations per clinic. */
export const MAX_CLINIC_MEMBERS = 50;
/** At most this many delivery addresses per clinic. */
export const MAX_DELIVERY_ADDRESSES = 10;

export const CLINIC_MESSAGES = {
  notFound: 'Клиника не найдена.',
  ownerOnly: 'Это может сделать только владелец клиники.',
  lastOwner: 'В клинике должен остаться хотя бы один владелец: сначала назначьте владельцем другого участника.',
  memberNotFound: 'Такого участника в клинике нет.',
  invitationNotFound: 'Приглашение не найдено.',
  invitationInvalid: 'Ссылка приглашения неверна или уже использована.',
  invitationExpired: 'Срок приглашения истёк: попросите владельца клиники пригласить вас снова.',
  invitationOtherEmail: (email: string) =>
    `Приглашение отправлено на адрес ${email}: войдите в аккаунт с этим адресом или зарегистрируйтесь с ним.`,
  alreadyMember: 'Этот человек уже состоит в клинике.',
  tooManyMembers: `В клинике не больше ${MAX_CLINIC_MEMBERS} участников и приглашений.`,
  emailNotConfirmed: 'Подтвердите адрес электронной почты аккаунта: ссылка в письме, отправленном при регистрации.',
  notMember: 'Вы не состоите в этой клинике.',
} as const;

export function isClinicRole(value: unknown): value is ClinicRole {
  return typeof value === 'string' && (CLINIC_ROLES as readonly string[]).includes(value);
}

/** Null when the ИНН/БИН fits the clinic's country (the rule orders by invoice use), else the message. */
export function clinicTaxNumberProblem(country: CountryCode, taxNumber: string): string | null {
  return taxNumberProblem(country, taxNumber);
}

/**
 * Whether removing `target`'s ownership (a role change or leaving) leaves the clinic without an owner.
 * `owners` counts the clinic's owners now, `target` among them when it is one.
 */
export function leavesNoOwner(targetRole: ClinicRole, newRole: ClinicRole | null, owners: number): boolean {
  return targetRole === 'owner' && newRole !== 'owner' && owners <= 1;
}

/** What a member may do with the clinic. */
export const can = {
  manage: (role: ClinicRole) => role === 'owner',
  approve: (role: ClinicRole) => role === 'owner',
  /** An order by this role waits for an owner's approval whatever its sum. */
  needsApproval: (role: ClinicRole) => role === 'assistant',
} as const;

/** Whether an order of `total` by `role` waits for approval under the clinic's `limit` (null: none). */
export function orderNeedsApproval(role: ClinicRole, total: string, limit: string | null): boolean {
  if (can.needsApproval(role)) return true;
  if (role === 'owner' || limit === null) return false;
  return Number(total) > Number(limit);
}
