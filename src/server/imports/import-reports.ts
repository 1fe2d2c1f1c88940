/**
 * What staff download about imports: every row error (a table's bad rows as they were uploaded, with
 * an «ошибка» column, as an .xlsx workbook or a CSV in the uploader's encoding and delimiter; a JSON
 * file's errors as a list) and every change, with names people read.
 */
import { sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { COUNTRIES, isCountryCode } from '../../shared/countries.ts';
import { EXCEL_CSV } from '../csv.ts';
import { getDb, queryRows } from '../db/client.ts';
import { listRowErrors, readTaskFile, type Task, type TaskRowError } from '../jobs/tasks.ts';
import { describeChanges } from './change-labels.ts';
import type { TableCell } from './import.types.ts';
import { refuseIfPruned } from './import-retention.ts';
import { importKindOf } from './imports.options.ts';
import { readTableFile } from './table-file.ts';
import { csvStream, xlsxStream, type TableColumn } from './table-write.ts';

/** The column a table's error file adds to the uploaded ones. */
export const ERROR_COLUMN = 'ошибка';

async function allRowErrors(taskId: string): Promise<TaskRowError[]> {
  const all: TaskRowError[] = [];
  for (let after = 0; ;) {
    const page = await listRowErrors(taskId, 10_000, after);
    all.push(...page);
    if (page.length < 10_000) return all;
    after = page[page.length - 1]!.id;
  }
}

async function* listed<T>(items: readonly T[], cells: (item: T) => TableCell[]): AsyncGenerator<TableCell[]> {
  for (const item of items) yield cells(item);
}

/** A downloadable file: its bytes as a stream, its type and a name for it. */
export interface ReportFile {
  body: Readable;
  contentType: string;
  extension: 'xlsx' | 'csv';
}

/** The columns of a list of changes, the same on the import's page and in its file. */
export const CHANGE_COLUMNS = ['артикул', 'наименование', 'страна', 'поле', 'было', 'стало'];

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Every row error of a task (see the module comment). A table's bad rows come back in the file's own
 * form, so the uploader fixes them where they are and uploads the fixed rows again.
 */
export async function importErrorsFile(task: Task): Promise<ReportFile> {
  const errors = await allRowErrors(task.id);
  const format = (task.file as { format?: string }).format ?? (importKindOf(task.kind) === 'stock' ? 'csv' : 'json');
  if (format === 'json') {
    const columns: TableColumn[] = [
      { header: 'строка', kind: 'count' },
      { header: 'элемент', width: 16 },
      { header: 'поле', width: 20 },
      { header: 'значение', width: 30 },
      { header: 'код', width: 18 },
      { header: ERROR_COLUMN, width: 80 },
    ];
    const rows = listed(errors, (e) => [e.row, e.item ?? '', e.column ?? '', e.value ?? '', e.code, e.message]);
    return {
      body: csvStream(
        EXCEL_CSV,
        columns.map((c) => c.header),
        rows,
      ),
      contentType: 'text/csv; charset=utf-8',
      extension: 'csv',
    };
  }
  const byRow = Map.groupBy(errors, (e) => e.row);
  const table = readTableFile(readTaskFile(task.id));
  const facts = await table.facts;
  // The bad rows are few beside the file: kept, so a row longer than the header still has its message in one column.
  const bad: TableCell[][] = [];
  for await (const record of table.records) {
    const found = byRow.get(record.line);
    if (found) bad.push([...record.cells, [...new Set(found.map((e) => e.message))].join('\n')]);
  }
  const width = Math.max(facts.header.length, ...bad.map((cells) => cells.length - 1));
  const pad = (cells: readonly TableCell[]) => [...cells, ...Array<string>(Math.max(0, width - cells.length)).fill('')];
  const header = [...pad(facts.header), ERROR_COLUMN].map(String);
  const rows = listed(bad, (cells) => [...pad(cells.slice(0, -1)), cells.at(-1)!]);
  if (facts.format === 'xlsx') {
    const columns: TableColumn[] = header.map((name, i) =>
      i === width ? { header: name, width: 80 } : { header: name },
    );
    return { body: xlsxStream('Ошибки', columns, rows), contentType: XLSX_TYPE, extension: 'xlsx' };
  }
  const csv = facts.csv!;
  const form = { encoding: csv.encoding, bom: csv.bom, delimiter: csv.delimiter, lineEnding: csv.lineEnding };
  return { body: csvStream(form, header, rows), contentType: `text/csv; charset=${csv.encoding}`, extension: 'csv' };
}

/** Every change of a task (written, or for a dry run what it would write), with the product's name and money as money. */
export async function importChangesFile(task: Task): Promise<ReportFile> {
  refuseIfPruned(task);
  const db = await getDb();
  const rows = await queryRows<{
    sku: string;
    name: string | null;
    country: string | null;
    field: string;
    old_value: string | null;
    new_value: string | null;
  }>(
    db,
    sql`select c.sku, p.name, c.country, c.field, c.old_value, c.new_value
        from catalog_changes c left join products p on p.id = c.product_id
        where c.task_id = ${task.id}::uuid and c.source in ('import', 'preview') order by c.id`,
  );
  const texts = await describeChanges(
    rows.map((r) => ({ field: r.field, country: r.country, oldValue: r.old_value, newValue: r.new_value })),
  );
  const country = (code: string | null) => (code && isCountryCode(code) ? COUNTRIES[code].name : '');
  const cells = rows.map((r, i): TableCell[] => [
    r.sku,
    r.name ?? '',
    country(r.country),
    texts[i]!.label,
    texts[i]!.oldText,
    texts[i]!.newText,
  ]);
  return {
    body: csvStream(
      EXCEL_CSV,
      CHANGE_COLUMNS,
      listed(cells, (c) => c),
    ),
    contentType: 'text/csv; charset=utf-8',
    extension: 'csv',
  };
}
