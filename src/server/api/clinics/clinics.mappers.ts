import type { ClinicOrder } from '../../orders/index.ts';
import { toOrderJson } from '../orders/orders.mappers.ts';
import {
  CLINIC_ROLE_LABELS,
  type ClinicInvitation,
  type ClinicMember,
  type MemberClinic,
} from '../../clinics/index.ts';

export function toClinicJson(clinic: MemberClinic) {
  return {
    id: clinic.id,
    name: clinic.name,
    tax_number: clinic.taxNumber,
    country: clinic.country,
    legal_address: clinic.legalAddress,
    phone: clinic.phone,
    delivery_addresses: clinic.deliveryAddresses,
    verified: clinic.verified,
    order_limit: clinic.orderLimit,
    role: clinic.role,
    role_label: CLINIC_ROLE_LABELS[clinic.role],
    created_at: clinic.createdAt.toISOString(),
    updated_at: clinic.updatedAt.toISOString(),
  };
}

export function toMemberJson(member: ClinicMember) {
  return {
    user: member.userId,
    email: member.email,
    first_name: member.firstName,
    last_name: member.lastName,
    role: member.role,
    role_label: CLINIC_ROLE_LABELS[member.role],
    joined_at: member.joinedAt.toISOString(),
  };
}

export function toInvitationJson(invitation: ClinicInvitation) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    role_label: CLINIC_ROLE_LABELS[invitation.role],
    invited_by: invitation.invitedBy,
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}

export function toClinicOrderJson(order: ClinicOrder) {
  return {
    ...toOrderJson(order),
    placed_by: {
      user: order.placedBy.id,
      email: order.placedBy.email,
      first_name: order.placedBy.firstName,
      last_name: order.placedBy.lastName,
    },
  };
}
