import { CITIES } from '../../../shared/cities.ts';
import { isUpcoming } from '../../courses/course-dates.ts';
import type { Course, CourseCategory, CourseSummary } from '../../courses/courses.queries.ts';
import type { PrintingPrice } from '../../printing/printing.queries.ts';
import { EMPLOYMENT_TYPE_LABELS, salaryLabel } from '../../vacancies/salary.ts';
import type { Vacancy } from '../../vacancies/vacancies.queries.ts';
import { sanitizeForPage } from '../../content/sanitize.ts';

export function toCourseCategoryJson(c: CourseCategory) {
  return { id: c.id, slug: c.slug, name: c.name, description: c.description };
}

export function toCourseListItemJson(c: CourseSummary) {
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    category: c.category,
    city: c.city,
    city_name: CITIES[c.city]?.name ?? c.city,
    venue: c.venue,
    address: c.address,
    start_date: c.startDate,
    end_date: c.endDate,
    day_starts: c.dayStarts,
    day_ends: c.dayEnds,
    schedule: c.schedule,
    price: c.price,
    currency: c.currency,
    lecturer: c.lecturer,
    lecturer_title: c.lecturerTitle,
    seats_total: c.seatsTotal,
    seats_left: c.seatsLeft,
    lead: c.lead,
    cover: c.cover,
    is_upcoming: isUpcoming(c),
  };
}

export function toCourseJson(c: Course) {
  return { ...toCourseListItemJson(c), description: sanitizeForPage(c.description) };
}

export function toPrintingPriceJson(p: PrintingPrice) {
  return {
    id: p.id,
    service: p.service,
    material: p.material,
    unit: p.unit,
    price: p.price,
    currency: p.currency,
    lead_time: p.leadTime,
    description: p.description,
  };
}

export function toVacancyJson(v: Vacancy) {
  return {
    id: v.id,
    slug: v.slug,
    title: v.title,
    country: v.country,
    city: v.city,
    city_name: CITIES[v.city]?.name ?? v.city,
    employment_type: v.employmentType,
    employment_type_label: EMPLOYMENT_TYPE_LABELS[v.employmentType],
    salary_from: v.salaryFrom,
    salary_to: v.salaryTo,
    salary_currency: v.salaryCurrency,
    salary_label: salaryLabel({ from: v.salaryFrom, to: v.salaryTo, currency: v.salaryCurrency }),
    lead: v.lead,
    duties: v.duties,
    requirements: v.requirements,
    conditions: v.conditions,
    published_at: v.publishedAt.toISOString(),
    valid_through: v.validThrough,
    is_open: v.isOpen,
  };
}
