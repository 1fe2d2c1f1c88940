/** The catalog's categories (as an indented list, hidden ones too) and brands, for the product form and filters. */
import type { components } from '../../lib/api/schema.gen.ts';
import type { Choice } from './choices.ts';
import { useAllRecords } from './use-all-records.ts';

type Category = components['schemas']['StaffCategory'] & { id: number };
type Brand = components['schemas']['StaffBrand'] & { id: number };

export function categoryChoices(categories: Category[]): Choice[] {
  return categories.map((c) => ({
    id: c.slug,
    name: `${'— '.repeat(c.depth)}${c.name}${c.is_active ? '' : ' (скрыта)'}`,
  }));
}

export function useCatalogChoices(): { categories: Choice[]; brands: Choice[] } {
  const categories = useAllRecords<Category>('categories');
  const brands = useAllRecords<Brand>('brands');
  return {
    categories: categoryChoices(categories ?? []),
    brands: (brands ?? []).map((b) => ({ id: b.slug, name: b.name })),
  };
}
