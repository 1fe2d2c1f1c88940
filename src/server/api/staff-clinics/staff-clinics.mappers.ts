import type { z } from '@hono/zod-openapi';
import { CLINIC_ROLE_LABELS } from '../../../shared/clinic-roles.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../shared/order-statuses.ts';
import type { PriceListFields } from '../../clinics/price-lists.service.ts';
import type { StaffPriceList } from '../../clinics/price-lists.queries.ts';
import type { StaffClinic } from '../../clinics/staff-clinics.queries.ts';
import type { priceListSchema, priceListUpdateBody, staffClinicSchema } from './staff-clinics.schemas.ts';

export function toPriceListJson(list: StaffPriceList): z.input<typeof priceListSchema> {
  return {
    id: list.id,
    name: list.name,
    country: list.country,
    comment: list.comment,
    rules: list.rules,
    prices_count: list.pricesCount,
    ...(list.prices
      ? {
          prices: list.prices.map((p) => ({ sku: p.sku, name: p.name, price: p.price, public_price: p.publicPrice })),
        }
      : {}),
    clinics: list.clinics.map((c) => ({ id: c.id, name: c.name, tax_number: c.taxNumber, verified: c.verified })),
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

export function toPriceListFields(body: z.output<typeof priceListUpdateBody>): PriceListFields {
  return {
    name: body.name,
    country: body.country,
    comment: body.comment,
    rules: body.rules,
    setPrices: body.prices,
    removePrices: body.remove_prices,
  };
}

export function toStaffClinicJson(clinic: StaffClinic): z.input<typeof staffClinicSchema> {
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
    price_list: clinic.priceList,
    members_count: clinic.membersCount,
    owners_count: clinic.ownersCount,
    orders_count: clinic.ordersCount,
    ...(clinic.members
      ? {
          members: clinic.members.map((m) => ({
            user: m.userId,
            email: m.email,
            first_name: m.firstName,
            last_name: m.lastName,
            phone: m.phone,
            role: m.role,
            role_label: CLINIC_ROLE_LABELS[m.role],
            joined_at: m.joinedAt.toISOString(),
          })),
        }
      : {}),
    ...(clinic.orders
      ? {
          orders: clinic.orders.map((o) => ({
            number: o.number,
            status: o.status,
            status_label: ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status,
            total: o.total,
            currency: o.currency,
            created_at: o.createdAt.toISOString(),
            placed_by: o.placedBy,
          })),
        }
      : {}),
    created_at: clinic.createdAt.toISOString(),
    updated_at: clinic.updatedAt.toISOString(),
  };
}
