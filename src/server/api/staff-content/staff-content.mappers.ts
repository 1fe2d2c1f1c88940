import type { CategoryFields, StaffBrand, StaffCategory } from '../../catalog/taxonomy.service.ts';
import type { StaffChange } from '../../audit/staff-changes.ts';
import type { VacancyFields } from '../../vacancies/vacancies.service.ts';

export function toStaffChangeJson(change: StaffChange) {
  return {
    id: change.id,
    at: change.at.toISOString(),
    user: change.user,
    entity: change.entity,
    entity_id: change.entityId,
    action: change.action,
    changes: change.changes,
  };
}

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
}): CategoryFields {
  const { is_active, ...rest } = body;
  return is_active === undefined ? rest : { ...rest, isActive: is_active };
}
