/**
 * What staff download about imports: every row error (a stock file's bad rows as they were uploaded,
 * with an `ошибка` column, in the uploader's encoding and delimiter), every change, and the stock
 * template of a country.
 */
import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { getDb, queryRows } from '../db/client.ts';
import { listRowErrors, readTaskFile, type Task, type TaskRowError } from '../jobs/tasks.ts';
import { encodeCsv, renderErrorCsv, renderStockTemplate } from './csv-write.ts';
import type { CsvFacts } from './import.types.ts';
import { importKindOf } from './imports.options.ts';
import { readStockCsv } from './stock-csv.ts';

/** A spreadsheet both Excel and LibreOffice open as it is in this region: UTF-8 with a BOM, `;`, CRLF. */
const REPORT_FORMAT = { encoding: 'utf-8', bom: true, delimiter: ';', lineEnding: '\r\n' } as const;

async function allRowErrors(taskId: string): Promise<TaskRowError[]> {
  const all: TaskRowError[] = [];
  for (let after = 0; ;) {
    const page = await listRowErrors(taskId, 10_000, after);
    all.push(...page);
    if (page.length < 10_000) return all;
    after = page[page.length - 1]!.id;
  }
}

/** Every row error of a task as CSV (see the module comment). */
export async function importErrorsCsv(task: Task): Promise<Buffer> {
  const errors = await allRowErrors(task.id);
  if (importKindOf(task.kind) !== 'stock') {
    return encodeCsv(REPORT_FORMAT, [
      ['строка', 'поле', 'значение', 'код', 'ошибка'],
      ...errors.map((e) => [String(e.row), e.column ?? '', e.value ?? '', e.code, e.message]),
    ]);
  }
  const byRow = Map.groupBy(errors, (e) => e.row);
  const { facts, items } = readStockCsv(readTaskFile(task.id));
  const problems: { cells: string[]; messages: string[] }[] = [];
  for await (const item of items) {
    const found = byRow.get(item.value.row);
    if (found) problems.push({ cells: item.value.cells, messages: found.map((e) => e.message) });
  }
  const read: CsvFacts = await facts;
  return renderErrorCsv(read, read.header, problems);
}

/** Every change of a task (written, or for a dry run what it would write) as CSV. */
export async function importChangesCsv(task: Task): Promise<Buffer> {
  const db = await getDb();
  const rows = await queryRows<{
    sku: string;
    country: string | null;
    field: string;
    old_value: string | null;
    new_value: string | null;
  }>(
    db,
    sql`select sku, country, field, old_value, new_value from catalog_changes
        where task_id = ${task.id}::uuid and source in ('import', 'preview') order by id`,
  );
  return encodeCsv(REPORT_FORMAT, [
    ['артикул', 'страна', 'поле', 'было', 'стало'],
    ...rows.map((r) => [r.sku, r.country ?? '', r.field, r.old_value ?? '', r.new_value ?? '']),
  ]);
}

/** The stock of every product sold in `country`, in the upload format. */
export async function stockTemplateCsv(country: CountryCode): Promise<Buffer> {
  const db = await getDb();
  const rows = await queryRows<{ sku: string; name: string; quantity: number }>(
    db,
    sql`select p.sku, p.name, o.quantity from product_offers o join products p on p.id = o.product_id
        where o.country = ${country} order by p.sku`,
  );
  return renderStockTemplate(rows.map((r) => ({ sku: r.sku, name: r.name, quantity: Number(r.quantity) })));
}
