import { bodyLimit } from 'hono/body-limit';
import { signedIn } from '../auth.ts';
import { createRouter } from '../create-router.ts';
import * as handlers from './orders.handlers.ts';
import * as routes from './orders.routes.ts';

// A hundred lines and the contact fields fit in a few kilobytes.
const MAX_BODY_BYTES = 64 * 1024;

const router = createRouter();
router.use('/orders/*', signedIn);
router.use(
  '/orders/*',
  bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ detail: 'Request body is too large.' }, 413) }),
);

export const ordersRouter = router
  .openapi(routes.createOrder, handlers.createOrder)
  .openapi(routes.listOrders, handlers.listOrders)
  .openapi(routes.getOrder, handlers.getOrder);
