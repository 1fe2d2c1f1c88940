import { PUBLIC_CACHE_CONTROL } from '~/server/cache/lifetimes.ts';
import type { APIRoute } from 'astro';
import { courseIcs } from '~/server/courses/course-ics.ts';
import { getCourse } from '~/server/courses/courses.queries.ts';
import { absoluteUrl, siteOrigin } from '~/server/site-url.ts';
import { isSlug, orNotFound } from '~/server/web/http.ts';
import { isCountryCode } from '~/shared/countries.ts';
import { paths } from '~/shared/paths.ts';

/** «Добавить в календарь»: the course's days as an iCalendar file. */
export const GET: APIRoute = async ({ params }) => {
  const { country, slug } = params;
  const course = isCountryCode(country) && isSlug(slug) ? await orNotFound(getCourse(slug)) : null;
  if (!isCountryCode(country) || !course)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const body = courseIcs(course, absoluteUrl(paths.course(country, course.slug)), new URL(siteOrigin()).hostname);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${course.slug}.ics"`,
      'Cache-Control': PUBLIC_CACHE_CONTROL,
    },
  });
};
