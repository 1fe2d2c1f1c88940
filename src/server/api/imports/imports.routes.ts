import { createRoute } from '@hono/zod-openapi';
import { detailSchema, fieldErrorsSchema, jsonContent } from '../common.schemas.ts';
import { IMPORT_DETAILS_KEPT_DAYS } from '../../imports/imports.options.ts';
import * as s from './imports.schemas.ts';

const security = [{ bearerAuth: [] }];
const staff = {
  401: jsonContent(detailSchema, 'No valid access token'),
  403: jsonContent(detailSchema, 'Not staff'),
};
const upload = {
  202: jsonContent(
    s.taskStartedSchema,
    'Taken: the task runs in the background (or the same upload is already running)',
  ),
  400: jsonContent(fieldErrorsSchema, 'No file, the wrong kind of file, or a top level that is not the format'),
  ...staff,
  413: jsonContent(detailSchema, 'Over 50 MB'),
};
const csv = (description: string) => ({
  content: { 'text/csv': { schema: { type: 'string' as const } } },
  description,
});
const table = (description: string) => ({
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string' as const, format: 'binary' },
    },
    'text/csv': { schema: { type: 'string' as const } },
  },
  description,
});

export const uploadProducts = createRoute({
  operationId: 'products_upload_products_json_create',
  method: 'post',
  path: '/products/upload_products_json/',
  tags: ['Products'],
  security,
  summary:
    'Upload products (an .xlsx workbook, a CSV, or JSON `products@1`): created or updated by SKU, as a background task',
  request: { body: { content: { 'multipart/form-data': { schema: s.productsUploadForm } }, required: true } },
  responses: upload,
});

export const uploadPrices = createRoute({
  operationId: 'products_upload_prices_json_create',
  method: 'post',
  path: '/products/upload_prices_json/',
  tags: ['Products'],
  security,
  summary:
    'Upload prices (an .xlsx workbook, a CSV, or JSON `prices@1`) of one or several countries, as a background task',
  request: { body: { content: { 'multipart/form-data': { schema: s.pricesUploadForm } }, required: true } },
  responses: upload,
});

export const uploadStock = createRoute({
  operationId: 'products_products_availability_load_csv_create',
  method: 'post',
  path: '/products/products_availability_load_csv/',
  tags: ['Products'],
  security,
  summary: 'Upload the stock of a country (an .xlsx workbook, or a CSV as Excel saves it), as a background task',
  request: { body: { content: { 'multipart/form-data': { schema: s.stockUploadForm } }, required: true } },
  responses: upload,
});

export const checkTask = createRoute({
  operationId: 'products_task_checking_retrieve',
  method: 'get',
  path: '/products/task_checking/',
  tags: ['Products'],
  security,
  summary: 'Where an upload’s task is: Celery-style `status` and `result`, progress, counts, row errors',
  request: { query: s.taskQuery },
  responses: {
    200: jsonContent(s.taskSchema, 'The task'),
    400: jsonContent(fieldErrorsSchema, 'No task_id, or not a task id'),
    ...staff,
    404: jsonContent(detailSchema, 'No such task'),
  },
});

export const listImports = createRoute({
  operationId: 'staff_imports_list',
  method: 'get',
  path: '/staff/imports/',
  tags: ['Staff'],
  security,
  summary: 'Past and running imports, newest first',
  request: { query: s.taskListQuery },
  responses: {
    200: jsonContent(s.taskPageSchema, 'A page of imports'),
    400: jsonContent(fieldErrorsSchema, 'Invalid filter'),
    ...staff,
  },
});

export const applyImport = createRoute({
  operationId: 'staff_imports_apply_create',
  method: 'post',
  path: '/staff/imports/{task_id}/apply/',
  tags: ['Staff'],
  security,
  summary: 'Apply a dry run: a new task writes what it computed, from the stored file',
  request: {
    params: s.taskParam,
    body: { content: { 'application/json': { schema: s.applyBody } }, required: false },
  },
  responses: {
    202: jsonContent(s.taskStartedSchema, 'The task that applies it'),
    400: jsonContent(fieldErrorsSchema, 'Not a dry run, or an unknown error policy'),
    ...staff,
    404: jsonContent(detailSchema, 'No such task'),
    409: jsonContent(
      detailSchema,
      'Still running; the check read no file, found errors under `reject_everything` (unless the body asks ' +
        'for `reject_failed_rows`) or changes nothing; or applied already',
    ),
  },
});

export const undoImport = createRoute({
  operationId: 'staff_imports_undo_create',
  method: 'post',
  path: '/staff/imports/{task_id}/undo/',
  tags: ['Staff'],
  security,
  summary: 'Undo an applied import: every field it changed goes back, unless changed since',
  request: { params: s.taskParam },
  responses: {
    200: jsonContent(s.taskSchema, 'Undone'),
    ...staff,
    404: jsonContent(detailSchema, 'No such task'),
    409: jsonContent(s.undoConflictSchema, 'Not applied, undone already, or data it wrote changed since (listed)'),
  },
});

export const importErrorsCsv = createRoute({
  operationId: 'staff_imports_errors_retrieve',
  method: 'get',
  path: '/staff/imports/{task_id}/errors/',
  tags: ['Staff'],
  security,
  summary:
    'Every row error of an import: a table’s bad rows as uploaded (.xlsx, or CSV in its encoding) with an `ошибка` column; a JSON file’s errors as a CSV list',
  request: { params: s.taskParam },
  responses: { 200: table('The error rows'), ...staff, 404: jsonContent(detailSchema, 'No such task') },
});

export const importChangesCsv = createRoute({
  operationId: 'staff_imports_changes_retrieve',
  method: 'get',
  path: '/staff/imports/{task_id}/changes/',
  tags: ['Staff'],
  security,
  summary: 'Every change an import made (or a dry run would make) as CSV, with product names and values in words',
  request: { params: s.taskParam },
  responses: {
    200: csv('The changes'),
    ...staff,
    404: jsonContent(detailSchema, 'No such task'),
    409: jsonContent(detailSchema, `Its changes were deleted (kept ${IMPORT_DETAILS_KEPT_DAYS} days after it ended)`),
  },
});

export const stockTemplate = createRoute({
  operationId: 'staff_stock_template_retrieve',
  method: 'get',
  path: '/staff/stock_template/',
  tags: ['Staff'],
  security,
  summary: 'The current stock of a country in the upload format: edit the quantities and upload it back',
  request: { query: s.templateQuery },
  responses: {
    200: csv('артикул;наименование;количество;было, UTF-8 with BOM'),
    400: jsonContent(fieldErrorsSchema, 'No country, or an unknown one'),
    ...staff,
  },
});

export const exportCatalog = createRoute({
  operationId: 'staff_templates_retrieve',
  method: 'get',
  path: '/staff/templates/{kind}/',
  tags: ['Staff'],
  security,
  summary:
    'The catalog in an upload’s format (stock, prices or products; a country’s, all products or a category or brand), as .xlsx or CSV: edit it and upload it back; `empty=true` gives the blank template',
  request: { params: s.exportParam, query: s.exportQuery },
  responses: {
    200: table('The file'),
    400: jsonContent(fieldErrorsSchema, 'No country for stock or prices, or an invalid filter'),
    ...staff,
    404: jsonContent(detailSchema, 'No such category, brand or price list'),
  },
});
