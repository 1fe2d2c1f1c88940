/**
 * The back office's small tables, each one `staffResource` (`../staff-resource.ts`): its path, what
 * the documentation says of it, its schemas, its service in the API's names, and its mapper.
 */
import type { CityCode } from '../../../shared/cities.ts';
import {
  deleteBrand,
  deleteCategory,
  findBrandForStaff,
  findCategoryForStaff,
  listBrandsForStaff,
  listCategoriesForStaff,
  saveBrand,
  saveCategory,
} from '../../catalog/taxonomy.service.ts';
import { deleteRow, findRow, listRows, saveRow, type StaffRow } from '../../content/staff-rows.ts';
import { deleteCourse, findCourseForStaff, listCoursesForStaff, saveCourse } from '../../courses/courses.staff.ts';
import { createExchange } from '../../currency/exchanges.queries.ts';
import { NotFoundError } from '../../errors.ts';
import {
  deletePrintingPrice,
  findPrintingPriceForStaff,
  listPrintingPricesForStaff,
  savePrintingPrice,
} from '../../printing/printing.service.ts';
import { getVacancy, listVacancies } from '../../vacancies/vacancies.queries.ts';
import {
  createVacancy,
  deleteVacancy,
  updateVacancy,
  VACANCY_TEXT,
  type VacancyFields,
} from '../../vacancies/vacancies.service.ts';
import { toExchangeJson } from '../core/core.mappers.ts';
import { exchangeSchema } from '../core/core.schemas.ts';
import { toVacancyJson } from '../services/services.mappers.ts';
import { vacancySchema } from '../services/services.schemas.ts';
import { staffResource, type StaffService } from '../staff-resource.ts';
import * as m from './staff-content.mappers.ts';
import * as s from './staff-content.schemas.ts';

/** The service of a table `content/staff-rows.ts` writes, with the API body turned into its values. */
function rowsService<K extends Parameters<typeof listRows>[0], Body>(
  kind: K,
  toValues: (body: Body) => Parameters<typeof saveRow<K>>[3],
): StaffService<StaffRow<K>, unknown, Body, Body> {
  return {
    list: () => listRows(kind),
    get: (id) => findRow(kind, id),
    create: (actor, body) => saveRow(actor, kind, null, toValues(body)),
    update: (actor, id, body) => saveRow(actor, kind, id, toValues(body)),
    delete: (actor, id) => deleteRow(actor, kind, id),
  };
}

export const vacancies = staffResource({
  name: 'vacancies',
  one: 'vacancy',
  summaries: {
    list: 'Every vacancy, open ones first',
    create: 'Publish a vacancy: on the site at once',
    partial_update: 'Change the fields sent (`is_open: false` closes it)',
    destroy: 'Delete a vacancy (its applications stay in the inbox; to stop taking them, close it instead)',
  },
  schemas: {
    query: s.staffVacancyListQuery,
    page: s.staffVacancyPageSchema,
    item: vacancySchema,
    create: s.vacancyCreateBody,
    update: s.vacancyUpdateBody,
  },
  service: {
    list: (q) => listVacancies({ country: q.country, isOpen: q.is_open, limit: q.limit, offset: q.offset }),
    get: (id) =>
      getVacancy({ id }).catch((error: unknown) => {
        throw error instanceof NotFoundError ? new NotFoundError(VACANCY_TEXT.notFound) : error;
      }),
    create: (actor, body) => createVacancy(actor, m.toVacancyFields(body) as VacancyFields),
    update: (actor, id, body) => updateVacancy(actor, id, m.toVacancyFields(body)),
    delete: deleteVacancy,
  },
  toJson: toVacancyJson,
});

export const exchanges = staffResource({
  name: 'exchanges',
  one: 'exchange rate',
  summaries: { create: 'A new exchange rate, current at once in every process (the list is `/core/exchanges/`)' },
  schemas: { item: exchangeSchema, create: s.exchangeCreateBody },
  service: { create: createExchange },
  toJson: toExchangeJson,
});

export const categories = staffResource({
  name: 'categories',
  one: 'category',
  summaries: {
    list: 'Every category, hidden ones too, with how many products each has',
    create: 'Add a category: on the site at once',
    destroy: 'Delete an empty category (400 while it has products or subcategories: hide it instead)',
  },
  deleteRefusal: 'Still in use',
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffCategoryPageSchema,
    item: s.staffCategorySchema,
    create: s.categoryCreateBody,
    update: s.categoryUpdateBody,
  },
  service: {
    list: listCategoriesForStaff,
    get: findCategoryForStaff,
    create: (actor, body) => saveCategory(actor, null, m.toCategoryFields(body)),
    update: (actor, id, body) => saveCategory(actor, id, m.toCategoryFields(body)),
    delete: deleteCategory,
  },
  toJson: m.toStaffCategoryJson,
});

