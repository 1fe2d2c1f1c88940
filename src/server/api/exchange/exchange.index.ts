import { createRouter } from '../create-router.ts';
import { createStaffRouter } from '../staff-router.ts';
import * as staffRoutes from './exchange-staff.routes.ts';
import * as handlers from './exchange.handlers.ts';
import * as routes from './exchange.routes.ts';

const router = createRouter();

export const exchangeRouter = router
  .openapi(routes.exchangeGet, handlers.exchange)
  .openapi(routes.exchangePost, handlers.exchange);

export const exchangeStaffRouter = createStaffRouter([
  staffRoutes.listExchangeSessions,
  staffRoutes.retrieveExchangeSession,
  staffRoutes.listExchangeMappings,
  staffRoutes.updateExchangeMapping,
])
  .openapi(staffRoutes.listExchangeSessions, handlers.listSessions)
  .openapi(staffRoutes.retrieveExchangeSession, handlers.retrieveSession)
  .openapi(staffRoutes.listExchangeMappings, handlers.listMappings)
  .openapi(staffRoutes.updateExchangeMapping, handlers.updateMapping);
