import { publicApi as api, type ApiClient } from './transport.ts';
import { pageToOffset } from './paging.ts';
import { compactQuery } from './query.ts';
import { assertRequired } from './required.ts';
import type {
  CountryCode,
  Course,
  CourseCategory,
  CourseListItem,
  Paginated,
  PrintingPrice,
  Vacancy,
} from './types.ts';

export interface PageQuery {
  limit?: number;
  /** 1-based. */
  page?: number;
}

const paging = ({ limit = 12, page }: PageQuery) => {
  const offset = pageToOffset(page, limit);
  return { limit, offset: offset > 0 ? offset : undefined };
};

export function listCourseCategories(client: ApiClient = api): Promise<Paginated<CourseCategory>> {
  return client<Paginated<CourseCategory>>('/services/course_categories/', { query: { limit: 100 } });
}

export interface CourseListQuery extends PageQuery {
  /** Course category slug; empty for every category (the brief's default). */
  category?: string;
  /** City code (`ALMATY`); empty for every city. */
  city?: string;
  /** `YYYY-MM`: the calendar of that month. */
  month?: string;
}

/** Upcoming courses, or with `month` the calendar; an empty `category` or `city` means «all». */
export function listCourses(query: CourseListQuery = {}, client: ApiClient = api): Promise<Paginated<CourseListItem>> {
  return client<Paginated<CourseListItem>>('/services/courses/', {
    query: compactQuery({ ...paging(query), month: query.month, category: query.category, city: query.city }),
  });
}

export function getCourse(slug: string, client: ApiClient = api): Promise<Course> {
  assertRequired(slug, 'slug', 'getCourse');
  return client<Course>(`/services/courses/${encodeURIComponent(slug)}/`);
}

export function listPrintingPrices(
  query: PageQuery & { country: CountryCode },
  client: ApiClient = api,
): Promise<Paginated<PrintingPrice>> {
  assertRequired(query, 'query', 'listPrintingPrices');
  assertRequired(query.country, 'country', 'listPrintingPrices');
  return client<Paginated<PrintingPrice>>('/services/printing_prices/', {
    query: compactQuery({ ...paging(query), country: query.country }),
  });
}

export function getPrintingPrice(id: number, country: CountryCode, client: ApiClient = api): Promise<PrintingPrice> {
  assertRequired(id, 'id', 'getPrintingPrice');
  assertRequired(country, 'country', 'getPrintingPrice');
  return client<PrintingPrice>(`/services/printing_prices/${encodeURIComponent(id)}/`, { query: { country } });
}

export function listVacancies(
  query: PageQuery & { country?: CountryCode } = {},
  client: ApiClient = api,
): Promise<Paginated<Vacancy>> {
  return client<Paginated<Vacancy>>('/services/vacancies/', {
    query: compactQuery({ ...paging(query), country: query.country }),
  });
}

export function getVacancy(id: number, client: ApiClient = api): Promise<Vacancy> {
  assertRequired(id, 'id', 'getVacancy');
  return client<Vacancy>(`/services/vacancies/${encodeURIComponent(id)}/`);
}
