import { signedIn } from '../auth.ts';
import { createRouter } from '../create-router.ts';
import * as handlers from './orders.handlers.ts';
import * as routes from './orders.routes.ts';

const router = createRouter();
router.use('/orders/*', signedIn);

export const ordersRouter = router
  .openapi(routes.createOrder, handlers.createOrder)
  .openapi(routes.listOrders, handlers.listOrders)
  .openapi(routes.getOrder, handlers.getOrder)
  .openapi(routes.cancelOrder, handlers.cancelOrder)
  .openapi(routes.approveOrder, handlers.approveOrder)
  .openapi(routes.declineOrder, handlers.declineOrder);
