import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listCategories } from '~/lib/api/catalog.ts';
import type { CategoryNode } from '~/lib/api/types.ts';
import { $categories, categoryPath, fetchCategories, findCategory, selectCategory } from '~/stores/categories.ts';
import { deferred } from '../fixtures/products.ts';

vi.mock('~/lib/api/catalog.ts', () => ({ listCategories: vi.fn() }));

function node(slug: string, children: CategoryNode[] = []): CategoryNode {
  return { id: slug.length, slug, name: slug, image: null, children };
}

const tree: CategoryNode[] = [
  node('therapy', [node('composites', [node('flowable'), node('packable', [node('bulk-fill')])]), node('adhesives')]),
  node('orthodontics', [node('brackets')]),
];

afterEach(() => {
  cleanStores($categories);
  $categories.set({ tree: [], selected: null, status: 'idle', errorMessage: null });
  vi.mocked(listCategories).mockReset();
});

describe('findCategory', () => {
  it('finds a root node', () => {
    expect(findCategory(tree, 'orthodontics')).toBe(tree[1]);
  });

  it('finds a node nested several levels down', () => {
    expect(findCategory(tree, 'bulk-fill')?.slug).toBe('bulk-fill');
    expect(findCategory(tree, 'brackets')?.slug).toBe('brackets');
  });

  it('returns undefined for an unknown slug or an empty tree', () => {
    expect(findCategory(tree, 'implants')).toBeUndefined();
    expect(findCategory([], 'therapy')).toBeUndefined();
  });
});

describe('categoryPath', () => {
  it('lists the nodes from the root to the slug', () => {
    expect(categoryPath(tree, 'bulk-fill').map((n) => n.slug)).toEqual([
      'therapy',
      'composites',
      'packable',
      'bulk-fill',
    ]);
    expect(categoryPath(tree, 'nothing')).toEqual([]);
  });
});

describe('categories store', () => {
  it('goes from idle to pending to succeeded with the tree', async () => {
    expect($categories.get().status).toBe('idle');
    const answer = deferred<CategoryNode[]>();
    vi.mocked(listCategories).mockReturnValue(answer.promise);
    const done = fetchCategories();
    expect($categories.get().status).toBe('pending');
    answer.resolve(tree);
    await done;
    expect($categories.get()).toMatchObject({ tree, status: 'succeeded', errorMessage: null });
  });

  it('goes to failed with the error text', async () => {
    vi.mocked(listCategories).mockRejectedValue(new Error('offline'));
    await fetchCategories();
    expect($categories.get()).toMatchObject({ status: 'failed', errorMessage: 'offline' });
  });

  it('selects a category found by slug in the tree', () => {
    $categories.setKey('tree', tree);
    selectCategory('packable');
    expect($categories.get().selected?.slug).toBe('packable');
    selectCategory('unknown');
    expect($categories.get().selected).toBeNull();
    selectCategory(null);
    expect($categories.get().selected).toBeNull();
  });

  it('resolves the selected slug again in a freshly loaded tree', async () => {
    $categories.setKey('selected', node('flowable'));
    vi.mocked(listCategories).mockResolvedValue(tree);
    await fetchCategories();
    expect($categories.get().selected).toBe(findCategory(tree, 'flowable'));
  });
});
