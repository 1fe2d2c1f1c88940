import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { getApp } from '../../src/server/api/app.ts';
import { runImport } from '../../src/server/imports/imports.runner.ts';
import { login, STAFF } from './accounts.ts';
import { api, dbRows, ORIGIN, TEST_CLIENT_ADDRESS, type ApiResponse } from './api.ts';

export const UPLOAD = {
  products: '/products/upload_products_json/',
  prices: '/products/upload_prices_json/',
  stock: '/products/products_availability_load_csv/',
} as const;

let staffToken: string | undefined;

/** A staff member's access token (the demo staff account), logged in once per file. */
export async function staffAccess(): Promise<string> {
  staffToken ??= (await login(STAFF.email, STAFF.password)).access;
  return staffToken;
}

/** Posts a multipart upload as a staff script would; `fields` are the form's other fields. */
export async function upload(
  path: string,
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string> = {},
  token?: string,
): Promise<ApiResponse> {
  const form = new FormData();
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(typeof file.data === 'string' ? Buffer.from(file.data) : file.data)]),
      file.name,
    );
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return api(path, { method: 'POST', body: form, token: token ?? (await staffAccess()) });
}

/** Runs an uploaded task here, as a worker would, and answers what `task_checking` says of it then. */
export async function finish(taskId: string): Promise<any> {
  await runImport(taskId);
  const { status, body } = await api(`/products/task_checking/?task_id=${taskId}`, { token: await staffAccess() });
  if (status !== 200) throw new Error(`task_checking answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Uploads and runs to the end; answers the finished task. */
export async function importFile(
  kind: keyof typeof UPLOAD,
  file: { name: string; data: Buffer | string },
  fields: Record<string, string> = {},
): Promise<any> {
  const started = await upload(UPLOAD[kind], file, fields);
  if (started.status !== 202) throw new Error(`Upload answered ${started.status}: ${JSON.stringify(started.body)}`);
  return finish(started.body.task_id);
}

/** A stock CSV as Excel in this region saves it: windows-1251, `;`, CRLF. */
export function stockCsv(rows: (string | number)[][], header = ['Артикул', 'Наименование', 'Количество']): Buffer {
  return iconv.encode([header, ...rows].map((r) => r.join(';')).join('\r\n') + '\r\n', 'win1251');
}

export interface OfferRow {
  product_id: number;
  sku: string;
  slug: string;
  quantity: number;
  price: string;
  old_price: string | null;
}

/** Offers of a country straight from the database, by SKU. */
export async function offers(country: string, skus: string[]): Promise<Map<string, OfferRow>> {
  const rows = await dbRows<OfferRow>(
    sql`select o.product_id, p.sku, p.slug, o.quantity, o.price::text as price, o.old_price::text as old_price
        from product_offers o join products p on p.id = o.product_id
        where o.country = ${country} and p.sku = any(${`{${skus.map((s) => `"${s}"`).join(',')}}`}::text[])`,
  );
  return new Map(rows.map((r) => [r.sku, { ...r, quantity: Number(r.quantity) }]));
}

/** Products sold in a country (the first `n` by SKU), with their offers. */
export async function someOffers(country: string, n: number, where = sql`true`): Promise<OfferRow[]> {
  return dbRows<OfferRow>(
    sql`select o.product_id, p.sku, p.slug, o.quantity, o.price::text as price, o.old_price::text as old_price
        from product_offers o join products p on p.id = o.product_id
        where o.country = ${country} and ${where} order by p.sku limit ${n}`,
  );
}

/** A staff download (an export, an error file) as bytes, with its status and headers. */
export async function download(
  path: string,
  token?: string,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const request = new Request(`${ORIGIN}/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token ?? (await staffAccess())}` },
  });
  const response = await getApp().fetch(request, { clientAddress: TEST_CLIENT_ADDRESS });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The file name a download's `Content-Disposition` gives (its UTF-8 form). */
export function downloadName(headers: Headers): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(headers.get('content-disposition') ?? '');
  return match ? decodeURIComponent(match[1]!) : '';
}
