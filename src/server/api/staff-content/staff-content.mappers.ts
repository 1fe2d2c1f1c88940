import { sanitizeForPage } from '../../content/sanitize.ts';
import type { PrintingPriceFields, StaffPrintingPrice } from '../../printing/printing.service.ts';
import type { findRow } from '../../content/staff-rows.ts';
import type { CategoryFields, StaffBrand, StaffCategory } from '../../catalog/taxonomy.service.ts';
import type { CityCode } from '../../../shared/cities.ts';
import type { CourseFields, StaffCourse } from '../../courses/courses.staff.ts';
import type { VacancyFields } from '../../vacancies/vacancies.service.ts';

interface VacancyBody {
  title?: string;
  slug?: string;
  country?: string;
  city?: string;
  employment_type?: 'full_time' | 'part_time' | 'shift' | 'internship';
  salary_from?: string | null;
  salary_to?: string | null;
  lead?: string;
  duties?: string[];
  requirements?: string[];
  conditions?: string[];
  is_open?: boolean;
  valid_through?: string | null;
}

/** The API's snake_case fields as the service's; absent ones stay absent (a PATCH changes only what it sends). */
export function toVacancyFields(body: VacancyBody): Partial<VacancyFields> {
  const fields: Partial<VacancyFields> = {
    title: body.title,
    slug: body.slug,
    country: body.country,
    city: body.city,
    employmentType: body.employment_type,
    salaryFrom: body.salary_from,
    salaryTo: body.salary_to,
    lead: body.lead,
    duties: body.duties,
    requirements: body.requirements,
    conditions: body.conditions,
    isOpen: body.is_open,
    validThrough: body.valid_through,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<VacancyFields>;
}

export function toStaffCategoryJson(c: StaffCategory) {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    parent: c.parentSlug,
    depth: c.depth,
    position: c.position,
    description: c.description,
    image: c.image,
    is_active: c.isActive,
    products: c.products,
    companions: c.companions,
  };
}

export function toStaffBrandJson(b: StaffBrand) {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    origin: b.origin,
    description: b.description,
    logo: b.logo,
    products: b.products,
  };
}

/** A category body in the service's names; absent fields stay absent. */
export function toCategoryFields(body: {
  name?: string;
  slug?: string;
  parent?: string | null;
  position?: number;
  description?: string;
  image?: string | null;
  is_active?: boolean;
  companions?: string[];
}): CategoryFields {
  const { is_active, ...rest } = body;
  return is_active === undefined ? rest : { ...rest, isActive: is_active };
}

export function toStaffCourseJson(c: StaffCourse) {
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    category: c.category,
    city: c.city,
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
    seats_by_requests: c.seatsByRequests,
    lead: c.lead,
    // Rich text sanitised on the way out too, as pages show it: the editor never gets it raw.
    description: sanitizeForPage(c.description),
    cover: c.cover,
    is_published: c.isPublished,
    updated_at: c.updatedAt.toISOString(),
  };
}

interface CourseBody {
  title?: string;
  slug?: string;
  category?: string;
  city?: string;
  venue?: string;
  address?: string;
  start_date?: string;
  end_date?: string;
  day_starts?: string;
  day_ends?: string;
  schedule?: string;
  price?: string;
  lecturer?: string;
  lecturer_title?: string;
  seats_total?: number;
  seats_left?: number;
  lead?: string;
  description?: string;
  cover?: string | null;
  is_published?: boolean;
}

