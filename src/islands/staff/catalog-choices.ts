/** The catalog's categories (as a flat, indented list) and brands, for the product form's selects. */
import { useEffect, useState } from 'react';
import { listBrands, listCategories } from '../../lib/api/catalog.ts';
import type { CategoryNode } from '../../lib/api/types.ts';
import type { Choice } from './choices.ts';

export function flattenCategories(nodes: CategoryNode[], depth = 0): Choice[] {
  return nodes.flatMap((node) => [
    { id: node.slug, name: `${'— '.repeat(depth)}${node.name}` },
    ...flattenCategories(node.children, depth + 1),
  ]);
}

export function useCatalogChoices(): { categories: Choice[]; brands: Choice[] } {
  const [categories, setCategories] = useState<Choice[]>([]);
  const [brands, setBrands] = useState<Choice[]>([]);
  useEffect(() => {
    let live = true;
    void listCategories()
      .then((tree) => live && setCategories(flattenCategories(tree)))
      .catch(() => undefined);
    void listBrands({ limit: 1000 })
      .then((page) => live && setBrands(page.results.map((b) => ({ id: b.slug, name: b.name }))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return { categories, brands };
}
