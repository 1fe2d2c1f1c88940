import { createRouter } from '../create-router.ts';
import * as handlers from './notifications.handlers.ts';
import * as routes from './notifications.routes.ts';

const router = createRouter();

export const notificationsRouter = router.openapi(routes.createBackInStockAlert, handlers.createBackInStockAlert);
