import { createRoute, z } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import * as s from './clinics.schemas.ts';

const tags = ['Clinics'];
const security = [{ bearerAuth: [] }];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const noContent = { 204: { description: 'Done; no body' } };
const invalid = { 400: jsonContent(fieldErrorsSchema, 'Invalid input: `{field: [messages]}`') };
const unauthorized = {
  401: jsonContent(detailSchema, 'No valid access token (`not_authenticated`, `token_not_valid`)'),
};
const ownerOnly = { 403: jsonContent(detailSchema, 'A member who is not an owner') };
const notFound = {
  404: jsonContent(detailSchema, 'No such clinic, or the account is not its member (the same answer)'),
};

export const listClinics = createRoute({
  method: 'get',
  path: '/clinics/',
  operationId: 'clinics_list',
  tags,
  security,
  summary:
    'The clinics the account belongs to, each with the member’s own role; the one it buys for first (`choose`), then the oldest',
  responses: { 200: jsonContent(z.array(s.clinicSchema), 'The clinics'), ...unauthorized },
});

export const createClinic = createRoute({
  method: 'post',
  path: '/clinics/',
  operationId: 'clinics_create',
  tags,
  security,
  summary: 'Create a clinic: the account becomes its owner',
  description:
    "The ИНН/БИН is checked as orders by invoice check it. The requisites kept on the profile fill what is left out and move into the clinic (the profile keeps them no more). The account's address must be confirmed.",
  request: body(s.clinicCreateBody),
  responses: {
    201: jsonContent(s.clinicSchema, 'The clinic'),
    ...invalid,
    ...unauthorized,
    403: jsonContent(detailSchema, "The account's address is not confirmed"),
  },
});

export const getClinic = createRoute({
  method: 'get',
  path: '/clinics/{id}/',
  operationId: 'clinics_retrieve',
  tags,
  security,
  summary: 'One of the account’s clinics',
  request: { params: s.clinicParam },
  responses: { 200: jsonContent(s.clinicSchema, 'The clinic'), ...unauthorized, ...notFound },
});

export const updateClinic = createRoute({
  method: 'patch',
  path: '/clinics/{id}/',
  operationId: 'clinics_partial_update',
  tags,
  security,
  summary: 'The owner changes the clinic’s requisites, delivery addresses or order limit',
  description: 'A changed ИНН/БИН is to be checked by staff again: `verified` becomes false.',
  request: { params: s.clinicParam, ...body(s.clinicUpdateBody) },
  responses: {
    200: jsonContent(s.clinicSchema, 'The clinic'),
    ...invalid,
    ...unauthorized,
    ...ownerOnly,
    ...notFound,
  },
});

export const chooseClinic = createRoute({
  method: 'post',
  path: '/clinics/{id}/choose/',
  operationId: 'clinics_choose_create',
  tags,
  security,
  summary: 'The member buys for this clinic from now on',
  description:
    'For a person in several clinics of a country: the clinic chosen last is the one whose contract prices the product reads give them, listed first in `GET /clinics/` and offered first in checkout. Any member may choose; no body.',
  request: { params: s.clinicParam },
  responses: { 200: jsonContent(s.clinicSchema, 'The clinic'), ...unauthorized, ...notFound },
});

export const listMembers = createRoute({
  method: 'get',
  path: '/clinics/{id}/members/',
  operationId: 'clinics_members_list',
  tags,
  security,
  summary: 'The clinic’s members, owners first',
  request: { params: s.clinicParam },
  responses: { 200: jsonContent(z.array(s.memberSchema), 'The members'), ...unauthorized, ...notFound },
});

export const updateMember = createRoute({
  method: 'patch',
  path: '/clinics/{id}/members/{user_id}/',
  operationId: 'clinics_members_partial_update',
  tags,
  security,
  summary: 'The owner gives a member another role',
  description: 'The last owner cannot be demoted: 400 `{role: [...]}`.',
  request: { params: s.memberParam, ...body(s.memberUpdateBody) },
  responses: {
    200: jsonContent(s.memberSchema, 'The member'),
    ...invalid,
    ...unauthorized,
    ...ownerOnly,
    ...notFound,
  },
});

export const removeMember = createRoute({
  method: 'delete',
  path: '/clinics/{id}/members/{user_id}/',
  operationId: 'clinics_members_destroy',
  tags,
  security,
  summary: 'The owner removes a member, or a member leaves (their own id)',
  description: 'The last owner cannot leave: 400 `{non_field_errors: [...]}`.',
  request: { params: s.memberParam },
  responses: { ...noContent, ...invalid, ...unauthorized, ...ownerOnly, ...notFound },
});

export const listInvitations = createRoute({
  method: 'get',
  path: '/clinics/{id}/invitations/',
  operationId: 'clinics_invitations_list',
  tags,
  security,
  summary: 'The owner’s list of invitations not yet accepted, newest first',
  request: { params: s.clinicParam },
  responses: {
    200: jsonContent(z.array(s.invitationSchema), 'The invitations'),
    ...unauthorized,
    ...ownerOnly,
    ...notFound,
  },
});

export const createInvitation = createRoute({
  method: 'post',
  path: '/clinics/{id}/invitations/',
  operationId: 'clinics_invitations_create',
  tags,
  security,
  summary: 'The owner invites a colleague by address: a mail with a link that carries the invitation’s token',
  description:
    'One invitation waiting per address: inviting it again replaces the earlier one (its link stops working). The link works for 7 days. Limited per account, per address invited and per client address.',
  request: { params: s.clinicParam, ...body(s.invitationCreateBody) },
  responses: {
    201: jsonContent(s.invitationSchema, 'The invitation'),
    ...invalid,
    ...unauthorized,
    ...ownerOnly,
    ...notFound,
    429: jsonContent(detailSchema, 'Too many invitations; see the Retry-After header'),
  },
});

export const revokeInvitation = createRoute({
  method: 'delete',
  path: '/clinics/{id}/invitations/{invitation_id}/',
  operationId: 'clinics_invitations_destroy',
  tags,
  security,
  summary: 'The owner withdraws an invitation not yet accepted: its link works no more',
  request: { params: s.invitationParam },
  responses: { ...noContent, ...unauthorized, ...ownerOnly, ...notFound },
});

export const acceptInvitation = createRoute({
  method: 'post',
  path: '/clinics/invitations/accept/',
  operationId: 'clinics_invitations_accept_create',
  tags,
  security,
  summary: 'Join a clinic with an invitation’s token',
  description:
    'The signed-in account must have the address invited (a new person registers with it first). A member already keeps the role they have. The token works once.',
  request: body(s.invitationAcceptBody),
  responses: {
    200: jsonContent(s.clinicSchema, 'The clinic joined'),
    400: jsonContent(fieldErrorsSchema, '`{token: [...]}`: a wrong, used or expired token, or another address’s'),
    ...unauthorized,
  },
});

export const listClinicOrders = createRoute({
  method: 'get',
  path: '/clinics/{id}/orders/',
  operationId: 'clinics_orders_list',
  tags,
  security,
  summary: 'The clinic’s orders, newest first, with who placed each: every member sees them',
  request: { params: s.clinicParam, query: s.clinicOrderListQuery },
  responses: {
    200: jsonContent(pageSchema(s.clinicOrderSchema), 'A page of orders'),
    ...invalid,
    ...unauthorized,
    ...notFound,
  },
});
