import { createRouter } from '../create-router.ts';
import * as requestHandlers from './requests.handlers.ts';
import * as requestRoutes from './requests.routes.ts';
import * as handlers from './services.handlers.ts';
import * as routes from './services.routes.ts';
import { receiveUpload } from './upload-body.ts';

const router = createRouter();
router.use('/services/printing_requestes/', receiveUpload('printing', { file: 'model' }));
router.use('/services/vacancy_requests/', receiveUpload('vacancy', { resume: 'resume' }));

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
