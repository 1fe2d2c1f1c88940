import type { CityCode } from '../../../shared/cities.ts';
import * as courses from '../../courses/courses.queries.ts';
import * as printing from '../../printing/printing.queries.ts';
import * as vacancies from '../../vacancies/vacancies.queries.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import {
  toCourseCategoryJson,
  toCourseJson,
  toCourseListItemJson,
  toPrintingPriceJson,
  toVacancyJson,
} from './services.mappers.ts';
import type * as routes from './services.routes.ts';

export const listCourseCategories: AppRouteHandler<typeof routes.listCourseCategories> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await courses.listCourseCategories(q), toCourseCategoryJson), 200);
};

export const getCourseCategory: AppRouteHandler<typeof routes.getCourseCategory> = async (c) =>
  c.json(toCourseCategoryJson(await courses.getCourseCategory(c.req.valid('param').id)), 200);

export const listCourses: AppRouteHandler<typeof routes.listCourses> = async (c) => {
  const q = c.req.valid('query');
  const found = await courses.listCourses({
    ...q,
    category: q.category || undefined,
    city: q.city as CityCode | undefined,
  });
  return c.json(toMappedPage(c.req.url, q, found, toCourseListItemJson), 200);
};

export const getCourse: AppRouteHandler<typeof routes.getCourse> = async (c) =>
  c.json(toCourseJson(await courses.getCourse(c.req.valid('param').slug)), 200);

export const listPrintingPrices: AppRouteHandler<typeof routes.listPrintingPrices> = async (c) => {
  const q = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, q, await printing.listPrintingPrices(q), toPrintingPriceJson), 200);
};

export const getPrintingPrice: AppRouteHandler<typeof routes.getPrintingPrice> = async (c) =>
  c.json(
    toPrintingPriceJson(await printing.getPrintingPrice(c.req.valid('param').id, c.req.valid('query').country)),
    200,
  );

export const listVacancies: AppRouteHandler<typeof routes.listVacancies> = async (c) => {
  const q = c.req.valid('query');
  const found = await vacancies.listVacancies({ ...q, city: q.city as CityCode | undefined, isOpen: q.is_open });
  return c.json(toMappedPage(c.req.url, q, found, toVacancyJson), 200);
};

export const getVacancy: AppRouteHandler<typeof routes.getVacancy> = async (c) =>
  c.json(toVacancyJson(await vacancies.getVacancy({ id: c.req.valid('param').id })), 200);
