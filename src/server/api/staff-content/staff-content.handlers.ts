import type { CityCode } from '../../../shared/cities.ts';
import {
  deleteBrand as removeBrand,
  deleteCategory as removeCategory,
  findBrandForStaff,
  findCategoryForStaff,
  listBrandsForStaff,
  listCategoriesForStaff,
  saveBrand,
  saveCategory,
} from '../../catalog/taxonomy.service.ts';
import {
  deleteCourse as removeCourse,
  findCourseForStaff,
  listCoursesForStaff,
  saveCourse,
} from '../../courses/courses.staff.ts';
import { deleteRow, findRow, listRows, saveRow } from '../../content/staff-rows.ts';
import {
  deletePrintingPrice as removePrintingPrice,
  findPrintingPriceForStaff,
  listPrintingPricesForStaff,
  savePrintingPrice,
} from '../../printing/printing.service.ts';
import { slugify } from '../../../shared/slug.ts';
import { ValidationError } from '../../errors.ts';
import { createExchange as createExchangeRow } from '../../currency/exchanges.queries.ts';
import { NotFoundError } from '../../errors.ts';
import { getVacancy as findVacancy, listVacancies as vacancyPage } from '../../vacancies/vacancies.queries.ts';
import {
  createVacancy as createVacancyRow,
  deleteVacancy as deleteVacancyRow,
  updateVacancy as updateVacancyRow,
  VACANCY_TEXT,
} from '../../vacancies/vacancies.service.ts';
import { toExchangeJson } from '../core/core.mappers.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toVacancyJson } from '../services/services.mappers.ts';
import {
  toPrintingPriceFields,
  toStaffPrintingPriceJson,
  toDocumentValues,
  toStaffDocumentJson,
  toSpecificationValues,
  toStaffCourseCategoryJson,
  toStaffSpecificationJson,
  toBannerValues,
  toContactValues,
  toStaffBannerJson,
  toStaffContactJson,
  toCategoryFields,
  toCourseFields,
  toStaffCourseJson,
  toStaffBrandJson,
  toStaffCategoryJson,
  toVacancyFields,
} from './staff-content.mappers.ts';
import type * as routes from './staff-content.routes.ts';

export const listVacancies: AppRouteHandler<typeof routes.listVacancies> = async (c) => {
  const query = c.req.valid('query');
  const found = await vacancyPage({
    country: query.country,
    isOpen: query.is_open,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toVacancyJson), 200);
};

export const getVacancy: AppRouteHandler<typeof routes.getVacancy> = async (c) => {
  const vacancy = await findVacancy({ id: c.req.valid('param').id }).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError(VACANCY_TEXT.notFound) : error;
  });
  return c.json(toVacancyJson(vacancy), 200);
};

export const createVacancy: AppRouteHandler<typeof routes.createVacancy> = async (c) => {
  const body = c.req.valid('json');
  const created = await createVacancyRow(
    c.get('user')!.id,
    toVacancyFields(body) as Parameters<typeof createVacancyRow>[1],
  );
  return c.json(toVacancyJson(created), 201);
};

export const updateVacancy: AppRouteHandler<typeof routes.updateVacancy> = async (c) => {
  const updated = await updateVacancyRow(
    c.get('user')!.id,
    c.req.valid('param').id,
    toVacancyFields(c.req.valid('json')),
  );
  return c.json(toVacancyJson(updated), 200);
};

export const deleteVacancy: AppRouteHandler<typeof routes.deleteVacancy> = async (c) => {
  await deleteVacancyRow(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const createExchange: AppRouteHandler<typeof routes.createExchange> = async (c) => {
  const created = await createExchangeRow(c.get('user')!.id, c.req.valid('json'));
  return c.json(toExchangeJson(created), 201);
};

const page = <T>(items: T[], query: { limit: number; offset: number }) => ({
  count: items.length,
  items: items.slice(query.offset, query.offset + query.limit),
});

export const listCategories: AppRouteHandler<typeof routes.listCategories> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, page(await listCategoriesForStaff(), query), toStaffCategoryJson), 200);
};

export const getCategory: AppRouteHandler<typeof routes.getCategory> = async (c) =>
  c.json(toStaffCategoryJson(await findCategoryForStaff(c.req.valid('param').id)), 200);

export const createCategory: AppRouteHandler<typeof routes.createCategory> = async (c) => {
  const saved = await saveCategory(c.get('user')!.id, null, toCategoryFields(c.req.valid('json')));
  return c.json(toStaffCategoryJson(saved), 201);
};

export const updateCategory: AppRouteHandler<typeof routes.updateCategory> = async (c) => {
  const saved = await saveCategory(c.get('user')!.id, c.req.valid('param').id, toCategoryFields(c.req.valid('json')));
  return c.json(toStaffCategoryJson(saved), 200);
};