export const brands = staffResource({
  name: 'brands',
  one: 'brand',
  summaries: {
    list: 'Every brand, hidden ones too, with how many products each has',
    create: 'Add a brand: on the site at once',
    destroy: 'Delete a brand; its products stay, without a brand',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffBrandPageSchema,
    item: s.staffBrandSchema,
    create: s.brandCreateBody,
    update: s.brandUpdateBody,
  },
  service: {
    list: listBrandsForStaff,
    get: findBrandForStaff,
    create: (actor, body) => saveBrand(actor, null, body),
    update: (actor, id, body) => saveBrand(actor, id, body),
    delete: deleteBrand,
  },
  toJson: m.toStaffBrandJson,
});

export const courses = staffResource({
  name: 'courses',
  one: 'course',
  summaries: {
    list: 'Every course, unpublished and past ones too',
    create: 'Add a course: on the site at once when published',
    partial_update: 'Change the fields sent (a new `seats_total` moves the free seats by as much)',
    destroy: 'Delete a course (its sign-ups stay in the inbox; to take it off the site, unpublish it)',
  },
  schemas: {
    query: s.staffCourseListQuery,
    page: s.staffCoursePageSchema,
    item: s.staffCourseSchema,
    create: s.courseCreateBody,
    update: s.courseUpdateBody,
  },
  service: {
    list: (q) =>
      listCoursesForStaff({
        search: q.search,
        city: q.city as CityCode | undefined,
        when: q.when,
        limit: q.limit,
        offset: q.offset,
      }),
    get: findCourseForStaff,
    create: (actor, body) => saveCourse(actor, null, m.toCourseFields(body)),
    update: (actor, id, body) => saveCourse(actor, id, m.toCourseFields(body)),
    delete: deleteCourse,
  },
  toJson: m.toStaffCourseJson,
});

export const banners = staffResource({
  name: 'banners',
  one: 'banner',
  summaries: {
    list: 'Every banner, hidden ones too, in their order on the site',
    create: 'Add a banner: on the site at once',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffBannerPageSchema,
    item: s.staffBannerSchema,
    create: s.bannerCreateBody,
    update: s.bannerUpdateBody,
  },
  service: rowsService('banner', m.toBannerValues),
  toJson: m.toStaffBannerJson,
});

export const contacts = staffResource({
  name: 'contacts',
  one: 'contact',
  summaries: {
    list: 'Every contact (an office per country), hidden ones too, in their order on the site',
    retrieve: 'One contact (an office per country)',
    create: 'Add a contact (an office per country): on the site at once',
    destroy: 'Delete a contact (an office per country)',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffContactPageSchema,
    item: s.staffContactSchema,
    create: s.contactCreateBody,
    update: s.contactUpdateBody,
  },
  service: rowsService('contact', m.toContactValues),
  toJson: m.toStaffContactJson,
});

export const courseCategories = staffResource({
  name: 'course_categories',
  one: 'course category',
  summaries: {
    list: 'Every course category, hidden ones too, in their order on the site',
    create: 'Add a course category: on the site at once',
  },
  deleteRefusal: 'It still has courses',
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffCourseCategoryPageSchema,
    item: s.staffCourseCategorySchema,
    create: s.courseCategoryCreateBody,
    update: s.courseCategoryUpdateBody,
  },
  service: rowsService('course_category', m.toCourseCategoryValues),
  toJson: m.toStaffCourseCategoryJson,
});

export const specifications = staffResource({
  name: 'specifications',
  one: 'specification',
  summaries: {
    list: 'Every specification, hidden ones too, in their order on the site',
    create: 'Add a specification: on the site at once',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffSpecificationPageSchema,
    item: s.staffSpecificationSchema,
    create: s.specificationCreateBody,
    update: s.specificationUpdateBody,
  },
  service: rowsService('specification', m.toSpecificationValues),
  toJson: m.toStaffSpecificationJson,
});

export const documents = staffResource({
  name: 'documents',
  one: 'document',
  summaries: {
    list: 'Every document (the offer, the privacy policy, licences)',
    create: 'Add a document: on the site at once',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffDocumentPageSchema,
    item: s.staffDocumentSchema,
    create: s.documentCreateBody,
    update: s.documentUpdateBody,
  },
  service: rowsService('document', m.toDocumentValues),
  toJson: m.toStaffDocumentJson,
});

export const printingPrices = staffResource({
  name: 'printing_prices',
  one: 'printing service',
  summaries: {
    list: 'Every printing service, hidden ones too, with its price per country, in their order on the site',
    create: 'Add a printing service: on the site at once',
  },
  schemas: {
    query: s.taxonomyListQuery,
    page: s.staffPrintingPricePageSchema,
    item: s.staffPrintingPriceSchema,
    create: s.printingPriceCreateBody,
    update: s.printingPriceUpdateBody,
  },
  service: {
    list: listPrintingPricesForStaff,
    get: findPrintingPriceForStaff,
    create: (actor, body) => savePrintingPrice(actor, null, m.toPrintingPriceFields(body)),
    update: (actor, id, body) => savePrintingPrice(actor, id, m.toPrintingPriceFields(body)),
    delete: deletePrintingPrice,
  },
  toJson: m.toStaffPrintingPriceJson,
});

/** In the order the OpenAPI document lists them. */
export const staffTables = [
  vacancies,
  exchanges,
  categories,
  brands,
  courses,
  banners,
  contacts,
  courseCategories,
  specifications,
  documents,
  printingPrices,
];
