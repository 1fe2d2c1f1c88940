import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { createRouter } from '../create-router.ts';
import * as requestHandlers from './requests.handlers.ts';
import * as requestRoutes from './requests.routes.ts';
import * as handlers from './services.handlers.ts';
import * as routes from './services.routes.ts';

const tooLarge = { onError: (c: Context) => c.json({ detail: 'Request body is too large.' }, 413) };

const router = createRouter();
// Forms without files fit in a few kilobytes; a model file may be up to 25 MB, a CV up to 5 MB.
router.use('/services/printing_requestes/', bodyLimit({ maxSize: 26 * 1024 * 1024, ...tooLarge }));
router.use('/services/vacancy_requests/', bodyLimit({ maxSize: 6 * 1024 * 1024, ...tooLarge }));
for (const path of [
  '/services/supports/',
  '/services/course_requests/',
  '/services/course_search_requests/',
  '/services/newsletter_subscriptions/',
]) {
  router.use(path, bodyLimit({ maxSize: 32 * 1024, ...tooLarge }));
}

export const servicesRouter = router
  .openapi(routes.listCourseCategories, handlers.listCourseCategories)
  .openapi(routes.getCourseCategory, handlers.getCourseCategory)
  .openapi(routes.listCourses, handlers.listCourses)
  .openapi(routes.getCourse, handlers.getCourse)
  .openapi(routes.listPrintingPrices, handlers.listPrintingPrices)
  .openapi(routes.getPrintingPrice, handlers.getPrintingPrice)
  .openapi(routes.listVacancies, handlers.listVacancies)
  .openapi(routes.getVacancy, handlers.getVacancy)
  .openapi(requestRoutes.createSupportRequest, requestHandlers.createSupportRequest)
  .openapi(requestRoutes.createCourseRequest, requestHandlers.createCourseRequest)
  .openapi(requestRoutes.createCourseSearchRequest, requestHandlers.createCourseSearchRequest)
  .openapi(requestRoutes.createPrintingRequest, requestHandlers.createPrintingRequest)
  .openapi(requestRoutes.createVacancyRequest, requestHandlers.createVacancyRequest)
  .openapi(requestRoutes.createNewsletterSubscription, requestHandlers.createNewsletterSubscription);
