import { z } from '@hono/zod-openapi';
import { STAFF_ENTITIES } from '../../audit/staff-changes.ts';
import { line } from '../fields.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';

/** The journal of staff changes. */

export const changeListQuery = z.object({
  ...paginationQuery(25),
  entity: z.enum(STAFF_ENTITIES, { error: `Допустимые значения: ${STAFF_ENTITIES.join(', ')}.` }).optional(),
  entity_id: line(64)
    .optional()
    .openapi({ param: { description: 'With `entity`: the changes of one record.' } }),
});

export const staffChangeSchema = z
  .object({
    id: z.number().int(),
    at: z.string().openapi({ format: 'date-time' }),
    user: z.object({ id: z.number().int(), email: z.string() }).nullable(),
    entity: z.string(),
    entity_id: z.string(),
    action: z.enum(['create', 'update', 'delete']),
    changes: z
      .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
      .openapi({ description: 'Each changed field as `[before, after]` (null on the missing side).' }),
  })
  .openapi('StaffChange');

export const staffChangePageSchema = pageSchema(staffChangeSchema).openapi('StaffChangePage');
