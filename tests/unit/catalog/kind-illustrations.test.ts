import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDemoProducts } from '~/server/catalog/seed/products.ts';
import { KIND_LABELS } from '~/server/catalog/seed/kind-labels.ts';
import { kinds } from '~/server/catalog/seed/kinds.ts';

const publicDir = path.resolve(import.meta.dirname, '../../../public');

describe('demo product illustrations', () => {
  it('give every kind of product a picture of its own, with its label, shipped in the repo', () => {
    const files = Object.keys(kinds).map((key) => path.join(publicDir, 'images/demo/kinds', `${key}.svg`));
    for (const [index, file] of files.entries()) {
      expect(existsSync(file), file).toBe(true);
      const label = Object.values(KIND_LABELS)[index]!;
      expect(readFileSync(file, 'utf8')).toContain(`>${label}</text>`);
    }
    expect(new Set(files.map((file) => readFileSync(file, 'utf8'))).size).toBe(files.length);
  });

  it('put a product’s own kind picture first, and every picture exists', () => {
    for (const product of buildDemoProducts()) {
      expect(product.images[0]).toMatch(/^\/images\/demo\/kinds\/[a-z-]+\.svg$/);
      for (const image of product.images) expect(existsSync(path.join(publicDir, image)), image).toBe(true);
    }
  });
});
