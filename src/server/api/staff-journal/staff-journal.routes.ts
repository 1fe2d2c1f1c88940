import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import * as s from './staff-journal.schemas.ts';

const tags = ['Staff'];
const security = [{ bearerAuth: [] }];
const staff = {
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
};

export const listChanges = createRoute({
  operationId: 'staff_changes_list',
  method: 'get',
  path: '/staff/changes/',
  tags,
  security,
  summary: 'The audit of the staff tables and accounts as stored (publications, vacancies, rates...), newest first',
  description: 'The whole journal, products and imports included, is `staff/journal/`.',
  request: { query: s.changeListQuery },
  responses: {
    200: jsonContent(s.staffChangePageSchema, 'A page of changes'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const listJournal = createRoute({
  operationId: 'staff_journal_list',
  method: 'get',
  path: '/staff/journal/',
  tags,
  security,
  summary: 'Every staff change, newest first: products, prices and stock, imports, accounts and the staff tables',
  description:
    'A hand edit of a product is one entry per save (and country); an import is one entry however many rows it wrote, linked to its task; a product’s own history (`entity=product&entity_id=<SKU>`) lists its changes by imports too. Dry runs are not changes.',
  request: { query: s.journalQuery },
  responses: {
    200: jsonContent(s.journalPageSchema, 'A page of the journal'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    ...staff,
  },
});

export const listJournalPeople = createRoute({
  operationId: 'staff_journal_people_list',
  method: 'get',
  path: '/staff/journal/people/',
  tags,
  security,
  summary: 'Who the journal may be filtered by: staff, and anyone who made a change',
  request: { query: s.peopleQuery },
  responses: {
    200: jsonContent(s.journalPeoplePageSchema, 'A page of people'),
    400: jsonContent(fieldErrorsSchema, 'Invalid paging'),
    ...staff,
  },
});
