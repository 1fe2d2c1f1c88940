import { listStaffChanges } from '../../audit/staff-changes.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toStaffChangeJson } from './staff-journal.mappers.ts';
import type * as routes from './staff-journal.routes.ts';

export const listChanges: AppRouteHandler<typeof routes.listChanges> = async (c) => {
  const query = c.req.valid('query');
  const found = await listStaffChanges({
    entity: query.entity,
    entityId: query.entity_id,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toStaffChangeJson), 200);
};
