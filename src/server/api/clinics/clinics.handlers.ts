import type { Context } from 'hono';
import { isEmailConfirmed, type User } from '../../accounts/users.queries.ts';
import * as clinics from '../../clinics/index.ts';
import { NotFoundError } from '../../errors.ts';
import { listClinicOrders as clinicOrders } from '../../orders/index.ts';
import { toMappedPage } from '../pagination.ts';
import { clientIp, currentUser } from '../auth.ts';
import type { AppEnv, AppRouteHandler } from '../create-router.ts';
import { toClinicJson, toClinicOrderJson, toInvitationJson, toMemberJson } from './clinics.mappers.ts';
import type * as routes from './clinics.routes.ts';

/** Everything a clinic's member reads is theirs alone: never kept by a shared cache. */
const personal = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

function actor(user: User): clinics.ClinicActor {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    emailConfirmed: isEmailConfirmed(user),
    organisation: user.organisation,
    taxNumber: user.taxNumber,
  };
}

export const listClinics: AppRouteHandler<typeof routes.listClinics> = async (c) => {
  const user = await currentUser(c);
  personal(c);
  return c.json((await clinics.listMemberClinics(user.id)).map(toClinicJson), 200);
};

export const createClinic: AppRouteHandler<typeof routes.createClinic> = async (c) => {
  const user = await currentUser(c);
  const body = c.req.valid('json');
  const clinic = await clinics.createClinic(actor(user), {
    country: body.country,
    name: body.name,
    taxNumber: body.tax_number,
    legalAddress: body.legal_address,
    phone: body.phone,
    deliveryAddresses: body.delivery_addresses,
    orderLimit: body.order_limit,
  });
  personal(c);
  c.header('Location', `/api/v1/clinics/${clinic.id}/`);
  return c.json(toClinicJson(clinic), 201);
};

export const getClinic: AppRouteHandler<typeof routes.getClinic> = async (c) => {
  const user = await currentUser(c);
  const clinic = await clinics.findMemberClinic(c.req.valid('param').id, user.id);
  personal(c);
  return c.json(toClinicJson(clinic), 200);
};

export const updateClinic: AppRouteHandler<typeof routes.updateClinic> = async (c) => {
  const user = await currentUser(c);
  const body = c.req.valid('json');
  const clinic = await clinics.updateClinic(user, c.req.valid('param').id, {
    name: body.name,
    taxNumber: body.tax_number,
    legalAddress: body.legal_address,
    phone: body.phone,
    deliveryAddresses: body.delivery_addresses,
    orderLimit: body.order_limit,
  });
  personal(c);
  return c.json(toClinicJson(clinic), 200);
};

export const chooseClinic: AppRouteHandler<typeof routes.chooseClinic> = async (c) => {
  const user = await currentUser(c);
  const clinic = await clinics.chooseClinic(user, c.req.valid('param').id);
  personal(c);
  return c.json(toClinicJson(clinic), 200);
};

export const listMembers: AppRouteHandler<typeof routes.listMembers> = async (c) => {
  const user = await currentUser(c);
  const { id } = c.req.valid('param');
  await clinics.findMemberClinic(id, user.id);
  personal(c);
  return c.json((await clinics.listClinicMembers(id)).map(toMemberJson), 200);
};

export const updateMember: AppRouteHandler<typeof routes.updateMember> = async (c) => {
  const user = await currentUser(c);
  const { id, user_id } = c.req.valid('param');
  await clinics.changeMemberRole(user, id, user_id, c.req.valid('json').role);
  const member = (await clinics.listClinicMembers(id)).find((m) => m.userId === user_id);
  if (!member) throw new NotFoundError(clinics.CLINIC_MESSAGES.memberNotFound);
  personal(c);
  return c.json(toMemberJson(member), 200);
};

export const removeMember: AppRouteHandler<typeof routes.removeMember> = async (c) => {
  const user = await currentUser(c);
  const { id, user_id } = c.req.valid('param');
  await clinics.removeMember(user, id, user_id);
  return c.body(null, 204);
};

export const listInvitations: AppRouteHandler<typeof routes.listInvitations> = async (c) => {
  const user = await currentUser(c);
  const invitations = await clinics.listInvitations(user, c.req.valid('param').id);
  personal(c);
  return c.json(invitations.map(toInvitationJson), 200);
};

export const createInvitation: AppRouteHandler<typeof routes.createInvitation> = async (c) => {
  const user = await currentUser(c);
  const invitation = await clinics.inviteToClinic(
    actor(user),
    c.req.valid('param').id,
    c.req.valid('json'),
    clientIp(c),
  );
  personal(c);
  return c.json(toInvitationJson(invitation), 201);
};

export const revokeInvitation: AppRouteHandler<typeof routes.revokeInvitation> = async (c) => {
  const user = await currentUser(c);
  const { id, invitation_id } = c.req.valid('param');
  await clinics.revokeInvitation(user, id, invitation_id);
  return c.body(null, 204);
};

export const acceptInvitation: AppRouteHandler<typeof routes.acceptInvitation> = async (c) => {
  const user = await currentUser(c);
  const clinic = await clinics.acceptInvitation(user, c.req.valid('json').token);
  personal(c);
  return c.json(toClinicJson(clinic), 200);
};

export const listClinicOrders: AppRouteHandler<typeof routes.listClinicOrders> = async (c) => {
  const user = await currentUser(c);
  const { id } = c.req.valid('param');
  await clinics.findMemberClinic(id, user.id);
  const query = c.req.valid('query');
  const found = await clinicOrders(id, query);
  personal(c);
  return c.json(toMappedPage(c.req.url, query, found, toClinicOrderJson), 200);
};