export const deleteCategory: AppRouteHandler<typeof routes.deleteCategory> = async (c) => {
  await removeCategory(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const listBrands: AppRouteHandler<typeof routes.listBrands> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, page(await listBrandsForStaff(), query), toStaffBrandJson), 200);
};

export const getBrand: AppRouteHandler<typeof routes.getBrand> = async (c) =>
  c.json(toStaffBrandJson(await findBrandForStaff(c.req.valid('param').id)), 200);

export const createBrand: AppRouteHandler<typeof routes.createBrand> = async (c) =>
  c.json(toStaffBrandJson(await saveBrand(c.get('user')!.id, null, c.req.valid('json'))), 201);

export const updateBrand: AppRouteHandler<typeof routes.updateBrand> = async (c) =>
  c.json(toStaffBrandJson(await saveBrand(c.get('user')!.id, c.req.valid('param').id, c.req.valid('json'))), 200);

export const deleteBrand: AppRouteHandler<typeof routes.deleteBrand> = async (c) => {
  await removeBrand(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const listCourses: AppRouteHandler<typeof routes.listCourses> = async (c) => {
  const query = c.req.valid('query');
  const found = await listCoursesForStaff({
    search: query.search,
    city: query.city as CityCode | undefined,
    when: query.when,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toStaffCourseJson), 200);
};

export const getCourse: AppRouteHandler<typeof routes.getCourse> = async (c) =>
  c.json(toStaffCourseJson(await findCourseForStaff(c.req.valid('param').id)), 200);

export const createCourse: AppRouteHandler<typeof routes.createCourse> = async (c) =>
  c.json(toStaffCourseJson(await saveCourse(c.get('user')!.id, null, toCourseFields(c.req.valid('json')))), 201);

export const updateCourse: AppRouteHandler<typeof routes.updateCourse> = async (c) =>
  c.json(
    toStaffCourseJson(
      await saveCourse(c.get('user')!.id, c.req.valid('param').id, toCourseFields(c.req.valid('json'))),
    ),
    200,
  );

export const deleteCourse: AppRouteHandler<typeof routes.deleteCourse> = async (c) => {
  await removeCourse(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};

export const listBanners: AppRouteHandler<typeof routes.listBanners> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, page(await listRows('banner'), query), toStaffBannerJson), 200);
};

export const getBanner: AppRouteHandler<typeof routes.getBanner> = async (c) =>
  c.json(toStaffBannerJson(await findRow('banner', c.req.valid('param').id)), 200);

export const createBanner: AppRouteHandler<typeof routes.createBanner> = async (c) =>
  c.json(toStaffBannerJson(await saveRow(c.get('user')!.id, 'banner', null, toBannerValues(c.req.valid('json')))), 201);

export const updateBanner: AppRouteHandler<typeof routes.updateBanner> = async (c) =>
  c.json(
    toStaffBannerJson(
      await saveRow(c.get('user')!.id, 'banner', c.req.valid('param').id, toBannerValues(c.req.valid('json'))),
    ),
    200,
  );

export const deleteBanner: AppRouteHandler<typeof routes.deleteBanner> = async (c) => {
  await deleteRow(c.get('user')!.id, 'banner', c.req.valid('param').id);
  return c.body(null, 204);
};

export const listContacts: AppRouteHandler<typeof routes.listContacts> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, page(await listRows('contact'), query), toStaffContactJson), 200);
};

export const getContact: AppRouteHandler<typeof routes.getContact> = async (c) =>
  c.json(toStaffContactJson(await findRow('contact', c.req.valid('param').id)), 200);

export const createContact: AppRouteHandler<typeof routes.createContact> = async (c) =>
  c.json(
    toStaffContactJson(await saveRow(c.get('user')!.id, 'contact', null, toContactValues(c.req.valid('json')))),
    201,
  );

export const updateContact: AppRouteHandler<typeof routes.updateContact> = async (c) =>
  c.json(
    toStaffContactJson(
      await saveRow(c.get('user')!.id, 'contact', c.req.valid('param').id, toContactValues(c.req.valid('json'))),
    ),
    200,
  );

export const deleteContact: AppRouteHandler<typeof routes.deleteContact> = async (c) => {
  await deleteRow(c.get('user')!.id, 'contact', c.req.valid('param').id);
  return c.body(null, 204);
};

/** A new row's slug: the one given, else made from its name. */
function withSlug<T extends { slug?: string; name?: string }>(body: T): T & { slug: string } {
  const slug = body.slug || slugify(body.name ?? '').slice(0, 190);
  if (!slug) throw new ValidationError({ slug: ['Из названия не получается адрес: укажите slug латиницей.'] });
  return { ...body, slug };
}

export const listCourseCategories: AppRouteHandler<typeof routes.listCourseCategories> = async (c) => {
  const query = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, query, page(await listRows('course_category'), query), toStaffCourseCategoryJson),
    200,
  );
};

