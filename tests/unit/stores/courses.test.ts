import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCourse, listCourseCategories, listCourses } from '~/lib/api/services.ts';
import {
  $courses,
  fetchCalendarCourses,
  fetchCourse,
  fetchCourseCategories,
  fetchCourses,
  initialCoursesState,
  selectCity,
} from '~/stores/courses.ts';
import { hydrateStore } from '~/stores/hydrate.ts';
import { deferred, page } from '../fixtures/products.ts';

vi.mock('~/lib/api/services.ts', () => ({ listCourses: vi.fn(), getCourse: vi.fn(), listCourseCategories: vi.fn() }));

afterEach(() => {
  cleanStores($courses);
  $courses.set(initialCoursesState());
  vi.mocked(listCourses).mockReset();
  vi.mocked(getCourse).mockReset();
  vi.mocked(listCourseCategories).mockReset();
});

describe('courses store', () => {
  it("starts idle with Almaty selected (the brief's default city)", () => {
    expect($courses.get()).toMatchObject({
      selectedCity: 'ALMATY',
      status: 'idle',
      calendarStatus: 'idle',
      categoriesStatus: 'idle',
      courses: [],
    });
  });

  it("lists the selected city's courses: idle → pending → succeeded", async () => {
    const answer = deferred<any>();
    vi.mocked(listCourses).mockReturnValue(answer.promise);
    const done = fetchCourses({ category: 'endodontiya' });
    expect($courses.get().status).toBe('pending');
    answer.resolve(page([{ slug: 'a' }], 5));
    await done;
    expect($courses.get()).toMatchObject({ status: 'succeeded', courses: [{ slug: 'a' }], count: 5 });
    expect(listCourses).toHaveBeenCalledWith({ city: 'ALMATY', category: 'endodontiya' });
  });

  it('asks for every city once the selection is emptied', async () => {
    vi.mocked(listCourses).mockResolvedValue(page([]));
    selectCity('');
    await fetchCourses();
    expect(listCourses).toHaveBeenCalledWith({ city: '' });
  });

  it("loads a month's calendar apart from the list", async () => {
    vi.mocked(listCourses).mockResolvedValue(page([{ slug: 'march' }]) as any);
    selectCity('BISHKEK');
    await fetchCalendarCourses('2027-03');
    expect(listCourses).toHaveBeenCalledWith({ city: 'BISHKEK', limit: 100, month: '2027-03' });
    expect($courses.get()).toMatchObject({
      calendarStatus: 'succeeded',
      calendarCourses: [{ slug: 'march' }],
      status: 'idle',
      courses: [],
    });
  });

  it('goes to failed with the error text', async () => {
    vi.mocked(listCourseCategories).mockRejectedValue(new Error('offline'));
    await fetchCourseCategories();
    expect($courses.get()).toMatchObject({ categoriesStatus: 'failed', error: 'offline' });
    vi.mocked(listCourseCategories).mockResolvedValue(page([{ slug: 'terapiya' }]) as any);
    await fetchCourseCategories();
    expect($courses.get()).toMatchObject({
      categoriesStatus: 'succeeded',
      error: null,
      categories: [{ slug: 'terapiya' }],
    });
  });

  it('loads one course by its slug', async () => {
    vi.mocked(getCourse).mockResolvedValue({ slug: 'endo' } as any);
    await fetchCourse('endo');
    expect($courses.get()).toMatchObject({ course: { slug: 'endo' }, status: 'succeeded' });
  });

  it('merges the state the server rendered, keeping the keys it does not send', () => {
    hydrateStore($courses, { courses: [{ slug: 'server' } as any], selectedCity: 'ASTANA' });
    expect($courses.get()).toMatchObject({
      courses: [{ slug: 'server' }],
      selectedCity: 'ASTANA',
      status: 'idle',
      categories: [],
    });
  });
});
