import { map } from 'nanostores';
import { listCategories } from '~/lib/api/catalog.ts';
import { apiErrorMessage } from '~/lib/api/api-error.ts';
import type { CategoryNode } from '~/lib/api/types.ts';
import { createLatestGuard, type LoadStatus } from './load-status.ts';

export interface CategoriesState {
  tree: CategoryNode[];
  /** The node `selectCategory` found; null when none is selected or the slug is not in the tree. */
  selected: CategoryNode | null;
  status: LoadStatus;
  errorMessage: string | null;
}

export const $categories = map<CategoriesState>({ tree: [], selected: null, status: 'idle', errorMessage: null });

/** The node with `slug` anywhere in the tree, depth first; undefined when absent. */
export function findCategory(tree: readonly CategoryNode[], slug: string): CategoryNode | undefined {
  const stack = [...tree].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.slug === slug) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return undefined;
}

/** Root-first chain of nodes leading to `slug`, the node itself last; empty when absent. */
export function categoryPath(tree: readonly CategoryNode[], slug: string): CategoryNode[] {
  for (const node of tree) {
    if (node.slug === slug) return [node];
    const below = categoryPath(node.children, slug);
    if (below.length) return [node, ...below];
  }
  return [];
}

export function selectCategory(slug: string | null): void {
  $categories.setKey('selected', slug === null ? null : (findCategory($categories.get().tree, slug) ?? null));
}

const guard = createLatestGuard();

/** Loads the tree (idle → pending → succeeded or failed) and re-resolves the selected slug in it. */
export async function fetchCategories(): Promise<void> {
  const ticket = guard.next();
  $categories.set({ ...$categories.get(), status: 'pending', errorMessage: null });
  try {
    const tree = await listCategories();
    if (!guard.isLatest(ticket)) return;
    const selectedSlug = $categories.get().selected?.slug;
    const selected = selectedSlug ? (findCategory(tree, selectedSlug) ?? null) : null;
    $categories.set({ tree, selected, status: 'succeeded', errorMessage: null });
  } catch (error) {
    if (!guard.isLatest(ticket)) return;
    $categories.set({ ...$categories.get(), status: 'failed', errorMessage: apiErrorMessage(error) });
  }
}