export const getCourseCategory: AppRouteHandler<typeof routes.getCourseCategory> = async (c) =>
  c.json(toStaffCourseCategoryJson(await findRow('course_category', c.req.valid('param').id)), 200);

export const createCourseCategory: AppRouteHandler<typeof routes.createCourseCategory> = async (c) =>
  c.json(
    toStaffCourseCategoryJson(await saveRow(c.get('user')!.id, 'course_category', null, withSlug(c.req.valid('json')))),
    201,
  );

export const updateCourseCategory: AppRouteHandler<typeof routes.updateCourseCategory> = async (c) =>
  c.json(
    toStaffCourseCategoryJson(
      await saveRow(c.get('user')!.id, 'course_category', c.req.valid('param').id, c.req.valid('json')),
    ),
    200,
  );

export const deleteCourseCategory: AppRouteHandler<typeof routes.deleteCourseCategory> = async (c) => {
  await deleteRow(c.get('user')!.id, 'course_category', c.req.valid('param').id);
  return c.body(null, 204);
};

export const listSpecifications: AppRouteHandler<typeof routes.listSpecifications> = async (c) => {
  const query = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, query, page(await listRows('specification'), query), toStaffSpecificationJson),
    200,
  );
};

export const getSpecification: AppRouteHandler<typeof routes.getSpecification> = async (c) =>
  c.json(toStaffSpecificationJson(await findRow('specification', c.req.valid('param').id)), 200);

export const createSpecification: AppRouteHandler<typeof routes.createSpecification> = async (c) =>
  c.json(
    toStaffSpecificationJson(
      await saveRow(c.get('user')!.id, 'specification', null, toSpecificationValues(withSlug(c.req.valid('json')))),
    ),
    201,
  );

export const updateSpecification: AppRouteHandler<typeof routes.updateSpecification> = async (c) =>
  c.json(
    toStaffSpecificationJson(
      await saveRow(
        c.get('user')!.id,
        'specification',
        c.req.valid('param').id,
        toSpecificationValues(c.req.valid('json')),
      ),
    ),
    200,
  );

export const deleteSpecification: AppRouteHandler<typeof routes.deleteSpecification> = async (c) => {
  await deleteRow(c.get('user')!.id, 'specification', c.req.valid('param').id);
  return c.body(null, 204);
};

/** A new document's slug: the one given, else made from its title. */
const withDocumentSlug = <T extends { slug?: string; title: string }>(body: T) =>
  withSlug({ ...body, name: body.title });

export const listDocuments: AppRouteHandler<typeof routes.listDocuments> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, page(await listRows('document'), query), toStaffDocumentJson), 200);
};

export const getDocument: AppRouteHandler<typeof routes.getDocument> = async (c) =>
  c.json(toStaffDocumentJson(await findRow('document', c.req.valid('param').id)), 200);

export const createDocument: AppRouteHandler<typeof routes.createDocument> = async (c) => {
  const { name: _name, ...body } = withDocumentSlug(c.req.valid('json'));
  return c.json(toStaffDocumentJson(await saveRow(c.get('user')!.id, 'document', null, toDocumentValues(body))), 201);
};

export const updateDocument: AppRouteHandler<typeof routes.updateDocument> = async (c) =>
  c.json(
    toStaffDocumentJson(
      await saveRow(c.get('user')!.id, 'document', c.req.valid('param').id, toDocumentValues(c.req.valid('json'))),
    ),
    200,
  );

export const deleteDocument: AppRouteHandler<typeof routes.deleteDocument> = async (c) => {
  await deleteRow(c.get('user')!.id, 'document', c.req.valid('param').id);
  return c.body(null, 204);
};

export const listPrintingPrices: AppRouteHandler<typeof routes.listPrintingPrices> = async (c) => {
  const query = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, query, page(await listPrintingPricesForStaff(), query), toStaffPrintingPriceJson),
    200,
  );
};

export const getPrintingPrice: AppRouteHandler<typeof routes.getPrintingPrice> = async (c) =>
  c.json(toStaffPrintingPriceJson(await findPrintingPriceForStaff(c.req.valid('param').id)), 200);

export const createPrintingPrice: AppRouteHandler<typeof routes.createPrintingPrice> = async (c) =>
  c.json(
    toStaffPrintingPriceJson(
      await savePrintingPrice(c.get('user')!.id, null, toPrintingPriceFields(c.req.valid('json'))),
    ),
    201,
  );

export const updatePrintingPrice: AppRouteHandler<typeof routes.updatePrintingPrice> = async (c) =>
  c.json(
    toStaffPrintingPriceJson(
      await savePrintingPrice(c.get('user')!.id, c.req.valid('param').id, toPrintingPriceFields(c.req.valid('json'))),
    ),
    200,
  );

export const deletePrintingPrice: AppRouteHandler<typeof routes.deletePrintingPrice> = async (c) => {
  await removePrintingPrice(c.get('user')!.id, c.req.valid('param').id);
  return c.body(null, 204);
};
