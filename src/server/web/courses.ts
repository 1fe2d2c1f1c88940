/** What the course pages load, read from their URLs: the list with its filters, and the month calendar. */
import { CITIES, COUNTRY_CITY, isCityCode, type CityCode } from '../../shared/cities.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { MONTH_PATTERN, monthGrid, shiftMonth, shopToday, daysBetween } from '../courses/course-dates.ts';
import {
  countUpcomingCoursesByCity,
  listCourseCategories,
  listCourses,
  type CourseCategory,
  type CourseSummary,
} from '../courses/courses.queries.ts';
import { CONTENT_PAGE_SIZE } from './content.ts';
import { pageNumberParam } from './page-input.ts';

export interface CourseFiltersView {
  /** Whose pages: its cities come first among the chips. */
  country: CountryCode;
  /** `all` for every city. */
  city: CityCode | 'all';
  /** A category slug, or null for every category. */
  category: string | null;
  categories: CourseCategory[];
  /** Upcoming courses per city. */
  cityCounts: Partial<Record<CityCode, number>>;
  /** Set when the URL named a city or category that does not exist (it was left out). */
  notice?: string;
}

/**
 * The filters of the URL. Without `?city=` a country's pages start on its own city (Bishkek for `kg`, Almaty
 * for `kz`); the API keeps the brief's Almaty as its default.
 */
async function readFilters(params: URLSearchParams, country: CountryCode): Promise<CourseFiltersView> {
  const [{ items: categories }, cityCounts] = await Promise.all([
    listCourseCategories({ limit: 100, offset: 0 }),
    countUpcomingCoursesByCity(),
  ]);
  const notices: string[] = [];
  const cityParam = params.get('city');
  let city: CityCode | 'all' = COUNTRY_CITY[country];
  if (cityParam === 'all') city = 'all';
  else if (isCityCode(cityParam)) city = cityParam;
  else if (cityParam !== null) {
    city = 'all';
    notices.push('Такого города в списке нет, поэтому показаны курсы во всех городах.');
  }
  const categoryParam = params.get('category') || null;
  let category = categoryParam;
  if (categoryParam && !categories.some((c) => c.slug === categoryParam)) {
    category = null;
    notices.push('Такой категории курсов нет, поэтому показаны все категории.');
  }
  return { country, city, category, categories, cityCounts, notice: notices.join(' ') || undefined };
}

export interface CourseListView extends CourseFiltersView {
  items: CourseSummary[];
  count: number;
  page: number;
  pageCount: number;
}

/** Upcoming courses of the URL's city and category; null when its page does not exist. */
export async function loadCourseList(params: URLSearchParams, country: CountryCode): Promise<CourseListView | null> {
  const page = pageNumberParam(params);
  if (page === null) return null;
  const filters = await readFilters(params, country);
  const { items, count } = await listCourses({
    city: filters.city === 'all' ? undefined : filters.city,
    category: filters.category ?? undefined,
    firstIn: country,
    limit: CONTENT_PAGE_SIZE,
    offset: (page - 1) * CONTENT_PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(count / CONTENT_PAGE_SIZE));
  if (page > pageCount) return null;
  return { ...filters, items, count, page, pageCount };
}

export interface CourseCalendarView extends CourseFiltersView {
  month: string;
  previousMonth: string;
  nextMonth: string;
  today: string;
  /** Weeks of seven days, Monday first; null outside the month. */
  weeks: (string | null)[][];
  /** The month's courses, soonest first. */
  courses: CourseSummary[];
  /** The courses running on each day of the month. */
  byDay: Map<string, CourseSummary[]>;
}

/**
 * The month of the URL (`?month=YYYY-MM`) with the courses that run in it; without one, the month of the
 * next course of the chosen city and category (this month when nothing is coming), so the calendar never
 * opens on an empty month while a course starts soon.
 */
export async function loadCourseCalendar(params: URLSearchParams, country: CountryCode): Promise<CourseCalendarView> {
  const today = shopToday();
  const filters = await readFilters(params, country);
  const city = filters.city === 'all' ? undefined : filters.city;
  const category = filters.category ?? undefined;
  const monthParam = params.get('month');
  let month = today.slice(0, 7);
  if (monthParam !== null && MONTH_PATTERN.test(monthParam)) month = monthParam;
  else {
    if (monthParam !== null)
      filters.notice = [filters.notice, 'Месяц указан неверно, поэтому показан ближайший с курсами.']
        .filter(Boolean)
        .join(' ');
    const [next] = (await listCourses({ city, category, limit: 1, offset: 0 }, today)).items;
    if (next && next.startDate.slice(0, 7) > month) month = next.startDate.slice(0, 7);
  }
  const { items } = await listCourses({ city, category, month, limit: 100, offset: 0 });
  const byDay = new Map<string, CourseSummary[]>();
  for (const course of items) {
    for (const day of daysBetween(course.startDate, course.endDate)) {
      if (!day.startsWith(month)) continue;
      byDay.set(day, [...(byDay.get(day) ?? []), course]);
    }
  }
  return {
    ...filters,
    month,
    previousMonth: shiftMonth(month, -1),
    nextMonth: shiftMonth(month, 1),
    today,
    weeks: monthGrid(month),
    courses: items,
    byDay,
  };
}

/** «в Алматы», «во всех городах». */
export function cityPhrase(city: CityCode | 'all'): string {
  return city === 'all' ? 'во всех городах' : CITIES[city].inName;
}
