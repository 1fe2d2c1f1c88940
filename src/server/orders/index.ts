export {
  contractSaving,
  isOrderNumber,
  MAX_LINE_QUANTITY,
  MAX_ORDER_LINES,
  ORDER_NUMBER_PATTERN,
  TAX_NUMBER,
} from './order-rules.ts';
export {
  allowedTransitions,
  staffCanTransition,
  staffTransitions,
  STAFF_ORDER_STATUSES,
  type StaffOrderStatus,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  isOrderStatus,
  type OrderStatus,
} from './order-status.ts';
export {
  cancelOwnOrder,
  cancelUnconfirmedOrders,
  changeOrderStatus,
  erasePersonalDataOfOrders,
  placeOrder,
  sendHeldOrderMails,
  type PlacedOrder,
} from './orders.service.ts';
export { ORDER_LIMITS, orderCreateChecks, orderLimitsOn } from './order-limits.ts';
export { findOwnOrder, lastDeliveryOf, listOwnOrders } from './orders.queries.ts';
export { findVisibleOrder, listClinicOrders, type ClinicOrder } from './clinic-orders.queries.ts';
export {
  loadOrderStory,
  ORDER_STORY_AUTHORS,
  type OrderStoryAuthor,
  type OrderStoryEntry,
} from './order-story.queries.ts';
export { deliveryPriceText, deliveryText, orderMoney, orderUnits, paymentText } from './orders.mails.ts';
export type { Order, OrderInput, Orderer } from './orders.types.ts';
export {
  findOrderForStaff,
  listOrdersForStaff,
  STAFF_ORDER_ORDERINGS,
  type OrderEvent,
  type StaffOrder,
  type StaffOrderOrdering,
} from './staff-orders.queries.ts';
export { changeOrderStatusAsStaff, changeOrderStatusesAsStaff, type BulkMoveOutcome } from './staff-orders.service.ts';
export { hasInvoice, invoiceFilename, invoiceHeaders, renderInvoicePdf } from './invoice.ts';
export { approveClinicOrder, declineClinicOrder } from './clinic-approval.service.ts';
