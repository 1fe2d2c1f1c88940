import { z } from '@hono/zod-openapi';
import { countryEnum } from '../common.schemas.ts';
import { queryInt } from '../fields.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';
import { ERROR_POLICIES, IMPORT_DETAILS_KEPT_DAYS, IMPORT_LIMITS, STOCK_MODES } from '../../imports/imports.options.ts';

const REQUIRED_FILE = 'Приложите файл.';

const file = z
  .instanceof(File, { message: REQUIRED_FILE })
  .refine((f) => f.size > 0 || f.name !== '', REQUIRED_FILE)
  .openapi({
    type: 'string',
    format: 'binary',
    description: `At most ${IMPORT_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
  });

const formBoolean = z
  .enum(['true', 'false', '1', '0', 'on'], { error: 'Ожидается true или false.' })
  .transform((v) => v === 'true' || v === '1' || v === 'on')
  .optional()
  .default(false);

const uploadOptions = {
  dry_run: formBoolean.openapi({
    description: 'Compute everything and write nothing; apply it later with `/staff/imports/{task_id}/apply/`.',
    type: 'boolean',
  }),
  error_policy: z
    .enum(ERROR_POLICIES, { error: `Допустимые значения: ${ERROR_POLICIES.join(', ')}.` })
    .optional()
    .default('reject_everything')
    .openapi({
      description: '`reject_everything`: one bad row and nothing is written; `reject_failed_rows`: the good rows are.',
    }),
};

export const productsUploadForm = z.object({ file, ...uploadOptions }).openapi('ProductsUpload');
export const pricesUploadForm = z
  .object({
    file,
    country: countryEnum.optional().openapi({
      description:
        'The country the prices are for, for a table without a «страна» column or JSON rows without `country`; ' +
        'rows naming another country are errors.',
    }),
    ...uploadOptions,
  })
  .openapi('PricesUpload');
export const stockUploadForm = z
  .object({
    file,
    country: countryEnum.openapi({ description: 'The country whose stock the file holds.' }),
    ...uploadOptions,
    mode: z
      .enum(STOCK_MODES, { error: `Допустимые значения: ${STOCK_MODES.join(', ')}.` })
      .optional()
      .default('merge')
      .openapi({
        description: '`merge`: only the rows of the file; `replace`: every other offer of the country goes to 0.',
      }),
  })
  .openapi('StockUpload');

export const taskStartedSchema = z
  .object({
    task_id: z.string().uuid(),
    status: z.string().openapi({ example: 'PENDING' }),
    status_url: z.string().url(),
  })
  .openapi('TaskStarted');

export const taskQuery = z.object({
  task_id: z
    .string({ error: 'Обязательный параметр.' })
    .uuid('Ожидается идентификатор задачи (UUID).')
    .openapi({ param: { description: 'The `task_id` an upload answered.' } }),
});

export const taskParam = z.object({
  task_id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'task_id', in: 'path' } }),
});

const rowErrorSchema = z.object({
  row: z.number().int(),
  item: z.string().nullable().openapi({ description: 'A JSON file’s element, `products[41]`; null for a table.' }),
  column: z.string().nullable(),
  value: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});

const changeSchema = z.object({
  sku: z.string(),
  name: z.string().nullable().openapi({ description: 'The product’s name (null for a product not created yet).' }),
  country: z.string().nullable(),
  field: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
  field_label: z
    .string()
    .openapi({ description: 'The field in words: «цена», «остаток», «характеристика «Оттенок»».' }),
  old_text: z.string().openapi({ description: 'The old value as staff read it: money with its currency, «да».' }),
  new_text: z.string(),
});

export const taskSchema = z
  .object({
    task_id: z.string(),
    status: z.enum(['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE']),
    ready: z.boolean(),
    result: z
      .union([z.string(), z.record(z.string(), z.unknown())])
      .nullable()
      .openapi({ description: 'The summary when it succeeded, the failure’s message when it failed.' }),
    kind: z.enum(['products', 'prices', 'stock']),
    country: z.string().nullable(),
    dry_run: z.boolean(),
    error_policy: z.string(),
    mode: z.string().nullable(),
    progress: z.object({ current: z.number(), total: z.number(), percent: z.number().nullable(), stage: z.string() }),
    file: z.object({
      name: z.string(),
      size: z.number(),
      sha256: z.string(),
      format: z.enum(['json', 'csv', 'xlsx']).nullable().openapi({ description: 'Told from its bytes once read.' }),
      encoding: z.string().nullable(),
      delimiter: z.string().nullable(),
      sheet: z.string().nullable().openapi({ description: 'The sheet of a workbook the rows came from.' }),
    }),
    counts: z.object({
      rows: z.number(),
      created: z.number(),
      updated: z.number(),
      unchanged: z.number(),
      errors: z.number(),
    }),
    errors: z.array(rowErrorSchema).openapi({ description: 'The first 100 row errors.' }),
    errors_total: z.number(),
    errors_url: z
      .string()
      .nullable()
      .openapi({ description: 'Every error as CSV, in the file’s encoding and delimiter.' }),
    changes: z.array(changeSchema).openapi({ description: 'A dry run: the first 100 changes it would make.' }),
    changes_total: z.number(),
    changes_url: z.string().nullable(),
    notes: z.array(z.string()),
    created_by: z.object({ id: z.number(), email: z.string() }).nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    applied_at: z.string().nullable(),
    undone_at: z.string().nullable(),
    details_pruned_at: z
      .string()
      .nullable()
      .openapi({
        description: `When its field-by-field changes were deleted (kept ${IMPORT_DETAILS_KEPT_DAYS} days after it ended): it can no longer be undone, and \`changes/\` answers 409.`,
      }),
    can_apply: z
      .boolean()
      .nullable()
      .openapi({ description: 'A finished check: whether `apply/` would write it (null for anything else).' }),
    apply_refusal: z
      .string()
      .nullable()
      .openapi({ description: 'Why a finished check cannot be written as it is (what `apply/` answers).' }),
    would: z
      .object({ created: z.number(), updated: z.number(), unchanged: z.number() })
      .nullable()
      .openapi({ description: 'A write that errors stopped: what its good rows would have done.' }),
    apply_url: z.string().nullable(),
    undo_url: z.string().nullable(),
  })
  .openapi('ImportTask');

