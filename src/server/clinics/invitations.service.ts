/**
 * Invitations to a clinic: the owner invites an address with a role; the mailed link carries a random token,
 * of which only the sha256 is stored (`clinic_invitations.token_hash`). The person signs in with that
 * address (or opens an account with it) and accepts; the token then works no more.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { clinicInvitations, clinicMembers, clinics } from '../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { detachedFromRequest } from '../request-scope.ts';
import { consumeRateLimits, type RateLimit } from '../security/rate-limit.ts';
import { CLINIC_MESSAGES, INVITATION_DAYS, MAX_CLINIC_MEMBERS, type ClinicRole } from './clinic-rules.ts';
import { sendInvitationMail } from './clinics.mails.ts';
import { findMemberClinic, listOpenInvitations, type ClinicInvitation, type MemberClinic } from './clinics.queries.ts';
import { requireOwner, type ClinicActor } from './clinics.service.ts';

const log = logger.child({ module: 'clinics' });

/**
 * Invitations mail a stranger's address, like the account mails: limited per inviting account, per
 * invited address and per client address (`accounts.limits.ts` keeps the account mails' own).
 */
export const INVITATION_LIMITS = {
  perAccount: { name: 'clinic-invite:account', max: 30, windowSeconds: 3600 },
  perEmail: { name: 'clinic-invite:email', max: 3, windowSeconds: 3600 },
  perIp: { name: 'clinic-invite:ip', max: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const normalize = (email: string) => email.trim().toLowerCase();

/**
 * The owner invites `email` as `role`: a new invitation (one waiting for the same address is replaced) and
 * its mail. Answers the invitation.
 * @throws NotFoundError, PermissionError, ValidationError `{email: [...]}`, RateLimitError
 */
export async function inviteToClinic(
  actor: ClinicActor,
  clinicId: number,
  input: { email: string; role: ClinicRole },
  clientIp: string,
): Promise<ClinicInvitation> {
  const email = normalize(input.email);
  const db = await getDb();
  const token = randomBytes(24).toString('base64url');
  // Counted before the transaction: the embedded database has one connection, which the transaction holds.
  await consumeRateLimits([
    [INVITATION_LIMITS.perAccount, String(actor.id)],
    [INVITATION_LIMITS.perEmail, email],
    [INVITATION_LIMITS.perIp, clientIp],
  ]);
  const { clinic, id } = await db.transaction(async (tx) => {
    await requireOwner(tx, clinicId, actor.id);
    const [counts] = await queryRows<{ member: boolean; taken: number }>(
      tx,
      sql`select exists (select 1 from clinic_members m join users u on u.id = m.user_id
                          where m.clinic_id = ${clinicId} and u.email = ${email} and u.deleted_at is null) as member,
                 (select count(*)::int from clinic_members where clinic_id = ${clinicId})
                 + (select count(*)::int from clinic_invitations where clinic_id = ${clinicId}
                      and accepted_at is null and expires_at > now() and email <> ${email}) as taken`,
    );
    if (counts?.member) throw new ValidationError({ email: [CLINIC_MESSAGES.alreadyMember] });
    if (Number(counts?.taken ?? 0) >= MAX_CLINIC_MEMBERS)
      throw new ValidationError({ non_field_errors: [CLINIC_MESSAGES.tooManyMembers] });
    await tx
      .delete(clinicInvitations)
      .where(
        and(
          eq(clinicInvitations.clinicId, clinicId),
          eq(clinicInvitations.email, email),
          isNull(clinicInvitations.acceptedAt),
        ),
      );
    const [row] = await tx
      .insert(clinicInvitations)
      .values({
        clinicId,
        email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
      })
      .returning({ id: clinicInvitations.id });
    return { clinic: await findMemberClinic(clinicId, actor.id, tx), id: row!.id };
  });
  const inviter = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  await detachedFromRequest(() => sendInvitationMail({ to: email, token, clinic, role: input.role, inviter })).catch(
    (error: unknown) => log.error({ err: error, clinic: clinicId }, 'Could not queue the invitation mail'),
  );
  const invitation = (await listOpenInvitations(clinicId)).find((i) => i.id === id);
  return invitation!;
}

/** The owner's list of invitations still waiting. @throws NotFoundError, PermissionError */
export async function listInvitations(actor: Pick<ClinicActor, 'id'>, clinicId: number): Promise<ClinicInvitation[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await requireOwner(tx, clinicId, actor.id);
    return listOpenInvitations(clinicId, tx);
  });
}

/** The owner withdraws an invitation still waiting: its link works no more. @throws NotFoundError, PermissionError */
export async function revokeInvitation(
  actor: Pick<ClinicActor, 'id'>,
  clinicId: number,
  invitationId: number,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await requireOwner(tx, clinicId, actor.id);
    const gone = await tx
      .delete(clinicInvitations)
      .where(
        and(
          eq(clinicInvitations.id, invitationId),
          eq(clinicInvitations.clinicId, clinicId),
          isNull(clinicInvitations.acceptedAt),
        ),
      )
      .returning({ id: clinicInvitations.id });
    if (!gone.length) throw new NotFoundError(CLINIC_MESSAGES.invitationNotFound);
  });
}

/** What the page of an invitation's mailed link says before it is accepted. */
export type InvitationPreview =
  { state: 'open'; clinicName: string; role: ClinicRole; email: string } | { state: 'expired' | 'invalid' };

/**
 * The invitation of `token` as its mailed link's page shows it: the clinic and the role, to whoever holds
 * the link (the token is the secret the mail carried); a wrong, used or expired token says only that.
 */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const [row] = await (
    await getDb()
  )
    .select({
      clinicName: clinics.name,
      role: clinicInvitations.role,
      email: clinicInvitations.email,
      expiresAt: clinicInvitations.expiresAt,
    })
    .from(clinicInvitations)
    .innerJoin(clinics, eq(clinics.id, clinicInvitations.clinicId))
    .where(and(eq(clinicInvitations.tokenHash, hashToken(token.trim())), isNull(clinicInvitations.acceptedAt)));
  if (!row) return { state: 'invalid' };
  if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
  return { state: 'open', clinicName: row.clinicName, role: row.role as ClinicRole, email: row.email };
}

/**
 * The signed-in `actor` accepts the invitation of `token`: they join the clinic with its role (a member
 * already keeps the role they have). The account's address must be the one invited.
 * @throws ValidationError `{token: [...]}` for a wrong, used or expired token, or another account's invitation
 */
export async function acceptInvitation(actor: Pick<ClinicActor, 'id' | 'email'>, token: string): Promise<MemberClinic> {
  const db = await getDb();
  const clinicId = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(clinicInvitations)
      .where(and(eq(clinicInvitations.tokenHash, hashToken(token.trim())), isNull(clinicInvitations.acceptedAt)))
      .for('update');
    if (!invitation) throw new ValidationError({ token: [CLINIC_MESSAGES.invitationInvalid] });
    if (invitation.expiresAt.getTime() <= Date.now())
      throw new ValidationError({ token: [CLINIC_MESSAGES.invitationExpired] });
    if (invitation.email !== normalize(actor.email))
      throw new ValidationError({ token: [CLINIC_MESSAGES.invitationOtherEmail(invitation.email)] });
    await tx
      .insert(clinicMembers)
      .values({ clinicId: invitation.clinicId, userId: actor.id, role: invitation.role })
      .onConflictDoNothing();
    await tx
      .update(clinicInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: actor.id })
      .where(eq(clinicInvitations.id, invitation.id));
    return invitation.clinicId;
  });
  return findMemberClinic(clinicId, actor.id);
}
