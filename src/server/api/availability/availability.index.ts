import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './availability.handlers.ts';
import * as routes from './availability.routes.ts';

export const availabilityRouter = createStaffRouter(Object.values(routes))
  .openapi(routes.createOffer, handlers.createOffer)
  .openapi(routes.updateOffer, handlers.updateOffer)
  .openapi(routes.deleteOffer, handlers.deleteOffer);
