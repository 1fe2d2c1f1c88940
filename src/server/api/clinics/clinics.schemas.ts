import { z } from '@hono/zod-openapi';
import { CLINIC_ROLE_LABELS, CLINIC_ROLES } from '../../../shared/clinic-roles.ts';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { MAX_DELIVERY_ADDRESSES } from '../../clinics/index.ts';
import { countryEnum } from '../common.schemas.ts';
import { email, filledLine, line, phone, text } from '../fields.ts';
import { orderListQuery, orderSchema } from '../orders/orders.schemas.ts';

/** Request and response bodies of the clinics API. */

const REQUIRED = 'Обязательное поле.';

const roleEnum = z
  .enum(CLINIC_ROLES, {
    error: (issue) =>
      issue.input === undefined ? REQUIRED : `Неизвестная роль. Допустимые значения: ${CLINIC_ROLES.join(', ')}.`,
  })
  .openapi({
    description: Object.entries(CLINIC_ROLE_LABELS)
      .map(([k, v]) => `\`${k}\` ${v}`)
      .join(', '),
    example: 'buyer',
  });

const taxNumber = text(20)
  .transform((value) => value.trim())
  .openapi({ description: 'ИНН, 14 digits (kg), or БИН, 12 digits (kz).', example: '01234567890123' });

const deliveryAddress = z.object({ city: filledLine(100), address: filledLine(300) }).openapi('ClinicAddress');

const orderLimit = z
  .string({ error: 'Ожидается сумма строкой: "50000.00".' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Ожидается сумма: не больше 2 знаков после запятой.')
  .transform((value) => Number(value).toFixed(2))
  .nullable()
  .openapi({
    type: 'string',
    example: '50000.00',
    description:
      "An order above this sum (in the clinic's currency) by a buyer waits for an owner's approval; null: no limit. An assistant's order always waits.",
  });

const clinicFields = {
  name: filledLine(200).openapi({ example: 'Стоматология «Улыбка»' }),
  tax_number: taxNumber,
  legal_address: line(300),
  phone: phone({ allowEmpty: true }),
  delivery_addresses: z
    .array(deliveryAddress, { error: 'Ожидается список адресов.' })
    .max(MAX_DELIVERY_ADDRESSES, `Не больше ${MAX_DELIVERY_ADDRESSES} адресов.`),
  order_limit: orderLimit,
};

export const clinicCreateBody = z
  .object({
    country: countryEnum,
    name: clinicFields.name.optional().openapi({ description: 'Default: the organisation kept on the profile.' }),
    tax_number: clinicFields.tax_number.optional().openapi({ description: "Default: the profile's ИНН/БИН." }),
    legal_address: clinicFields.legal_address.optional(),
    phone: clinicFields.phone.optional(),
    delivery_addresses: clinicFields.delivery_addresses.optional(),
    order_limit: clinicFields.order_limit.optional(),
  })
  .openapi('ClinicCreate', {
    description:
      "The creator becomes the clinic's owner; the requisites kept on the profile (organisation, ИНН/БИН) move into the clinic.",
  });

export const clinicUpdateBody = z
  .object({
    name: clinicFields.name.optional(),
    tax_number: clinicFields.tax_number.optional(),
    legal_address: clinicFields.legal_address.optional(),
    phone: clinicFields.phone.optional(),
    delivery_addresses: clinicFields.delivery_addresses.optional(),
    order_limit: clinicFields.order_limit.optional(),
  })
  .openapi('PatchedClinicUpdate', { description: 'Any of the fields; the country stays.' });

export const clinicSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    tax_number: z.string(),
    country: z.enum(COUNTRY_CODES),
    legal_address: z.string(),
    phone: z.string(),
    delivery_addresses: z.array(z.object({ city: z.string(), address: z.string() })),
    verified: z.boolean().openapi({ description: 'Staff checked the ИНН/БИН.' }),
    order_limit: z.string().nullable(),
    role: roleEnum.openapi({ description: "The signed-in member's own role." }),
    role_label: z.string().openapi({ example: 'Владелец' }),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Clinic');

export const memberSchema = z
  .object({
    user: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: roleEnum,
    role_label: z.string(),
    joined_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ClinicMember');

export const memberUpdateBody = z.object({ role: roleEnum }).openapi('PatchedClinicMemberUpdate');

export const invitationCreateBody = z.object({ email: email(), role: roleEnum }).openapi('ClinicInvitationCreate');

export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: roleEnum,
    role_label: z.string(),
    invited_by: z.string().nullable().openapi({ description: "The inviting owner's address." }),
    expires_at: z.string().openapi({ format: 'date-time' }),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ClinicInvitation');

export const invitationAcceptBody = z
  .object({
    token: text(100)
      .refine((value) => value.trim() !== '', REQUIRED)
      .openapi({ description: "The token of the invitation's mailed link." }),
  })
  .openapi('ClinicInvitationAccept');

const numericParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'Ожидается числовой идентификатор.')
    .transform(Number)
    .openapi({ param: { name, in: 'path' }, example: '1', type: 'integer' });

export const clinicParam = z.object({ id: numericParam('id') });
export const memberParam = z.object({ id: numericParam('id'), user_id: numericParam('user_id') });
export const invitationParam = z.object({ id: numericParam('id'), invitation_id: numericParam('invitation_id') });

export const clinicOrderListQuery = orderListQuery;

export const clinicOrderSchema = orderSchema
  .extend({
    placed_by: z
      .object({ user: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() })
      .openapi({ description: 'The member who placed the order.' }),
  })
  .openapi('ClinicOrder');
