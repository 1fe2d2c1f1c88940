import { createRoute } from '@hono/zod-openapi';
import { errorResponses, idParam, jsonContent, slugParam } from '../common.schemas.ts';
import { pageSchema } from '../pagination.ts';
import {
  courseCategoryListQuery,
  courseCategorySchema,
  courseListItemSchema,
  courseListQuery,
  courseSchema,
  printingDetailQuery,
  printingListQuery,
  printingPriceSchema,
  vacancyListQuery,
  vacancySchema,
} from './services.schemas.ts';

const tags = ['Services'];

export const listCourseCategories = createRoute({
  operationId: 'services_course_categories_list',
  method: 'get',
  path: '/services/course_categories/',
  tags,
  summary: 'Course categories in display order',
  request: { query: courseCategoryListQuery },
  responses: {
    200: jsonContent(pageSchema(courseCategorySchema), 'A page of course categories'),
    400: errorResponses[400],
  },
});

export const getCourseCategory = createRoute({
  operationId: 'services_course_categories_retrieve',
  method: 'get',
  path: '/services/course_categories/{id}/',
  tags,
  request: { params: idParam },
  responses: { 200: jsonContent(courseCategorySchema, 'The course category'), 404: errorResponses[404] },
});

export const listCourses = createRoute({
  operationId: 'services_courses_list',
  method: 'get',
  path: '/services/courses/',
  tags,
  summary: 'Upcoming courses, soonest first; with `month`, the courses that run in that month (the calendar)',
  request: { query: courseListQuery },
  responses: { 200: jsonContent(pageSchema(courseListItemSchema), 'A page of courses'), 400: errorResponses[400] },
});

export const getCourse = createRoute({
  operationId: 'services_courses_retrieve',
  method: 'get',
  path: '/services/courses/{slug}/',
  tags,
  summary: 'One course, upcoming or past',
  request: { params: slugParam },
  responses: { 200: jsonContent(courseSchema, 'The course'), 404: errorResponses[404] },
});

export const listPrintingPrices = createRoute({
  operationId: 'services_printing_prices_list',
  method: 'get',
  path: '/services/printing_prices/',
  tags,
  summary: 'The printing price list of a country, prices in its currency',
  request: { query: printingListQuery },
  responses: {
    200: jsonContent(pageSchema(printingPriceSchema), 'A page of printing prices'),
    400: errorResponses[400],
  },
});

export const getPrintingPrice = createRoute({
  operationId: 'services_printing_prices_retrieve',
  method: 'get',
  path: '/services/printing_prices/{id}/',
  tags,
  request: { params: idParam, query: printingDetailQuery },
  responses: { 200: jsonContent(printingPriceSchema, 'The printing price'), ...errorResponses },
});

export const listVacancies = createRoute({
  operationId: 'services_vacancies_list',
  method: 'get',
  path: '/services/vacancies/',
  tags,
  summary: 'Vacancies, open ones first, newest first',
  request: { query: vacancyListQuery },
  responses: { 200: jsonContent(pageSchema(vacancySchema), 'A page of vacancies'), 400: errorResponses[400] },
});

export const getVacancy = createRoute({
  operationId: 'services_vacancies_retrieve',
  method: 'get',
  path: '/services/vacancies/{id}/',
  tags,
  summary: 'One vacancy, open or closed',
  request: { params: idParam },
  responses: { 200: jsonContent(vacancySchema, 'The vacancy'), 404: errorResponses[404] },
});
