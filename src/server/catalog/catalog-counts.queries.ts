/**
 * The counts of the catalog page and the brand list: how many products a country sells in each category
 * (everything below it included) and of each brand, the numbers their own listings show. Each is one
 * query over the catalog summary (`catalog-stats.ts`), so its cost follows the taxonomy, not the catalog.
 */
import type { CountryCode } from '../../shared/countries.ts';
import { memoCache } from '../cache/memo.ts';
import { getDb } from '../db/client.ts';
import { productsPerBrand, productsPerCategory } from './catalog-stats.ts';
import { buildTree, loadCategories, type CategoryNode } from './categories.queries.ts';

export interface CountedCategory extends Omit<CategoryNode, 'children'> {
  /** Active products the country sells in the category and below it. */
  products: number;
  children: CountedCategory[];
}

/** The category tree with each category's product count in the country. */
export function getCountedCategoryTree(country: CountryCode): Promise<CountedCategory[]> {
  return treeCache.get(country, async () => {
    const [rows, own] = await Promise.all([loadCategories(), getDb().then((db) => productsPerCategory(db, country))]);
    const counted = (node: CategoryNode): CountedCategory => {
      const children = node.children.map(counted);
      const below = children.reduce((sum, child) => sum + child.products, 0);
      return { ...node, products: (own.get(node.id) ?? 0) + below, children };
    };
    return buildTree(rows).map(counted);
  });
}

const treeCache = memoCache<CountedCategory[]>({ scopes: ['catalog'], max: 4 });

/** Active products of each brand the country sells, by brand id; a brand it sells nothing of is absent. */
export function getBrandProductCounts(country: CountryCode): Promise<ReadonlyMap<number, number>> {
  return brandCountCache.get(country, async () => productsPerBrand(await getDb(), country));
}

const brandCountCache = memoCache<ReadonlyMap<number, number>>({ scopes: ['catalog'], max: 4 });
