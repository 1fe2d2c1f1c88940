import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../../scripts/api-types.ts';

describe('src/lib/api/schema.gen.ts', () => {
  it('is what openapi-typescript generates from the current OpenAPI document', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const generated = await renderApiTypes();
    expect(
      committed,
      'src/lib/api/schema.gen.ts is out of date with the API: run `npm run api:types` and commit the result',
    ).toBe(generated);
  });
});
