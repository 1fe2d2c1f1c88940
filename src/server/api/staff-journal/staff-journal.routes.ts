import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import * as s from './staff-journal.schemas.ts';

const tags = ['Staff'];
const security = [{ bearerAuth: [] }];

export const listChanges = createRoute({
  operationId: 'staff_changes_list',
  method: 'get',
  path: '/staff/changes/',
  tags,
  security,
  summary: 'What staff changed (publications, vacancies, exchange rates, visitor requests), newest first',
  request: { query: s.changeListQuery },
  responses: {
    200: jsonContent(s.staffChangePageSchema, 'A page of changes'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filters'),
    401: jsonContent(detailSchema, 'No valid access token'),
    403: jsonContent(detailSchema, 'Not staff'),
  },
});
