import type { APIRoute } from 'astro';
import { isCountryCode } from '~/shared/countries.ts';
import {
  findVisibleOrder,
  hasInvoice,
  invoiceHeaders,
  isOrderNumber,
  renderInvoicePdf,
} from '~/server/orders/index.ts';
import { requirePageUser } from '~/server/web/page-session.ts';

// The invoice of one's own order paid by bank transfer (or of an order of one's clinic, made out to the
// clinic's requisites), as a PDF download; anyone else's order, or one
// without an invoice, is not found.
export const GET: APIRoute = async (context) => {
  const user = await requirePageUser(context);
  if (user instanceof Response) return user;
  const number = context.params.number ?? '';
  const order =
    isCountryCode(context.params.country) && isOrderNumber(number) ? await findVisibleOrder(user.id, number) : null;
  if (!order || !hasInvoice(order))
    return new Response('Счёта с таким номером нет.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  const pdf = await renderInvoicePdf(order);
  return new Response(new Uint8Array(pdf), { headers: invoiceHeaders(order) });
};
