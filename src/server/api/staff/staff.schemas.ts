import { z } from '@hono/zod-openapi';

export const CACHE_SCOPES = ['catalog', 'core'] as const;

export const cacheInvalidationBody = z
  .object({
    scope: z
      .enum([...CACHE_SCOPES, 'all'], { error: `Допустимые значения: ${[...CACHE_SCOPES, 'all'].join(', ')}.` })
      .default('all')
      .openapi({
        description:
          '`catalog` (products, prices, stock, categories, brands), `core` (rates, banners, contacts, documents) or `all`.',
      }),
  })
  .openapi('CacheInvalidationRequest');

export const cacheInvalidationSchema = z
  .object({ invalidated: z.array(z.enum(CACHE_SCOPES)) })
  .openapi('CacheInvalidation', { description: 'The scopes emptied in every shop process.' });
