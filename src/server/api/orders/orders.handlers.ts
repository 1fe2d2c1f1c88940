import { rememberAddress } from '../../accounts/addresses.service.ts';
import { updateProfile } from '../../accounts/profile.service.ts';
import { pendingEmailConfirmation } from '../../accounts/registration.service.ts';
import {
  approveClinicOrder,
  cancelOwnOrder,
  declineClinicOrder,
  findVisibleOrder,
  listOwnOrders,
  loadOrderStory,
  placeOrder,
} from '../../orders/index.ts';
import { NotFoundError } from '../../errors.ts';
import { clientIp, currentUser } from '../auth.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toOrderJson, toOrderStoryEntryJson } from './orders.mappers.ts';
import type * as routes from './orders.routes.ts';

const NO_ORDER = 'Заказ не найден.';

export const createOrder: AppRouteHandler<typeof routes.createOrder> = async (c) => {
  const user = await currentUser(c);
  const body = c.req.valid('json');
  const { order, replayed } = await placeOrder(
    user,
    {
      country: body.country,
      items: body.items,
      contact: body.contact,
      delivery:
        body.delivery.method === 'pickup'
          ? { method: 'pickup', pickupPoint: body.delivery.pickup_point }
          : body.delivery,
      payment:
        body.payment.method === 'bank_transfer'
          ? { method: 'bank_transfer', organisation: body.payment.organisation, taxNumber: body.payment.tax_number }
          : body.payment,
      comment: body.comment,
      clinic: body.clinic,
    },
    {
      idempotencyKey: c.req.valid('header')['idempotency-key'],
      clientIp: clientIp(c),
      confirmEmailUrl: pendingEmailConfirmation(user),
      // The courier's address becomes the account's latest, which the next checkout offers first.
      alongside: async (placed, tx) => {
        if (placed.delivery.method === 'courier')
          await rememberAddress(
            user.id,
            { country: placed.country, city: placed.delivery.city, address: placed.delivery.address },
            tx,
          );
      },
    },
  );
  // Offered when the profile has no phone or another one; the clinic's requisites of an order by invoice are
  // kept for the next one (checkout fills them in), unless they are a clinic's own, which the clinic keeps.
  // The order stands whatever happens here (the courier's address was remembered with it).
  const remembered = {
    ...(body.save_phone && order.contact.phone !== user.phone && { phone: order.contact.phone }),
    ...(order.payment.method === 'bank_transfer' &&
      order.clinicId === null &&
      (order.payment.organisation !== user.organisation || order.payment.taxNumber !== user.taxNumber) && {
        organisation: order.payment.organisation,
        taxNumber: order.payment.taxNumber,
      }),
  };
  if (!replayed && Object.keys(remembered).length) await updateProfile(user, user, remembered);
  if (replayed) c.header('Idempotent-Replayed', 'true');
  c.header('Location', `/api/v1/orders/order_list/${order.number}/`);
  return c.json(toOrderJson(order), 201);
};

export const listOrders: AppRouteHandler<typeof routes.listOrders> = async (c) => {
  const user = await currentUser(c);
  const query = c.req.valid('query');
  const found = await listOwnOrders(user.id, query);
  c.header('Cache-Control', 'private, no-store');
  return c.json(toMappedPage(c.req.url, query, found, toOrderJson), 200);
};

export const getOrder: AppRouteHandler<typeof routes.getOrder> = async (c) => {
  const user = await currentUser(c);
  const order = await findVisibleOrder(user.id, c.req.valid('param').number);
  if (!order) throw new NotFoundError(NO_ORDER);
  const history = await loadOrderStory(order);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ ...toOrderJson(order), history: history.map(toOrderStoryEntryJson) }, 200);
};

export const cancelOrder: AppRouteHandler<typeof routes.cancelOrder> = async (c) => {
  const user = await currentUser(c);
  const order = await cancelOwnOrder(user, c.req.valid('param').number);
  return c.json(toOrderJson(order), 200);
};

export const approveOrder: AppRouteHandler<typeof routes.approveOrder> = async (c) => {
  const user = await currentUser(c);
  const order = await approveClinicOrder(user.id, c.req.valid('param').number);
  return c.json(toOrderJson(order), 200);
};

export const declineOrder: AppRouteHandler<typeof routes.declineOrder> = async (c) => {
  const user = await currentUser(c);
  const order = await declineClinicOrder(user.id, c.req.valid('param').number, c.req.valid('json').comment);
  return c.json(toOrderJson(order), 200);
};
