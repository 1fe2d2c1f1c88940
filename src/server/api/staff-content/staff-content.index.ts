import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './staff-content.handlers.ts';
import * as routes from './staff-content.routes.ts';

export const staffContentRouter = createStaffRouter(Object.values(routes))
  .openapi(routes.listChanges, handlers.listChanges)
  .openapi(routes.listVacancies, handlers.listVacancies)
  .openapi(routes.getVacancy, handlers.getVacancy)
  .openapi(routes.createVacancy, handlers.createVacancy)
  .openapi(routes.updateVacancy, handlers.updateVacancy)
  .openapi(routes.deleteVacancy, handlers.deleteVacancy)
  .openapi(routes.createExchange, handlers.createExchange)
  .openapi(routes.listCategories, handlers.listCategories)
  .openapi(routes.getCategory, handlers.getCategory)
  .openapi(routes.createCategory, handlers.createCategory)
  .openapi(routes.updateCategory, handlers.updateCategory)
  .openapi(routes.deleteCategory, handlers.deleteCategory)
  .openapi(routes.listBrands, handlers.listBrands)
  .openapi(routes.getBrand, handlers.getBrand)
  .openapi(routes.createBrand, handlers.createBrand)
  .openapi(routes.updateBrand, handlers.updateBrand)
  .openapi(routes.deleteBrand, handlers.deleteBrand)
  .openapi(routes.listCourses, handlers.listCourses)
  .openapi(routes.getCourse, handlers.getCourse)
  .openapi(routes.createCourse, handlers.createCourse)
  .openapi(routes.updateCourse, handlers.updateCourse)
  .openapi(routes.deleteCourse, handlers.deleteCourse);
