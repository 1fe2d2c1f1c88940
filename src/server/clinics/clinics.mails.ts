import { CLINIC_ROLE_LABELS, CLINIC_ROLE_NOTES, type ClinicRole } from '../../shared/clinic-roles.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { paths } from '../../shared/paths.ts';
import { SHOP_NAME } from '../../shared/site.ts';
import { renderMail, sendMail, withinMailboxQuota } from '../mail/index.ts';
import { absoluteUrl } from '../site-url.ts';
import { INVITATION_DAYS } from './clinic-rules.ts';

/** The clinics' mails, in Russian, with absolute links to the clinic's country of the shop. */

export interface InvitationMail {
  to: string;
  token: string;
  clinic: { name: string; country: CountryCode };
  role: ClinicRole;
  /** Who invites: the owner's name, else their address. */
  inviter: string;
}

/** The invitation with its link, within the mailbox's quota (a stranger's address must not be flooded). */
export async function sendInvitationMail(mail: InvitationMail): Promise<void> {
  if (!(await withinMailboxQuota(mail.to))) return;
  const content = await renderMail(mail.clinic.country, {
    preheader: `Приглашение в клинику «${mail.clinic.name}» в ${SHOP_NAME}.`,
    heading: `Приглашение в клинику «${mail.clinic.name}»`,
    paragraphs: [
      'Здравствуйте.',
      `${mail.inviter} приглашает вас в клинику «${mail.clinic.name}» в интернет-магазине ${SHOP_NAME}: ` +
        `роль — «${CLINIC_ROLE_LABELS[mail.role]}» (${CLINIC_ROLE_NOTES[mail.role]}).`,
      'Перейдите по ссылке и войдите в аккаунт с этим адресом; если аккаунта нет, зарегистрируйтесь с ним, ' +
        `а затем вернитесь по ссылке. Ссылка действует ${INVITATION_DAYS} дней.`,
    ],
    action: { label: 'Принять приглашение', url: absoluteUrl(paths.clinicInvitation(mail.clinic.country, mail.token)) },
    footnote:
      `Вы получили это письмо, потому что владелец клиники указал этот адрес в ${SHOP_NAME}. ` +
      'Если вы не ждали приглашения, просто не обращайте внимания на письмо: без перехода по ссылке ничего не изменится.',
  });
  await sendMail({
    kind: 'clinic_invitation',
    to: mail.to,
    subject: `Приглашение в клинику «${mail.clinic.name}» — ${SHOP_NAME}`,
    ...content,
  });
}
