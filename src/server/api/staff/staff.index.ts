import { createRouter } from '../create-router.ts';
import * as handlers from './staff.handlers.ts';
import * as routes from './staff.routes.ts';

export const staffRouter = createRouter().openapi(routes.invalidateCaches, handlers.invalidateCaches);
