/** An order's statuses and their Russian names: the shop's pages, mails and the back office show the same words. */
export const ORDER_STATUSES = ['awaiting_approval', 'new', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_approval: 'На согласовании',
  new: 'Новый',
  confirmed: 'Подтверждён',
  shipped: 'Отправлен',
  completed: 'Выполнен',
  cancelled: 'Отменён',
};

/** Statuses the shop's staff never see: a clinic's order waiting for its owner's approval is the clinic's own. */
export const CLINIC_ONLY_STATUSES: readonly OrderStatus[] = ['awaiting_approval'];

/** The statuses of the back office: every one but the clinic's own. */
export const STAFF_ORDER_STATUSES = [
  'new',
  'confirmed',
  'shipped',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export type StaffOrderStatus = (typeof STAFF_ORDER_STATUSES)[number];
