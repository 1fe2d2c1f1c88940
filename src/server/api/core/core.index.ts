import { createRouter } from '../create-router.ts';
import * as handlers from './core.handlers.ts';
import * as routes from './core.routes.ts';

export const coreRouter = createRouter()
  .openapi(routes.listExchanges, handlers.listExchanges)
  .openapi(routes.getExchange, handlers.getExchange)
  .openapi(routes.listContacts, handlers.listContacts)
  .openapi(routes.getContact, handlers.getContact)
  .openapi(routes.listBanners, handlers.listBanners)
  .openapi(routes.getBanner, handlers.getBanner)
  .openapi(routes.listDocuments, handlers.listDocuments);
