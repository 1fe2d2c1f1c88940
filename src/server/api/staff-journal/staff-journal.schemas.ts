import { z } from '@hono/zod-openapi';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { regionDayStart } from '../../../shared/dates.ts';
import { JOURNAL_ENTITIES, JOURNAL_IMPORT_KINDS } from '../../audit/journal.types.ts';
import { STAFF_ENTITIES } from '../../audit/staff-changes.ts';
import { line } from '../fields.ts';
import { MAX_ID } from '../../ids.ts';
import { pageSchema, paginationQuery } from '../pagination.ts';

/** The journal of staff changes: the staff tables' audit as it is stored, and the one journal of everything. */

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

export const MESSAGES = {
  entityFirst: 'Укажите вид записи (entity), к которой относится этот идентификатор.',
  numericId: 'Ожидается числовой идентификатор.',
  taskId: 'Ожидается идентификатор загрузки (UUID).',
  userId: 'Ожидается числовой идентификатор сотрудника.',
  date: 'Дата в формате ГГГГ-ММ-ДД (или дата и время ISO 8601).',
  range: 'Конец периода раньше его начала.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A day (on the shop's regional calendar) or an exact ISO moment; `end` takes a day to its end. */
const dateBound = (end: boolean, description: string) =>
  z
    .string()
    .trim()
    .refine((s) => (DAY.test(s) || MOMENT.test(s)) && !Number.isNaN(Date.parse(s)), MESSAGES.date)
    .transform((s) => {
      if (!DAY.test(s)) return new Date(s);
      const start = regionDayStart(s);
      return end ? new Date(start.getTime() + 24 * 3600 * 1000) : start;
    })
    .optional()
    .openapi({ param: { description }, type: 'string', example: '2026-12-01' });

export const journalQuery = z
  .object({
    ...paginationQuery(25),
    entity: z
      .enum(JOURNAL_ENTITIES, { error: `Допустимые значения: ${JOURNAL_ENTITIES.join(', ')}.` })
      .optional()
      .openapi({ param: { description: 'The kind of record: `product`, `import`, `user`, `publication`...' } }),
    entity_id: line(64)
      .optional()
      .openapi({
        param: {
          description:
            'With `entity`: one record. A product by its SKU (its whole history, imports included), an account by its id or email, an import by its task id, anything else by its id.',
        },
      }),
    user: z
      .string()
      .regex(/^\d{1,9}$/, MESSAGES.userId)
      .transform(Number)
      .pipe(z.number().int().min(1, MESSAGES.userId).max(MAX_ID, MESSAGES.userId))
      .optional()
      .openapi({
        param: { description: 'Only what this person did (an account id, see `people/`).' },
        type: 'integer',
      }),
    date_from: dateBound(false, 'From this day (the shop’s regional calendar) or ISO moment on.'),
    date_to: dateBound(true, 'Up to this day’s end (the shop’s regional calendar) or ISO moment.'),
  })
  .superRefine((query, ctx) => {
    const { entity, entity_id: id } = query;
    if (id !== undefined && entity === undefined)
      ctx.addIssue({ code: 'custom', path: ['entity_id'], message: MESSAGES.entityFirst });
    if (id !== undefined && entity === 'import' && !UUID.test(id))
      ctx.addIssue({ code: 'custom', path: ['entity_id'], message: MESSAGES.taskId });
    if (
      id !== undefined &&
      entity !== undefined &&
      // A product by its SKU, an account by its email, 1C's price type or warehouse by `kind:Ид`.
      !['import', 'product', 'user', 'exchange_mapping'].includes(entity) &&
      !/^\d{1,9}$/.test(id)
    )
      ctx.addIssue({ code: 'custom', path: ['entity_id'], message: MESSAGES.numericId });
    if (query.date_from && query.date_to && query.date_to <= query.date_from)
      ctx.addIssue({ code: 'custom', path: ['date_to'], message: MESSAGES.range });
  });

const personSchema = z
  .object({ id: z.number().int(), email: z.string(), name: z.string().openapi({ description: 'Empty when unknown.' }) })
  .openapi('JournalPerson');

export const journalEntrySchema = z
  .object({
    id: z.string().openapi({ example: 'catalog-1842' }),
    at: z.string().openapi({ format: 'date-time' }),
    user: personSchema.nullable().openapi({ description: 'Who made the change; null for an account deleted since.' }),
    entity: z.enum(JOURNAL_ENTITIES),
    entity_id: z.string().openapi({ description: 'A product’s SKU, an import’s task id, the id of anything else.' }),
    link_id: z.string().nullable().openapi({
      description:
        'What the back office opens the record by (a SKU, an email, a task id, an id); null when the record is gone.',
    }),
    label: z.string().nullable().openapi({ description: 'What the record is called: a name, a title, «В-0003».' }),
    action: z.enum(['create', 'update', 'delete', 'import', 'undo']),
    country: z.enum(COUNTRY_CODES).nullable().openapi({ description: 'The country of the prices and stock changed.' }),
    summary: z.string().openapi({
      description:
        'The entry in words: «создал(а) публикацию «…»», «Загрузка цен (файл prices.xlsx): 1 234 изменения».',
    }),
    changes: z.array(
      z.object({
        field: z
          .string()
          .openapi({ description: 'As stored: `price`, `quantity`, `is_active`, `spec:<slug>`, `title`...' }),
        label: z.string().openapi({ description: 'What staff call the field: «цена».' }),
        before: z.unknown().openapi({ description: 'As stored; null when there was none.' }),
        after: z.unknown().openapi({ description: 'As stored; null when there is none.' }),
        text: z.string().openapi({ description: 'The change in words: «изменил(а) цену: 1 200 сом → 1 350 сом».' }),
      }),
    ),
    import: z
      .object({
        task_id: z.string().openapi({ format: 'uuid' }),
        kind: z.enum(JOURNAL_IMPORT_KINDS).nullable(),
        file_name: z.string().nullable(),
        changes: z
          .number()
          .int()
          .openapi({ description: 'How many field changes the import made (or its undo put back).' }),
        title: z.string().openapi({ description: 'The import in words: «Загрузка цен (файл prices.xlsx)».' }),
      })
      .nullable()
      .openapi({ description: 'The import the change came with (its page: the task).' }),
  })
  .openapi('JournalEntry');

export const journalPageSchema = pageSchema(journalEntrySchema).openapi('JournalPage');

export const peopleQuery = z.object({ ...paginationQuery(100) });

export const journalPeoplePageSchema = pageSchema(
  personSchema.extend({ is_staff: z.boolean() }).openapi('JournalPersonChoice'),
).openapi('JournalPeoplePage');
