export {
  can,
  CLINIC_MESSAGES,
  CLINIC_ROLE_LABELS,
  CLINIC_ROLES,
  INVITATION_DAYS,
  isClinicRole,
  MAX_CLINIC_MEMBERS,
  MAX_DELIVERY_ADDRESSES,
  orderNeedsApproval,
  type ClinicRole,
} from './clinic-rules.ts';
export {
  findMemberClinic,
  listClinicMembers,
  listMemberClinics,
  memberRole,
  ownerEmails,
  type Clinic,
  type ClinicInvitation,
  type ClinicMember,
  type MemberClinic,
} from './clinics.queries.ts';
export {
  changeMemberRole,
  chooseClinic,
  createClinic,
  removeMember,
  updateClinic,
  type ClinicActor,
  type ClinicFields,
  type NewClinic,
} from './clinics.service.ts';
export { leaveClinicsOf } from './clinic-departures.ts';
export {
  acceptInvitation,
  INVITATION_LIMITS,
  inviteToClinic,
  listInvitations,
  previewInvitation,
  revokeInvitation,
  type InvitationPreview,
} from './invitations.service.ts';
export {
  findClinicList,
  findMemberList,
  LIST_MESSAGES,
  listClinicLists,
  MAX_CLINIC_LISTS,
  MAX_LIST_ITEMS,
  MAX_LIST_QUANTITY,
  readClinicLists,
  type ClinicList,
  type ClinicListItem,
  type ClinicListProduct,
  type ClinicListSummary,
} from './lists.queries.ts';
export {
  createClinicList,
  deleteClinicList,
  mergeListLines,
  updateClinicList,
  type ListLine,
} from './lists.service.ts';
