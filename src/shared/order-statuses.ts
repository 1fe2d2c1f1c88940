/** An order's statuses and their Russian names: the shop's pages, mails and the back office show the same words. */
export const ORDER_STATUSES = ['new', 'confirmed', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'Новый',
  confirmed: 'Подтверждён',
  shipped: 'Отправлен',
  completed: 'Выполнен',
  cancelled: 'Отменён',
};
