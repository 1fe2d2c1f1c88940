import type { QuickOrderProduct, ResolvedLines } from '../../catalog/quick-order.queries.ts';

const toProductJson = (p: QuickOrderProduct) => ({
  id: p.id,
  slug: p.slug,
  sku: p.sku,
  name: p.name,
  price: p.price,
  list_price: p.listPrice === undefined ? p.price : p.listPrice,
  currency: p.currency,
  stock: p.stock,
});

/** The lines found and the errors; `price` gives a product as the reader sees it (a member: the contract price). */
export function toResolvedLinesJson(
  resolved: ResolvedLines,
  price: (p: QuickOrderProduct) => QuickOrderProduct = (p) => p,
) {
  return {
    lines: resolved.lines.map((l) => ({
      line: l.line,
      product: toProductJson(price(l.product)),
      quantity: l.quantity,
    })),
    errors: resolved.errors.map((e) => ({
      line: e.line,
      text: e.text,
      code: e.code,
      message: e.message,
      hint: e.hint,
      product: e.product && toProductJson(price(e.product)),
      available: e.available,
    })),
  };
}
