import { bodyLimit } from 'hono/body-limit';
import { createRouter } from '../create-router.ts';
import * as handlers from './notifications.handlers.ts';
import * as routes from './notifications.routes.ts';

const router = createRouter();
router.use(
  '/notifications/*',
  bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.json({ detail: 'Request body is too large.' }, 413) }),
);

export const notificationsRouter = router.openapi(routes.createBackInStockAlert, handlers.createBackInStockAlert);
