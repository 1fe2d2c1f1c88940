import { COUNTRIES } from '../../../shared/countries.ts';
import { createStockAlert } from '../../requests/stock-alerts.service.ts';
import { clientIp } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import type * as routes from './notifications.routes.ts';

export const createBackInStockAlert: AppRouteHandler<typeof routes.createBackInStockAlert> = async (c) => {
  const { country } = c.req.valid('query');
  const { product, email, website } = c.req.valid('json');
  // The same words whether or not the address is confirmed already: the answer tells nobody who is a customer.
  const detail =
    `Мы напишем на ${email}, как только товар появится в наличии ${COUNTRIES[country].inName}. Письмо придёт один раз. ` +
    'Если вы указываете этот адрес впервые, сначала подтвердите его по ссылке из письма, которое мы отправили.';
  const alert = await createStockAlert({ product, country, email }, clientIp(c), { trapped: website !== '' });
  return c.json({ ...alert, detail }, 201);
};
