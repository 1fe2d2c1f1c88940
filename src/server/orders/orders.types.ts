import type { CountryCode, CurrencyCode } from '../../shared/countries.ts';
import type { OrderItemInput, PricedLine } from './order-rules.ts';
import type { OrderStatus } from './order-status.ts';

export type DeliveryInput =
  { method: 'pickup'; pickupPoint?: number } | { method: 'courier'; city: string; address: string };
/** By invoice: the requisites typed, or, for a clinic's order, the clinic's (what was typed is then ignored). */
export type PaymentInput =
  { method: 'on_receipt' } | { method: 'bank_transfer'; organisation?: string; taxNumber?: string };

/** What a shopper sends; prices and totals are never part of it. */
export interface OrderInput {
  country: CountryCode;
  items: OrderItemInput[];
  contact: { name?: string; phone?: string; email?: string };
  delivery: DeliveryInput;
  payment: PaymentInput;
  comment?: string;
  /** The clinic the order is placed for: the orderer must be its member (`server/clinics/`). */
  clinic?: number;
}

/** Who orders: the account's own details fill what the contact leaves out. */
export interface Orderer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The account's address is not confirmed yet (opened at checkout): it gets no order's contents. */
  emailPending: boolean;
}

export interface Order {
  id: number;
  number: string;
  userId: number;
  country: CountryCode;
  status: OrderStatus;
  currency: CurrencyCode;
  /** The goods plus the delivery price when it is known. */
  total: string;
  goodsTotal: string;
  contact: { name: string; phone: string; email: string };
  delivery: {
    method: 'pickup' | 'courier';
    /** "0.00" when free; null when a carrier charges its tariff on receipt. */
    price: string | null;
    pickupPoint: number | null;
    pickupAddress: string;
    city: string;
    address: string;
  };
  payment: { method: 'on_receipt' | 'bank_transfer'; organisation: string; taxNumber: string };
  comment: string;
  /** The clinic it was placed for, whose members see it; null for a person's own order. */
  clinicId: number | null;
  /** As priced when ordered; `productId` is null once the product is deleted from the catalog. */
  lines: (Omit<PricedLine, 'productId'> & { productId: number | null })[];
  createdAt: Date;
  updatedAt: Date;
}
