import { listJournal as journalPage, listJournalPeople as peoplePage } from '../../audit/journal.queries.ts';
import { listStaffChanges } from '../../audit/staff-changes.ts';
import type { AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toJournalEntryJson, toJournalPersonJson, toStaffChangeJson } from './staff-journal.mappers.ts';
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

export const listJournal: AppRouteHandler<typeof routes.listJournal> = async (c) => {
  const query = c.req.valid('query');
  const found = await journalPage({
    entity: query.entity,
    entityId: query.entity_id,
    userId: query.user,
    from: query.date_from,
    to: query.date_to,
    limit: query.limit,
    offset: query.offset,
  });
  return c.json(toMappedPage(c.req.url, query, found, toJournalEntryJson), 200);
};

export const listJournalPeople: AppRouteHandler<typeof routes.listJournalPeople> = async (c) => {
  const query = c.req.valid('query');
  return c.json(toMappedPage(c.req.url, query, await peoplePage(query), toJournalPersonJson), 200);
};
