import type { QuickOrderProduct, ResolvedLines } from '../../catalog/quick-order.queries.ts';

const toProductJson = (p: QuickOrderProduct) => ({
  id: p.id,
  slug: p.slug,
  sku: p.sku,
  name: p.name,
  price: p.price,
  currency: p.currency,
  stock: p.stock,
});

export function toResolvedLinesJson(resolved: ResolvedLines) {
  return {
    lines: resolved.lines.map((l) => ({ line: l.line, product: toProductJson(l.product), quantity: l.quantity })),
    errors: resolved.errors.map((e) => ({
      line: e.line,
      text: e.text,
      code: e.code,
      message: e.message,
      hint: e.hint,
      product: e.product && toProductJson(e.product),
      available: e.available,
    })),
  };
}
