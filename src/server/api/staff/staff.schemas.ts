import { z } from '@hono/zod-openapi';

import { CACHE_SCOPES } from '../../cache/invalidation.ts';

export const cacheInvalidationBody = z
  .object({
    scope: z
      .enum([...CACHE_SCOPES, 'all'], { error: `Допустимые значения: ${[...CACHE_SCOPES, 'all'].join(', ')}.` })
      .default('all')
      .openapi({
        description:
          '`catalog` (products, prices, stock, categories, brands), `content` (news, articles, pages, banners, documents, contacts, rates, courses, printing prices, vacancies) or `all`.',
      }),
  })
  .openapi('CacheInvalidationRequest');

export const cacheInvalidationSchema = z
  .object({ invalidated: z.array(z.enum(CACHE_SCOPES)) })
  .openapi('CacheInvalidation', { description: 'The scopes emptied in every shop process.' });