export const taskListQuery = z.object({
  ...paginationQuery(20),
  kind: z.enum(['products', 'prices', 'stock'], { error: 'Допустимые значения: products, prices, stock.' }).optional(),
  country: countryEnum.optional(),
  status: z.enum(['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE']).optional(),
  dry_run: z
    .enum(['true', 'false'], { error: 'Ожидается true или false.' })
    .transform((v) => v === 'true')
    .optional()
    .openapi({ type: 'boolean', description: '`true`: only checks; `false`: only uploads that wrote (or tried to).' }),
});

export const taskPageSchema = pageSchema(taskSchema).openapi('ImportTaskPage');

export const undoConflictSchema = z
  .object({
    detail: z.string(),
    conflicts: z
      .array(
        z.object({
          sku: z.string(),
          country: z.string().nullable(),
          field: z.string(),
          imported: z.string().nullable(),
          now: z.string().nullable(),
        }),
      )
      .optional(),
  })
  .openapi('UndoConflict');

export const templateQuery = z.object({ country: countryEnum });

export const applyBody = z
  .object({
    error_policy: z
      .enum(ERROR_POLICIES, { error: `Допустимые значения: ${ERROR_POLICIES.join(', ')}.` })
      .optional()
      .openapi({
        description:
          'The check’s own policy when absent; `reject_failed_rows` writes the good rows of a check that found errors.',
      }),
  })
  .openapi('ImportApply');

const SLUG_PARAM = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const exportParam = z.object({
  kind: z
    .enum(['products', 'prices', 'stock'], { error: 'Допустимые значения: products, prices, stock.' })
    .openapi({ param: { name: 'kind', in: 'path' } }),
});

export const exportQuery = z.object({
  country: countryEnum.optional().openapi({
    description: 'Whose prices or stock (required for both); for products, only those sold there.',
  }),
  format: z.enum(['xlsx', 'csv'], { error: 'Допустимые значения: xlsx, csv.' }).optional().default('xlsx'),
  category: z
    .string()
    .regex(SLUG_PARAM, 'Категория — её slug, например kompozity.')
    .optional()
    .openapi({ description: 'A category’s slug: it and its subcategories.' }),
  brand: z.string().regex(SLUG_PARAM, 'Бренд — его slug, например 3m.').optional(),
  empty: formBoolean.openapi({ type: 'boolean', description: 'Only the header: a blank template.' }),
  price_list: queryInt({ min: 1 }).openapi({
    type: 'integer',
    description:
      'Prices only: a clinic price list’s id. The file holds its fixed prices, with a «Прайс-лист» column, in its own country; uploaded back, they are the list’s contract prices.',
  }),
});
