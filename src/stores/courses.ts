import { map } from 'nanostores';
import { getCourse, listCourseCategories, listCourses, type CourseListQuery } from '~/lib/api/services.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import type { CityCode, Course, CourseCategory, CourseListItem } from '~/lib/api/types.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

/** The brief's default city of the course list. */
export const DEFAULT_COURSE_CITY: CityCode = 'ALMATY';

export interface CoursesState {
  courses: CourseListItem[];
  count: number;
  course: Course | null;
  /** The calendar: the courses of one month. */
  calendarCourses: CourseListItem[];
  categories: CourseCategory[];
  /** A city code, or `''` for every city. */
  selectedCity: CityCode | '';
  status: LoadStatus;
  calendarStatus: LoadStatus;
  categoriesStatus: LoadStatus;
  error: string | null;
}

export function initialCoursesState(): CoursesState {
  return {
    courses: [],
    count: 0,
    course: null,
    calendarCourses: [],
    categories: [],
    selectedCity: DEFAULT_COURSE_CITY,
    status: 'idle',
    calendarStatus: 'idle',
    categoriesStatus: 'idle',
    error: null,
  };
}

export const $courses = map<CoursesState>(initialCoursesState());

export function selectCity(city: CityCode | ''): void {
  $courses.setKey('selectedCity', city);
}

type StatusKey = 'status' | 'calendarStatus' | 'categoriesStatus';

// idle → pending → succeeded or failed (brief §4), for each of the area's three lists.
function loader<T>(statusKey: StatusKey, apply: (answer: T) => Partial<CoursesState>) {
  const guard = createLatestGuard();
  return async (call: () => Promise<T>): Promise<void> => {
    const ticket = guard.next();
    $courses.set({ ...$courses.get(), [statusKey]: 'pending' });
    try {
      const answer = await call();
      if (!guard.isLatest(ticket)) return;
      $courses.set({ ...$courses.get(), ...apply(answer), [statusKey]: 'succeeded', error: null });
    } catch (error) {
      if (!guard.isLatest(ticket)) return;
      $courses.set({ ...$courses.get(), [statusKey]: 'failed', error: apiErrorMessage(error) });
    }
  };
}

const loadList = loader<Awaited<ReturnType<typeof listCourses>>>('status', (page) => ({
  courses: page.results,
  count: page.count,
}));
const loadCalendar = loader<Awaited<ReturnType<typeof listCourses>>>('calendarStatus', (page) => ({
  calendarCourses: page.results,
}));
const loadCategories = loader<Awaited<ReturnType<typeof listCourseCategories>>>('categoriesStatus', (page) => ({
  categories: page.results,
}));
const loadOne = loader<Course>('status', (course) => ({ course }));

/** Upcoming courses of the selected city (unless the query names one). */
export function fetchCourses(query: Omit<CourseListQuery, 'month'> = {}): Promise<void> {
  return loadList(() => listCourses({ city: $courses.get().selectedCity, ...query }));
}

/** The courses that run in `month` (`YYYY-MM`) in the selected city. */
export function fetchCalendarCourses(month: string, query: Omit<CourseListQuery, 'month'> = {}): Promise<void> {
  return loadCalendar(() => listCourses({ city: $courses.get().selectedCity, limit: 100, ...query, month }));
}

export function fetchCourseCategories(): Promise<void> {
  return loadCategories(() => listCourseCategories());
}

export function fetchCourse(slug: string): Promise<void> {
  return loadOne(() => getCourse(slug));
}
