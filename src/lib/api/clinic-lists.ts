/**
 * A clinic's lists and the quick order's lines (issue 37): one typed call per route the list and quick-order
 * pages use. Each throws `RequiredError` when a mandatory parameter is missing.
 */
import { api, type ApiClient } from './client.ts';
import { assertRequired } from './required.ts';
import { uploadForm } from './upload.ts';
import type { ClinicList, ClinicListCreateInput, ClinicListUpdateInput, CountryCode, ResolvedLines } from './types.ts';

const listPath = (clinicId: number, listId: number) => `/clinics/${clinicId}/lists/${listId}/`;

/** Makes a list of the clinic: `{name, items}` or `{name, from_order}`. */
export function createClinicList(
  clinicId: number,
  body: ClinicListCreateInput,
  client: ApiClient = api,
): Promise<ClinicList> {
  assertRequired(clinicId, 'id', 'clinics_lists_create');
  return client<ClinicList>(`/clinics/${clinicId}/lists/`, { method: 'POST', body });
}

/** Renames a list or replaces its lines. */
export function updateClinicList(
  clinicId: number,
  listId: number,
  body: ClinicListUpdateInput,
  client: ApiClient = api,
): Promise<ClinicList> {
  assertRequired(listId, 'list_id', 'clinics_lists_partial_update');
  return client<ClinicList>(listPath(clinicId, listId), { method: 'PATCH', body });
}

export function deleteClinicList(clinicId: number, listId: number, client: ApiClient = api): Promise<void> {
  assertRequired(listId, 'list_id', 'clinics_lists_destroy');
  return client<void>(listPath(clinicId, listId), { method: 'DELETE' });
}

/** Checks pasted lines against the country's catalog and stock. */
export function resolveLines(country: CountryCode, text: string, client: ApiClient = api): Promise<ResolvedLines> {
  assertRequired(country, 'country', 'products_resolve_lines_create');
  return client<ResolvedLines>('/products/resolve_lines/', { method: 'POST', body: { country, text } });
}

/** Checks a CSV or .xlsx table's rows against the country's catalog and stock. */
export function resolveFile(country: CountryCode, file: File): Promise<ResolvedLines> {
  const body = new FormData();
  body.set('country', country);
  body.set('file', file);
  return uploadForm<ResolvedLines>('/products/resolve_lines/', body);
}
