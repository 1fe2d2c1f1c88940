import { createRouter } from '../create-router.ts';
import * as handlers from './security.handlers.ts';
import * as routes from './security.routes.ts';

const router = createRouter();

export const securityRouter = router.openapi(routes.cspReport, handlers.cspReport);
