import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './back-office.handlers.ts';
import * as routes from './back-office.routes.ts';

export const backOfficeRouter = createStaffRouter(Object.values(routes))
  .openapi(routes.listOrders, handlers.listOrders)
  .openapi(routes.getOrder, handlers.getOrder)
  .openapi(routes.changeStatus, handlers.changeStatus)
  .openapi(routes.bulkChangeStatus, handlers.bulkChangeStatus)
  .openapi(routes.orderInvoice, handlers.orderInvoice)
  .openapi(routes.dashboard, handlers.dashboard)
  .openapi(routes.listRequests, handlers.listRequests)
  .openapi(routes.getRequest, handlers.getRequest)
  .openapi(routes.updateRequest, handlers.updateRequest)
  .openapi(routes.requestFile, handlers.requestFile)
  .openapi(routes.listSubscribers, handlers.listSubscribers)
  .openapi(routes.exportSubscribers, handlers.exportSubscribers)
  .openapi(routes.listProducts, handlers.listProducts)
  .openapi(routes.getProduct, handlers.getProduct)
  .openapi(routes.createProduct, handlers.createProduct)
  .openapi(routes.updateProduct, handlers.updateProduct)
  .openapi(routes.bulkChangeProducts, handlers.bulkChangeProducts)
  .openapi(routes.listPublications, handlers.listPublications)
  .openapi(routes.getPublication, handlers.getPublication)
  .openapi(routes.createPublication, handlers.createPublication)
  .openapi(routes.updatePublication, handlers.updatePublication)
  .openapi(routes.deletePublication, handlers.deletePublication)
  .openapi(routes.uploadMedia, handlers.uploadMedia);
