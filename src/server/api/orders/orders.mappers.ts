import {
  ORDER_STATUS_LABELS,
  ORDER_STORY_AUTHORS,
  orderUnits,
  type Order,
  type OrderStoryEntry,
} from '../../orders/index.ts';

/** One step of an order's story, as its customer may see it: no staff account, «Менеджер» instead. */
export function toOrderStoryEntryJson(entry: OrderStoryEntry) {
  return {
    status: entry.status,
    status_label: ORDER_STATUS_LABELS[entry.status],
    created_at: entry.at.toISOString(),
    by: entry.by,
    by_label: ORDER_STORY_AUTHORS[entry.by],
    comment: entry.comment,
  };
}

export function toOrderJson(order: Order) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    country: order.country,
    currency: order.currency,
    total: order.total,
    goods_total: order.goodsTotal,
    items_count: orderUnits(order),
    lines: order.lines.map((line) => ({
      product: line.productId,
      product_slug: line.productSlug,
      name: line.productName,
      sku: line.sku,
      price: line.unitPrice,
      list_price: line.listPrice,
      quantity: line.quantity,
      total: line.lineTotal,
    })),
    contact: order.contact,
    delivery: {
      method: order.delivery.method,
      price: order.delivery.price,
      pickup_point: order.delivery.pickupPoint,
      pickup_address: order.delivery.pickupAddress,
      city: order.delivery.city,
      address: order.delivery.address,
    },
    payment: {
      method: order.payment.method,
      organisation: order.payment.organisation,
      tax_number: order.payment.taxNumber,
    },
    comment: order.comment,
    clinic: order.clinicId,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
}
