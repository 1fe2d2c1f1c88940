import { createStaffRouter } from '../staff-router.ts';
import * as handlers from './staff-journal.handlers.ts';
import * as routes from './staff-journal.routes.ts';

export const staffJournalRouter = createStaffRouter(Object.values(routes))
  .openapi(routes.listChanges, handlers.listChanges)
  .openapi(routes.listJournal, handlers.listJournal)
  .openapi(routes.listJournalPeople, handlers.listJournalPeople);
