import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { ValidationError } from '../../errors.ts';
import { exportCatalog as exportCatalogFile } from '../../imports/catalog-export.ts';
import type { Task } from '../../jobs/tasks.ts';
import { attachmentDisposition } from '../../requests/served-files.ts';
import * as reports from '../../imports/import-reports.ts';
import type { CountryCode } from '../../../shared/countries.ts';
import type { ImportKind } from '../../imports/import.types.ts';
import {
  applyDryRun,
  getImportTask,
  getTaskDetails,
  listImportTasks,
  startImport,
} from '../../imports/imports.service.ts';
import { undoImport as undo } from '../../imports/undo-import.ts';
import type { AppEnv, AppRouteHandler } from '../create-router.ts';
import { toMappedPage } from '../pagination.ts';
import { toTaskJson, toTaskStartedJson } from './imports.mappers.ts';
import type * as routes from './imports.routes.ts';

interface UploadForm {
  file: File;
  dry_run: boolean;
  error_policy: 'reject_everything' | 'reject_failed_rows';
  mode?: 'merge' | 'replace';
  country?: string;
}

async function upload(c: Context<AppEnv>, kind: ImportKind, form: UploadForm) {
  const { task } = await startImport({
    kind,
    country: (form.country as CountryCode | undefined) ?? null,
    options: { dryRun: form.dry_run, errorPolicy: form.error_policy, mode: form.mode ?? 'merge' },
    file: { name: form.file.name, data: form.file },
    userId: c.get('user')!.id,
  });
  return toTaskStartedJson(task);
}

export const uploadProducts: AppRouteHandler<typeof routes.uploadProducts> = async (c) =>
  c.json(await upload(c, 'products', c.req.valid('form')), 202);

export const uploadPrices: AppRouteHandler<typeof routes.uploadPrices> = async (c) =>
  c.json(await upload(c, 'prices', c.req.valid('form')), 202);

export const uploadStock: AppRouteHandler<typeof routes.uploadStock> = async (c) =>
  c.json(await upload(c, 'stock', c.req.valid('form')), 202);

export const checkTask: AppRouteHandler<typeof routes.checkTask> = async (c) =>
  c.json(toTaskJson(await getTaskDetails(c.req.valid('query').task_id)), 200);

export const listImports: AppRouteHandler<typeof routes.listImports> = async (c) => {
  const { kind, country, status, dry_run: dryRun, ...paging } = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, paging, await listImportTasks({ kind, country, status, dryRun }, paging), toTaskJson),
    200,
  );
};

export const applyImport: AppRouteHandler<typeof routes.applyImport> = async (c) => {
  const body = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : {};
  const task = await applyDryRun(c.req.valid('param').task_id, c.get('user')!.id, { errorPolicy: body?.error_policy });
  return c.json(toTaskStartedJson(task), 202);
};

export const undoImport: AppRouteHandler<typeof routes.undoImport> = async (c) => {
  const task = await undo(c.req.valid('param').task_id, c.get('user')!.id);
  return c.json(toTaskJson(await getTaskDetails(task.id)), 200);
};

/** A file as a download under its readable name (the answer never enters a shared cache: staff only). */
function download(c: Context, file: { body: Readable; contentType: string; disposition: string }) {
  return c.body(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': file.disposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
}

/** «остатки ноябрь.xlsx» → «остатки ноябрь — ошибки.xlsx». */
function reportName(task: Task, what: string, extension: string): { name: string; ascii: string } {
  const uploaded = ((task.file as { name?: string }).name ?? '').replace(/\.[^.]*$/, '').trim() || 'загрузка';
  const english: Record<string, string> = { ошибки: 'errors', изменения: 'changes' };
  return { name: `${uploaded} — ${what}.${extension}`, ascii: `${english[what] ?? 'file'}-${task.id}.${extension}` };
}

export const importErrorsCsv: AppRouteHandler<typeof routes.importErrorsCsv> = async (c) => {
  const task = await getImportTask(c.req.valid('param').task_id);
  const file = await reports.importErrorsFile(task);
  const { name, ascii } = reportName(task, 'ошибки', file.extension);
  return download(c, { ...file, disposition: attachmentDisposition(name, ascii) }) as never;
};

export const importChangesCsv: AppRouteHandler<typeof routes.importChangesCsv> = async (c) => {
  const task = await getImportTask(c.req.valid('param').task_id);
  const file = await reports.importChangesFile(task);
  const { name, ascii } = reportName(task, 'изменения', file.extension);
  return download(c, { ...file, disposition: attachmentDisposition(name, ascii) }) as never;
};

export const stockTemplate: AppRouteHandler<typeof routes.stockTemplate> = async (c) => {
  const { country } = c.req.valid('query');
  return download(c, await exportCatalogFile({ kind: 'stock', country, format: 'csv' })) as never;
};

export const exportCatalog: AppRouteHandler<typeof routes.exportCatalog> = async (c) => {
  const { kind } = c.req.valid('param');
  const { country, format, category, brand, empty, price_list: priceList } = c.req.valid('query');
  if (kind !== 'products' && !country && priceList === undefined)
    throw new ValidationError({ country: ['Выберите страну: цены и остатки у каждой страны свои.'] });
  return download(
    c,
    await exportCatalogFile({ kind, country: country ?? null, format, category, brand, empty, priceList }),
  ) as never;
};
