import type { Context } from 'hono';
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
    file: { name: form.file.name, data: Buffer.from(await form.file.arrayBuffer()) },
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
  const { kind, country, status, ...paging } = c.req.valid('query');
  return c.json(
    toMappedPage(c.req.url, paging, await listImportTasks({ kind, country, status }, paging), toTaskJson),
    200,
  );
};

export const applyImport: AppRouteHandler<typeof routes.applyImport> = async (c) =>
  c.json(toTaskStartedJson(await applyDryRun(c.req.valid('param').task_id, c.get('user')!.id)), 202);

export const undoImport: AppRouteHandler<typeof routes.undoImport> = async (c) => {
  const task = await undo(c.req.valid('param').task_id, c.get('user')!.id);
  return c.json(toTaskJson(await getTaskDetails(task.id)), 200);
};

function csvFile(c: Context, body: Buffer, filename: string) {
  return c.body(new Uint8Array(body), 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'X-Content-Type-Options': 'nosniff',
  });
}

export const importErrorsCsv: AppRouteHandler<typeof routes.importErrorsCsv> = async (c) => {
  const task = await getImportTask(c.req.valid('param').task_id);
  const body = await reports.importErrorsCsv(task);
  // The stock file's errors keep its encoding: the header says which.
  const encoding = (task.file as { encoding?: string }).encoding;
  const response = csvFile(c, body, `errors-${task.id}.csv`);
  if (encoding && encoding !== 'utf-8') response.headers.set('Content-Type', `text/csv; charset=${encoding}`);
  return response as never;
};

export const importChangesCsv: AppRouteHandler<typeof routes.importChangesCsv> = async (c) => {
  const task = await getImportTask(c.req.valid('param').task_id);
  return csvFile(c, await reports.importChangesCsv(task), `changes-${task.id}.csv`) as never;
};

export const stockTemplate: AppRouteHandler<typeof routes.stockTemplate> = async (c) => {
  const { country } = c.req.valid('query');
  return csvFile(c, await reports.stockTemplateCsv(country), `stock-${country}.csv`) as never;
};
