import { createRouter } from '../create-router.ts';
import * as handlers from './services.handlers.ts';
import * as routes from './services.routes.ts';

export const servicesRouter = createRouter()
  .openapi(routes.listCourseCategories, handlers.listCourseCategories)
  .openapi(routes.getCourseCategory, handlers.getCourseCategory)
  .openapi(routes.listCourses, handlers.listCourses)
  .openapi(routes.getCourse, handlers.getCourse)
  .openapi(routes.listPrintingPrices, handlers.listPrintingPrices)
  .openapi(routes.getPrintingPrice, handlers.getPrintingPrice)
  .openapi(routes.listVacancies, handlers.listVacancies)
  .openapi(routes.getVacancy, handlers.getVacancy);
