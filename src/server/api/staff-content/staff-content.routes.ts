import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, idParam, jsonContent } from '../common.schemas.ts';
import { exchangeSchema } from '../core/core.schemas.ts';
import { vacancySchema } from '../services/services.schemas.ts';
import * as s from './staff-content.schemas.ts';

const tags = ['Staff'];
const security = [{ bearerAuth: [] }];
const staff = {
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
};
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export const listVacancies = createRoute({
  operationId: 'staff_vacancies_list',
  method: 'get',
  path: '/staff/vacancies/',
  tags,
  security,
  summary: 'Every vacancy, open ones first',
  request: { query: s.staffVacancyListQuery },
  responses: {
    200: jsonContent(s.staffVacancyPageSchema, 'A page of vacancies'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getVacancy = createRoute({
  operationId: 'staff_vacancies_retrieve',
  method: 'get',
  path: '/staff/vacancies/{id}/',
  tags,
  security,
  summary: 'One vacancy',
  request: { params: idParam },
  responses: {
    200: jsonContent(vacancySchema, 'The vacancy'),
    ...staff,
    404: jsonContent(detailSchema, 'No such vacancy'),
  },
});

export const createVacancy = createRoute({
  operationId: 'staff_vacancies_create',
  method: 'post',
  path: '/staff/vacancies/',
  tags,
  security,
  summary: 'Publish a vacancy: on the site at once',
  request: { body: json(s.vacancyCreateBody) },
  responses: {
    201: jsonContent(vacancySchema, 'The vacancy'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateVacancy = createRoute({
  operationId: 'staff_vacancies_partial_update',
  method: 'patch',
  path: '/staff/vacancies/{id}/',
  tags,
  security,
  summary: 'Change the fields sent (`is_open: false` closes it)',
  request: { params: idParam, body: json(s.vacancyUpdateBody) },
  responses: {
    200: jsonContent(vacancySchema, 'The vacancy'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'No such vacancy'),
  },
});

export const deleteVacancy = createRoute({
  operationId: 'staff_vacancies_destroy',
  method: 'delete',
  path: '/staff/vacancies/{id}/',
  tags,
  security,
  summary: 'Delete a vacancy (its applications stay in the inbox; to stop taking them, close it instead)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'No such vacancy') },
});

export const createExchange = createRoute({
  operationId: 'staff_exchanges_create',
  method: 'post',
  path: '/staff/exchanges/',
  tags,
  security,
  summary: 'A new exchange rate, current at once in every process (the list is `/core/exchanges/`)',
  request: { body: json(s.exchangeCreateBody) },
  responses: {
    201: jsonContent(exchangeSchema, 'The new current rate'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const listCategories = createRoute({
  operationId: 'staff_categories_list',
  method: 'get',
  path: '/staff/categories/',
  tags,
  security,
  summary: 'Every category, hidden ones too, with how many products each has',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffCategoryPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getCategory = createRoute({
  operationId: 'staff_categories_retrieve',
  method: 'get',
  path: '/staff/categories/{id}/',
  tags,
  security,
  summary: 'One category',
  request: { params: idParam },
  responses: { 200: jsonContent(s.staffCategorySchema, 'It'), ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const createCategory = createRoute({
  operationId: 'staff_categories_create',
  method: 'post',
  path: '/staff/categories/',
  tags,
  security,
  summary: 'Add a category: on the site at once',
  request: { body: json(s.categoryCreateBody) },
  responses: {
    201: jsonContent(s.staffCategorySchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateCategory = createRoute({
  operationId: 'staff_categories_partial_update',
  method: 'patch',
  path: '/staff/categories/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.categoryUpdateBody) },
  responses: {
    200: jsonContent(s.staffCategorySchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteCategory = createRoute({
  operationId: 'staff_categories_destroy',
  method: 'delete',
  path: '/staff/categories/{id}/',
  tags,
  security,
  summary: 'Delete an empty category (400 while it has products or subcategories: hide it instead)',
  request: { params: idParam },
  responses: {
    204: { description: 'Deleted' },
    400: jsonContent(fieldErrorsSchema, 'Still in use'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const listBrands = createRoute({
  operationId: 'staff_brands_list',
  method: 'get',
  path: '/staff/brands/',
  tags,
  security,
  summary: 'Every brand, hidden ones too, with how many products each has',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffBrandPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getBrand = createRoute({
  operationId: 'staff_brands_retrieve',
  method: 'get',
  path: '/staff/brands/{id}/',
  tags,
  security,
  summary: 'One brand',
  request: { params: idParam },
  responses: { 200: jsonContent(s.staffBrandSchema, 'It'), ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const createBrand = createRoute({
  operationId: 'staff_brands_create',
  method: 'post',
  path: '/staff/brands/',
  tags,
  security,
  summary: 'Add a brand: on the site at once',
  request: { body: json(s.brandCreateBody) },
  responses: { 201: jsonContent(s.staffBrandSchema, 'It'), 400: jsonContent(fieldErrorsSchema, 'Per field'), ...staff },
});

export const updateBrand = createRoute({
  operationId: 'staff_brands_partial_update',
  method: 'patch',
  path: '/staff/brands/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.brandUpdateBody) },
  responses: {
    200: jsonContent(s.staffBrandSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteBrand = createRoute({
  operationId: 'staff_brands_destroy',
  method: 'delete',
  path: '/staff/brands/{id}/',
  tags,
  security,
  summary: 'Delete a brand; its products stay, without a brand',
  request: { params: idParam },
  responses: {
    204: { description: 'Deleted' },
    400: jsonContent(fieldErrorsSchema, 'Still in use'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const listCourses = createRoute({
  operationId: 'staff_courses_list',
  method: 'get',
  path: '/staff/courses/',
  tags,
  security,
  summary: 'Every course, unpublished and past ones too',
  request: { query: s.staffCourseListQuery },
  responses: {
    200: jsonContent(s.staffCoursePageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const getCourse = createRoute({
  operationId: 'staff_courses_retrieve',
  method: 'get',
  path: '/staff/courses/{id}/',
  tags,
  security,
  summary: 'One course',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.staffCourseSchema, 'The course'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const createCourse = createRoute({
  operationId: 'staff_courses_create',
  method: 'post',
  path: '/staff/courses/',
  tags,
  security,
  summary: 'Add a course: on the site at once when published',
  request: { body: json(s.courseCreateBody) },
  responses: {
    201: jsonContent(s.staffCourseSchema, 'The course'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateCourse = createRoute({
  operationId: 'staff_courses_partial_update',
  method: 'patch',
  path: '/staff/courses/{id}/',
  tags,
  security,
  summary: 'Change the fields sent (a new `seats_total` moves the free seats by as much)',
  request: { params: idParam, body: json(s.courseUpdateBody) },
  responses: {
    200: jsonContent(s.staffCourseSchema, 'The course'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteCourse = createRoute({
  operationId: 'staff_courses_destroy',
  method: 'delete',
  path: '/staff/courses/{id}/',
  tags,
  security,
  summary: 'Delete a course (its sign-ups stay in the inbox; to take it off the site, unpublish it)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listBanners = createRoute({
  operationId: 'staff_banners_list',
  method: 'get',
  path: '/staff/banners/',
  tags,
  security,
  summary: 'Every banner, hidden ones too, in their order on the site',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffBannerPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getBanner = createRoute({
  operationId: 'staff_banners_retrieve',
  method: 'get',
  path: '/staff/banners/{id}/',
  tags,
  security,
  summary: 'One banner',
  request: { params: idParam },
  responses: { 200: jsonContent(s.staffBannerSchema, 'It'), ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const createBanner = createRoute({
  operationId: 'staff_banners_create',
  method: 'post',
  path: '/staff/banners/',
  tags,
  security,
  summary: 'Add a banner: on the site at once',
  request: { body: json(s.bannerCreateBody) },
  responses: {
    201: jsonContent(s.staffBannerSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateBanner = createRoute({
  operationId: 'staff_banners_partial_update',
  method: 'patch',
  path: '/staff/banners/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.bannerUpdateBody) },
  responses: {
    200: jsonContent(s.staffBannerSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteBanner = createRoute({
  operationId: 'staff_banners_destroy',
  method: 'delete',
  path: '/staff/banners/{id}/',
  tags,
  security,
  summary: 'Delete a banner',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listContacts = createRoute({
  operationId: 'staff_contacts_list',
  method: 'get',
  path: '/staff/contacts/',
  tags,
  security,
  summary: 'Every contact (an office per country), hidden ones too, in their order on the site',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffContactPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getContact = createRoute({
  operationId: 'staff_contacts_retrieve',
  method: 'get',
  path: '/staff/contacts/{id}/',
  tags,
  security,
  summary: 'One contact (an office per country)',
  request: { params: idParam },
  responses: { 200: jsonContent(s.staffContactSchema, 'It'), ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const createContact = createRoute({
  operationId: 'staff_contacts_create',
  method: 'post',
  path: '/staff/contacts/',
  tags,
  security,
  summary: 'Add a contact (an office per country): on the site at once',
  request: { body: json(s.contactCreateBody) },
  responses: {
    201: jsonContent(s.staffContactSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateContact = createRoute({
  operationId: 'staff_contacts_partial_update',
  method: 'patch',
  path: '/staff/contacts/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.contactUpdateBody) },
  responses: {
    200: jsonContent(s.staffContactSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteContact = createRoute({
  operationId: 'staff_contacts_destroy',
  method: 'delete',
  path: '/staff/contacts/{id}/',
  tags,
  security,
  summary: 'Delete a contact (an office per country)',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listCourseCategories = createRoute({
  operationId: 'staff_course_categories_list',
  method: 'get',
  path: '/staff/course_categories/',
  tags,
  security,
  summary: 'Every course category, hidden ones too, in their order on the site',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffCourseCategoryPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getCourseCategory = createRoute({
  operationId: 'staff_course_categories_retrieve',
  method: 'get',
  path: '/staff/course_categories/{id}/',
  tags,
  security,
  summary: 'One course category',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.staffCourseCategorySchema, 'It'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const createCourseCategory = createRoute({
  operationId: 'staff_course_categories_create',
  method: 'post',
  path: '/staff/course_categories/',
  tags,
  security,
  summary: 'Add a course category: on the site at once',
  request: { body: json(s.courseCategoryCreateBody) },
  responses: {
    201: jsonContent(s.staffCourseCategorySchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateCourseCategory = createRoute({
  operationId: 'staff_course_categories_partial_update',
  method: 'patch',
  path: '/staff/course_categories/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.courseCategoryUpdateBody) },
  responses: {
    200: jsonContent(s.staffCourseCategorySchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteCourseCategory = createRoute({
  operationId: 'staff_course_categories_destroy',
  method: 'delete',
  path: '/staff/course_categories/{id}/',
  tags,
  security,
  summary: 'Delete a course category',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listSpecifications = createRoute({
  operationId: 'staff_specifications_list',
  method: 'get',
  path: '/staff/specifications/',
  tags,
  security,
  summary: 'Every specification, hidden ones too, in their order on the site',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffSpecificationPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getSpecification = createRoute({
  operationId: 'staff_specifications_retrieve',
  method: 'get',
  path: '/staff/specifications/{id}/',
  tags,
  security,
  summary: 'One specification',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.staffSpecificationSchema, 'It'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const createSpecification = createRoute({
  operationId: 'staff_specifications_create',
  method: 'post',
  path: '/staff/specifications/',
  tags,
  security,
  summary: 'Add a specification: on the site at once',
  request: { body: json(s.specificationCreateBody) },
  responses: {
    201: jsonContent(s.staffSpecificationSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateSpecification = createRoute({
  operationId: 'staff_specifications_partial_update',
  method: 'patch',
  path: '/staff/specifications/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.specificationUpdateBody) },
  responses: {
    200: jsonContent(s.staffSpecificationSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteSpecification = createRoute({
  operationId: 'staff_specifications_destroy',
  method: 'delete',
  path: '/staff/specifications/{id}/',
  tags,
  security,
  summary: 'Delete a specification',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listDocuments = createRoute({
  operationId: 'staff_documents_list',
  method: 'get',
  path: '/staff/documents/',
  tags,
  security,
  summary: 'Every document (the offer, the privacy policy, licences)',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffDocumentPageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getDocument = createRoute({
  operationId: 'staff_documents_retrieve',
  method: 'get',
  path: '/staff/documents/{id}/',
  tags,
  security,
  summary: 'One document',
  request: { params: idParam },
  responses: { 200: jsonContent(s.staffDocumentSchema, 'It'), ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const createDocument = createRoute({
  operationId: 'staff_documents_create',
  method: 'post',
  path: '/staff/documents/',
  tags,
  security,
  summary: 'Add a document: on the site at once',
  request: { body: json(s.documentCreateBody) },
  responses: {
    201: jsonContent(s.staffDocumentSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updateDocument = createRoute({
  operationId: 'staff_documents_partial_update',
  method: 'patch',
  path: '/staff/documents/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.documentUpdateBody) },
  responses: {
    200: jsonContent(s.staffDocumentSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deleteDocument = createRoute({
  operationId: 'staff_documents_destroy',
  method: 'delete',
  path: '/staff/documents/{id}/',
  tags,
  security,
  summary: 'Delete a document',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});

export const listPrintingPrices = createRoute({
  operationId: 'staff_printing_prices_list',
  method: 'get',
  path: '/staff/printing_prices/',
  tags,
  security,
  summary: 'Every printing service, hidden ones too, with its price per country, in their order on the site',
  request: { query: s.taxonomyListQuery },
  responses: {
    200: jsonContent(s.staffPrintingPricePageSchema, 'A page'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});

export const getPrintingPrice = createRoute({
  operationId: 'staff_printing_prices_retrieve',
  method: 'get',
  path: '/staff/printing_prices/{id}/',
  tags,
  security,
  summary: 'One printing service',
  request: { params: idParam },
  responses: {
    200: jsonContent(s.staffPrintingPriceSchema, 'It'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const createPrintingPrice = createRoute({
  operationId: 'staff_printing_prices_create',
  method: 'post',
  path: '/staff/printing_prices/',
  tags,
  security,
  summary: 'Add a printing service: on the site at once',
  request: { body: json(s.printingPriceCreateBody) },
  responses: {
    201: jsonContent(s.staffPrintingPriceSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
  },
});

export const updatePrintingPrice = createRoute({
  operationId: 'staff_printing_prices_partial_update',
  method: 'patch',
  path: '/staff/printing_prices/{id}/',
  tags,
  security,
  summary: 'Change the fields sent',
  request: { params: idParam, body: json(s.printingPriceUpdateBody) },
  responses: {
    200: jsonContent(s.staffPrintingPriceSchema, 'It'),
    400: jsonContent(fieldErrorsSchema, 'Per field'),
    ...staff,
    404: jsonContent(detailSchema, 'Not found'),
  },
});

export const deletePrintingPrice = createRoute({
  operationId: 'staff_printing_prices_destroy',
  method: 'delete',
  path: '/staff/printing_prices/{id}/',
  tags,
  security,
  summary: 'Delete a printing service',
  request: { params: idParam },
  responses: { 204: { description: 'Deleted' }, ...staff, 404: jsonContent(detailSchema, 'Not found') },
});