/** A course body in the service's names; absent fields stay absent. */
export function toCourseFields(body: CourseBody): CourseFields {
  const fields: CourseFields = {
    title: body.title,
    slug: body.slug,
    category: body.category,
    city: body.city as CityCode | undefined,
    venue: body.venue,
    address: body.address,
    startDate: body.start_date,
    endDate: body.end_date,
    dayStarts: body.day_starts,
    dayEnds: body.day_ends,
    schedule: body.schedule,
    price: body.price,
    lecturer: body.lecturer,
    lecturerTitle: body.lecturer_title,
    seatsTotal: body.seats_total,
    seatsLeft: body.seats_left,
    lead: body.lead,
    description: body.description,
    cover: body.cover,
    isPublished: body.is_published,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as CourseFields;
}

type BannerRow = Awaited<ReturnType<typeof findRow<'banner'>>>;
type ContactRow = Awaited<ReturnType<typeof findRow<'contact'>>>;

export function toStaffBannerJson(b: BannerRow) {
  return {
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    link: b.link,
    country: b.country,
    position: b.position,
    is_active: b.isActive,
  };
}

export function toStaffContactJson(c: ContactRow) {
  return {
    id: c.id,
    country: c.country,
    city: c.city,
    address: c.address,
    phones: c.phones,
    email: c.email,
    working_hours: c.workingHours,
    whatsapp: c.whatsapp,
    telegram: c.telegram,
    position: c.position,
  };
}

export function toBannerValues(body: {
  title?: string;
  subtitle?: string;
  image?: string | null;
  link?: string;
  country?: string | null;
  position?: number;
  is_active?: boolean;
}) {
  const { is_active, image, ...rest } = body;
  return { ...rest, image: image ?? undefined, isActive: is_active };
}

export function toContactValues(body: {
  country?: string;
  city?: string;
  address?: string;
  phones?: string[];
  email?: string;
  working_hours?: string;
  whatsapp?: string;
  telegram?: string;
  position?: number;
}) {
  const { working_hours, ...rest } = body;
  return { ...rest, workingHours: working_hours };
}

type CourseCategoryRow = Awaited<ReturnType<typeof findRow<'course_category'>>>;
type SpecificationRow = Awaited<ReturnType<typeof findRow<'specification'>>>;

export function toStaffCourseCategoryJson(c: CourseCategoryRow) {
  return { id: c.id, slug: c.slug, name: c.name, description: c.description, position: c.position };
}

export function toStaffSpecificationJson(s: SpecificationRow) {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    unit: s.unit,
    kind: s.kind,
    is_filter: s.isFilter,
    position: s.position,
  };
}

/** A course category body: the service's names are the API's. */
export function toCourseCategoryValues(body: {
  name?: string;
  slug?: string;
  description?: string;
  position?: number;
}) {
  return body;
}

/** A specification body in the service's names. */
export function toSpecificationValues(body: {
  name?: string;
  slug?: string;
  unit?: string | null;
  kind?: 'number' | 'text';
  is_filter?: boolean;
  position?: number;
}) {
  const { is_filter, ...rest } = body;
  return { ...rest, isFilter: is_filter };
}

type DocumentRow = Awaited<ReturnType<typeof findRow<'document'>>>;

export function toStaffDocumentJson(d: DocumentRow) {
  return {
    id: d.id,
    slug: d.slug,
    document_type: d.documentType,
    title: d.title,
    content: sanitizeForPage(d.content),
    file: d.file,
    updated_at: d.updatedAt.toISOString(),
  };
}

export function toDocumentValues(body: {
  title?: string;
  slug?: string;
  document_type?: string;
  content?: string;
  file?: string | null;
}) {
  const { document_type, ...rest } = body;
  return { ...rest, documentType: document_type };
}

export function toStaffPrintingPriceJson(p: StaffPrintingPrice) {
  return {
    id: p.id,
    service: p.service,
    material: p.material,
    unit: p.unit,
    lead_time: p.leadTime,
    description: p.description,
    position: p.position,
    is_active: p.isActive,
    prices: p.prices,
  };
}

export function toPrintingPriceFields(body: {
  service?: string;
  material?: string;
  unit?: string;
  lead_time?: string;
  description?: string;
  position?: number;
  is_active?: boolean;
  prices?: Partial<Record<string, string | null>>;
}): PrintingPriceFields {
  const { lead_time, is_active, prices, ...rest } = body;
  return {
    ...rest,
    leadTime: lead_time,
    isActive: is_active,
    prices: prices as Record<string, string | null> | undefined,
  };
}
