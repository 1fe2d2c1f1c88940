/**
 * Order statuses and the moves between them, in one place: new → confirmed → shipped → completed,
 * and cancelled from new or confirmed (a cancelled order gives its stock back). Staff tools change
 * statuses later; the rules are here so every caller obeys the same ones.
 */
import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '../../shared/order-statuses.ts';

export { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus };

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
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

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whether moving to `to` returns the order's quantities to stock. */
export const returnsStock = (to: OrderStatus) => to === 'cancelled';

/** «Заказ в статусе «Отправлен» нельзя перевести в «Новый».» */
export function transitionRefusal(from: OrderStatus, to: OrderStatus): string {
  return `Заказ в статусе «${ORDER_STATUS_LABELS[from]}» нельзя перевести в статус «${ORDER_STATUS_LABELS[to]}».`;
}
