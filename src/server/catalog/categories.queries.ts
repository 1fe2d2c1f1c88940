import { memoCache } from '../cache/memo.ts';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { categories } from '../db/schema/index.ts';
import { NotFoundError } from '../errors.ts';

export interface CategoryRecord {
  id: number;
  slug: string;
  name: string;
  parentId: number | null;
  description: string;
  image: string | null;
}

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  children: CategoryNode[];
}

export interface CategoryLink {
  id: number;
  slug: string;
  name: string;
}

export interface CategoryDetail extends CategoryNode {
  description: string;
  parent: CategoryLink | null;
  ancestors: CategoryLink[];
}

export function loadCategories(): Promise<CategoryRecord[]> {
  return categoryCache.get('all', queryCategories);
}

const categoryCache = memoCache<CategoryRecord[]>({ scopes: ['catalog'], max: 1 });

async function queryCategories(): Promise<CategoryRecord[]> {
  const db = await getDb();
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      parentId: categories.parentId,
      description: categories.description,
      image: categories.image,
    })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.name));
}

export function buildTree(rows: CategoryRecord[], parentId: number | null = null): CategoryNode[] {
  return rows
    .filter((row) => row.parentId === parentId)
    .map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      image: row.image,
      children: buildTree(rows, row.id),
    }));
}

/** Ids of the category and every category below it. */
export function subtreeIds(rows: CategoryRecord[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

/** Root-first chain of categories above `id`, excluding it. */
export function ancestorsOf(rows: CategoryRecord[], id: number): CategoryLink[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: CategoryLink[] = [];
  let current = byId.get(id)?.parentId ?? null;
  while (current !== null) {
    const row = byId.get(current);
    if (!row) break;
    chain.unshift({ id: row.id, slug: row.slug, name: row.name });
    current = row.parentId;
  }
  return chain;
}

export async function getCategoryTree(): Promise<CategoryNode[]> {
  return buildTree(await loadCategories());
}

/** @throws NotFoundError for an unknown or hidden slug. */
export async function getCategory(slug: string): Promise<CategoryDetail> {
  const rows = await loadCategories();
  const row = rows.find((r) => r.slug === slug);
  if (!row) throw new NotFoundError();
  const ancestors = ancestorsOf(rows, row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image: row.image,
    description: row.description,
    children: buildTree(rows, row.id),
    parent: ancestors.at(-1) ?? null,
    ancestors,
  };
}
