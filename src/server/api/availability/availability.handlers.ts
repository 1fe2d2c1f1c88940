import * as offers from '../../catalog/offer-edits.service.ts';
import type { AppRouteHandler } from '../create-router.ts';
import type * as routes from './availability.routes.ts';

const toOfferJson = (o: offers.EditedOffer) => ({
  sku: o.sku,
  country: o.country,
  price: o.price,
  old_price: o.oldPrice,
  quantity: o.quantity,
  in_stock: o.quantity > 0,
});

export const createOffer: AppRouteHandler<typeof routes.createOffer> = async (c) => {
  const { country, price, old_price, quantity } = c.req.valid('json');
  const offer = await offers.createOffer(
    c.req.valid('param').sku,
    { country, price, oldPrice: old_price, quantity },
    c.get('user')!.id,
  );
  return c.json(toOfferJson(offer), 201);
};

export const updateOffer: AppRouteHandler<typeof routes.updateOffer> = async (c) => {
  const { country, price, old_price, quantity } = c.req.valid('json');
  const offer = await offers.updateOffer(
    c.req.valid('param').sku,
    { country, price, oldPrice: old_price, quantity },
    c.get('user')!.id,
  );
  return c.json(toOfferJson(offer), 200);
};

export const deleteOffer: AppRouteHandler<typeof routes.deleteOffer> = async (c) => {
  await offers.deleteOffer(c.req.valid('param').sku, c.req.valid('query').country, c.get('user')!.id);
  return c.body(null, 204);
};
