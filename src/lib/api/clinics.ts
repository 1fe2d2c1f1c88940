/**
 * The `/clinics/` routes and the owner's decision on a clinic's order: one typed call per route the
 * account's clinic pages use. Each throws `RequiredError` when a mandatory parameter is missing.
 */
import { api, type ApiClient } from './client.ts';
import { assertRequired } from './required.ts';
import type { Clinic, ClinicCreateInput, ClinicInvitation, ClinicInvitationInput, Order } from './types.ts';

/** Creates a clinic; the signed-in person becomes its owner. */
export function createClinic(body: ClinicCreateInput, client: ApiClient = api): Promise<Clinic> {
  assertRequired(body?.country, 'country', 'clinics_create');
  return client<Clinic>('/clinics/', { method: 'POST', body });
}

/** The owner invites someone by email: the invitation's link is mailed to them. */
export function inviteToClinic(
  clinicId: number,
  body: ClinicInvitationInput,
  client: ApiClient = api,
): Promise<ClinicInvitation> {
  assertRequired(clinicId, 'id', 'clinics_invitations_create');
  return client<ClinicInvitation>(`/clinics/${clinicId}/invitations/`, { method: 'POST', body });
}

/** The signed-in person joins the clinic of the mailed link's `token`. */
export function acceptClinicInvitation(token: string, client: ApiClient = api): Promise<Clinic> {
  assertRequired(token, 'token', 'clinics_invitations_accept_create');
  return client<Clinic>('/clinics/invitations/accept/', { method: 'POST', body: { token } });
}

/** The clinic's owner approves an order waiting for approval: it goes to the shop. */
export function approveClinicOrder(number: string, client: ApiClient = api): Promise<Order> {
  assertRequired(number, 'number', 'orders_order_list_approve_create');
  return client<Order>(`/orders/order_list/${encodeURIComponent(number)}/approve/`, { method: 'POST' });
}

/** The clinic's owner declines an order waiting for approval, saying why: it is cancelled. */
export function declineClinicOrder(number: string, comment: string, client: ApiClient = api): Promise<Order> {
  assertRequired(number, 'number', 'orders_order_list_decline_create');
  return client<Order>(`/orders/order_list/${encodeURIComponent(number)}/decline/`, {
    method: 'POST',
    body: { comment },
  });
}
