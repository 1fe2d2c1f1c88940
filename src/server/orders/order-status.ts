/**
 * Order statuses and the moves between them, in one place: new → confirmed → shipped → completed,
 * and cancelled from new or confirmed (a cancelled order gives its stock back). A clinic's order that
 * needs its owner's approval starts awaiting_approval (its stock held as for a new one): the owner
 * approves it (new) or declines it (cancelled); staff neither see nor move it until then. Staff tools change
 * statuses later; the rules are here so every caller obeys the same ones.
 */
import {
  CLINIC_ONLY_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  STAFF_ORDER_STATUSES,
  type OrderStatus,
  type StaffOrderStatus,
} from '../../shared/order-statuses.ts';

export {
  CLINIC_ONLY_STATUSES,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  STAFF_ORDER_STATUSES,
  type OrderStatus,
  type StaffOrderStatus,
};

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_approval: ['new', 'cancelled'],
  new: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function allowedTransitions(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** The moves staff may make from `from` (none from, nor to, a status only the clinic sees). */
export function staffTransitions(from: OrderStatus): StaffOrderStatus[] {
  return NEXT[from].filter((to): to is StaffOrderStatus => staffCanTransition(from, to));
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whether staff may move an order from `from` to `to`: never an order the clinic's owner has not approved. */
export function staffCanTransition(from: OrderStatus, to: OrderStatus): boolean {
  return !CLINIC_ONLY_STATUSES.includes(from) && !CLINIC_ONLY_STATUSES.includes(to) && canTransition(from, to);
}

/** Whether moving to `to` returns the order's quantities to stock. */
export const returnsStock = (to: OrderStatus) => to === 'cancelled';

/** «Заказ в статусе «Отправлен» нельзя перевести в «Новый».» */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  return `Заказ в статусе «${ORDER_STATUS_LABELS[from]}» нельзя перевести в статус «${ORDER_STATUS_LABELS[to]}».`;
}
