import { z } from '@hono/zod-openapi';
import { siteOrigin } from '../site-url.ts';

export const MAX_LIMIT = 100;
export const MAX_OFFSET = 1_000_000_000;

/** `limit` and `offset` as DRF's LimitOffsetPagination reads them; `limit` above 100 is capped, not refused. */
export function paginationQuery(defaultLimit: number) {
  return {
    limit: z
      .string()
      .regex(/^\d+$/, 'Введите целое положительное число.')
      // Capped before it becomes a number, so a limit too long for a JavaScript number is still just "many".
      .transform((s) => Math.min(Number(s), MAX_LIMIT))
      .pipe(z.number().int().min(1, 'Убедитесь, что значение больше или равно 1.'))
      .optional()
      .default(defaultLimit)
      .openapi({
        param: { description: `Page size, default ${defaultLimit}, at most ${MAX_LIMIT}.` },
        type: 'integer',
      }),
    offset: z
      .string()
      .regex(/^\d+$/, 'Введите целое неотрицательное число.')
      // Past MAX_OFFSET every list is empty anyway; capping keeps the number inside PostgreSQL's integer range.
      .transform((s) => Math.min(Number(s), MAX_OFFSET))
      .optional()
      .default(0)
      .openapi({ param: { description: 'Number of items to skip.' }, type: 'integer' }),
  };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * Builds the DRF list envelope with absolute `next`/`previous` links: the request's path and query on
 * the shop's own origin (`SITE_URL`), never on the `Host` a client sent.
 */
export function toPage<T>(requestUrl: string, items: T[], count: number, limit: number, offset: number): Page<T> {
  const link = (newOffset: number) => {
    const sent = new URL(requestUrl);
    const url = new URL(`${sent.pathname}${sent.search}`, siteOrigin());
    url.searchParams.set('limit', String(limit));
    if (newOffset > 0) url.searchParams.set('offset', String(newOffset));
    else url.searchParams.delete('offset');
    return url.toString();
  };
  return {
    count,
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results: items,
  };
}

/** A domain list (`{items, count}`) as a DRF page of its items' wire shape. */
export function toMappedPage<T, J>(
  requestUrl: string,
  { limit, offset }: { limit: number; offset: number },
  found: { items: T[]; count: number },
  toJson: (item: T) => J,
): Page<J> {
  return toPage(
    requestUrl,
    found.items.map((item) => toJson(item)),
    found.count,
    limit,
    offset,
  );
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
