import type { Brand } from '../../catalog/brands.queries.ts';
import type { ProductDetail, ProductSummary } from '../../catalog/products.queries.ts';
import type { Specification } from '../../catalog/specifications.queries.ts';
import { sanitizeForPage } from '../../content/sanitize.ts';

export function toProductListItemJson(p: ProductSummary) {
  return {
    id: p.id,
    slug: p.slug,
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    category: p.category,
    images: p.images,
    price: p.price,
    list_price: p.listPrice === undefined ? p.price : p.listPrice,
    old_price: p.oldPrice,
    currency: p.currency,
    quantity: p.quantity,
    in_stock: p.inStock,
    is_active: p.isActive,
    country: p.country,
  };
}

export function toProductJson(p: ProductDetail) {
  return {
    ...toProductListItemJson(p),
    description: sanitizeForPage(p.description),
    specifications: p.specifications,
    breadcrumbs: p.breadcrumbs,
    available_in_country: p.availableInCountry,
    offers: p.offers.map((o) => ({ country: o.country, in_stock: o.inStock })),
    family: p.familyKey,
    family_members: p.family.map((m) => ({
      id: m.id,
      slug: m.slug,
      name: m.name,
      label: m.label,
      available: m.available,
      in_stock: m.inStock,
      current: m.current,
    })),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function toBrandJson(b: Brand) {
  return { id: b.id, slug: b.slug, name: b.name, origin: b.origin, description: b.description, logo: b.logo };
}

export function toSpecificationJson(s: Specification) {
  return { id: s.id, slug: s.slug, name: s.name, unit: s.unit, kind: s.kind, is_filter: s.isFilter, values: s.values };
}
