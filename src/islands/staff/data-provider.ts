/**
 * react-admin's data provider over the staff API. Our lists are DRF's `{count, next, previous,
 * results}` with `limit`/`offset`, `ordering` (`-field` descending), `search` and field filters, which
 * none of react-admin's stock REST providers speak. Requests go through the islands' API client, so a
 * 401 refreshes the session once and repeats the call; a 400's field errors reach the form at their
 * fields (react-admin reads `body.errors`), and every other failure keeps the API's `detail` as its message.
 */
import { HttpError, type DataProvider, type Identifier, type RaRecord } from 'ra-core';
import { api as defaultClient, type ApiClient } from '../../lib/api/client.ts';
import { ApiError, apiErrorMessage } from '../../lib/api/api-error.ts';

export interface StaffResource {
  /** Path under `/api/v1`, without slashes at either end. */
  path: string;
  /** The field the API names a record by in its URL (`number`, `sku`, `email`); `id` when absent. */
  idField?: string;
  /** Fields the list may be sorted by (`ordering`); other sorts are not sent. */
  sortable?: readonly string[];
  /** Send updates as PATCH with only the changed fields (default) or PUT with the whole record. */
  update?: 'patch' | 'put';
  /** Where new records are POSTed, when not at `<path>/` (exchange rates are listed publicly, written by staff). */
  createPath?: string;
  /** Where one record is read, when not at `<path>/<id>/`: a path and its query. */
  detail?: (id: string) => { path: string; query: Record<string, string> };
}

export type StaffResources = Record<string, StaffResource>;

/** Every resource the back office shows, with where the API keeps it. */
export const STAFF_RESOURCES: StaffResources = {
  orders: { path: 'staff/orders', idField: 'number', sortable: ['created_at', 'total', 'number'] },
  requests: { path: 'staff/requests' },
  newsletter: { path: 'staff/newsletter' },
  products: { path: 'staff/products', idField: 'sku', sortable: ['name', 'sku', 'updated_at'] },
  publications: { path: 'staff/publications' },
  imports: {
    path: 'staff/imports',
    idField: 'task_id',
    detail: (id) => ({ path: 'products/task_checking/', query: { task_id: id } }),
  },
  users: { path: 'accounts/auth/users', idField: 'email' },
  vacancies: { path: 'staff/vacancies' },
  exchanges: { path: 'core/exchanges', createPath: 'staff/exchanges' },
  /** The journal of every staff change (entries with string ids: `change-12`, `catalog-345`, `import-<task>`). */
  changes: { path: 'staff/journal' },
  journal_people: { path: 'staff/journal/people' },
  categories: { path: 'staff/categories' },
  brands: { path: 'staff/brands' },
  courses: { path: 'staff/courses' },
  course_categories: { path: 'staff/course_categories' },
  specifications: { path: 'staff/specifications' },
  banners: { path: 'staff/banners' },
  contacts: { path: 'staff/contacts' },
  documents: { path: 'staff/documents' },
  printing_prices: { path: 'staff/printing_prices' },
  exchange_sessions: { path: 'staff/exchange_sessions' },
  exchange_mappings: { path: 'staff/exchange_mappings' },
  clinics: { path: 'staff/clinics' },
  price_lists: { path: 'staff/price_lists' },
};

interface Page<T> {
  count: number;
  results: T[];
}

type ApiRecord = Record<string, unknown>;

/** The filter react-admin keeps as `q` (its search box) is our `search`; empty values are not sent. */
export function listQuery(
  resource: StaffResource,
  params: {
    pagination?: { page: number; perPage: number };
    sort?: { field: string; order: string };
    filter?: Record<string, unknown>;
  },
): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  const { page = 1, perPage = 25 } = params.pagination ?? {};
  query.limit = perPage;
  query.offset = Math.max(0, (page - 1) * perPage);
  const sort = params.sort;
  if (sort?.field && resource.sortable?.includes(sort.field)) {
    query.ordering = sort.order === 'DESC' ? `-${sort.field}` : sort.field;
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    const name = key === 'q' ? 'search' : key;
    if (typeof value === 'string' || typeof value === 'number') query[name] = value;
    else if (typeof value === 'boolean') query[name] = String(value);
  }
  return query;
}

/** A 400's `{field: [message]}` as react-admin's `{errors: {field: message}}`; a `non_field_errors` or `detail` goes to the form's root. */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const message = apiErrorMessage(error);
  const status = error.status ?? 0;
  const data = error.data;
  if (status === 400 && data && typeof data === 'object' && !Array.isArray(data)) {
    const errors: Record<string, unknown> = {};
    for (const [field, messages] of Object.entries(data as Record<string, unknown>)) {
      const text = Array.isArray(messages) ? messages.filter((m) => typeof m === 'string').join(' ') : messages;
      if (typeof text !== 'string' || text === '') continue;
      if (field === 'non_field_errors' || field === 'detail') errors.root = { serverError: text };
      else errors[field] = text;
    }
    return new HttpError(message, status, { ...(data as object), errors });
  }
  return new HttpError(message, status, data);
}

/** Only what differs from what was loaded: a PATCH never overwrites a field someone else changed meanwhile. */
export function changedFields(data: ApiRecord, previous: ApiRecord | undefined): ApiRecord {
  if (!previous) return data;
  const changed: ApiRecord = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    if (JSON.stringify(value) !== JSON.stringify(previous[key])) changed[key] = value;
  }
  return changed;
}

export function createStaffDataProvider(
  client: ApiClient = defaultClient,
  resources: StaffResources = STAFF_RESOURCES,
): DataProvider {
  const config = (resource: string): StaffResource => {
    const found = resources[resource];
    if (!found) throw new Error(`Unknown back-office resource: ${resource}`);
    return found;
  };
  const withId = (resource: StaffResource, record: ApiRecord): RaRecord => {
    const key = resource.idField ?? 'id';
    return { ...record, id: record[key] as Identifier };
  };
  const itemPath = (resource: StaffResource, id: Identifier) => `${resource.path}/${encodeURIComponent(String(id))}/`;
  const readOne = (resource: StaffResource, id: Identifier, signal?: AbortSignal) => {
    const detail = resource.detail?.(String(id));
    return call(
      detail
        ? client<ApiRecord>(detail.path, { query: detail.query, signal })
        : client<ApiRecord>(itemPath(resource, id), { signal }),
    );
  };
  async function call<T>(promise: Promise<T>): Promise<T> {
    try {
      return await promise;
    } catch (error) {
      throw toHttpError(error);
    }
  }

  const provider: DataProvider = {
    async getList(name, params) {
      const resource = config(name);
      const page = await call(
        client<Page<ApiRecord>>(`${resource.path}/`, { query: listQuery(resource, params), signal: params.signal }),
      );
      return { data: page.results.map((r) => withId(resource, r)) as never[], total: page.count };
    },
    async getOne(name, params) {
      const resource = config(name);
      const record = await readOne(resource, params.id, params.signal);
      return { data: withId(resource, record) as never };
    },
    async getMany(name, params) {
      const resource = config(name);
      const records = await Promise.all(params.ids.map((id) => readOne(resource, id, params.signal)));
      return { data: records.map((r) => withId(resource, r)) as never[] };
    },
    async getManyReference(name, params) {
      return provider.getList(name, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },
    async create(name, params) {
      const resource = config(name);
      const record = await call(
        client<ApiRecord>(`${resource.createPath ?? resource.path}/`, {
          method: 'POST',
          body: params.data as ApiRecord,
        }),
      );
      return { data: withId(resource, record) as never };
    },
    async update(name, params) {
      const resource = config(name);
      const put = resource.update === 'put';
      const body = put
        ? (params.data as ApiRecord)
        : changedFields(params.data as ApiRecord, params.previousData as ApiRecord | undefined);
      if (!put && Object.keys(body).length === 0) return { data: params.previousData as never };
      const record = await call(
        client<ApiRecord>(itemPath(resource, params.id), { method: put ? 'PUT' : 'PATCH', body }),
      );
      return { data: withId(resource, record) as never };
    },
    async updateMany(name, params) {
      const resource = config(name);
      await Promise.all(
        params.ids.map((id) =>
          call(client(itemPath(resource, id), { method: 'PATCH', body: params.data as ApiRecord })),
        ),
      );
      return { data: params.ids };
    },
    async delete(name, params) {
      const resource = config(name);
      await call(client(itemPath(resource, params.id), { method: 'DELETE' }));
      return { data: (params.previousData ?? { id: params.id }) as never };
    },
    async deleteMany(name, params) {
      const resource = config(name);
      await Promise.all(params.ids.map((id) => call(client(itemPath(resource, id), { method: 'DELETE' }))));
      return { data: params.ids };
    },
  };
  return provider;
}

/** Calls the back office makes besides the usual ones, with the same errors. */
export function createStaffActions(client: ApiClient = defaultClient) {
  const call = async <T>(promise: Promise<T>): Promise<T> => {
    try {
      return await promise;
    } catch (error) {
      throw toHttpError(error);
    }
  };
  return {
    changeOrderStatus: (number: string, status: string, comment: string) =>
      call(
        client<ApiRecord>(`staff/orders/${encodeURIComponent(number)}/status/`, {
          method: 'POST',
          body: { status, comment },
        }),
      ),
    /** Several orders along the same step: per order, moved, refused (with the reason) or not found. */
    bulkChangeOrderStatus: (numbers: string[], status: string, comment: string) =>
      call(
        client<ApiRecord>('staff/orders/bulk_status/', {
          method: 'POST',
          body: { numbers, status, comment },
        }),
      ),
    bulkChangeProducts: (skus: string[], changes: ApiRecord) =>
      call(client<ApiRecord>('staff/products/bulk_update/', { method: 'POST', body: { skus, changes } })),
    dashboard: () => call(client<ApiRecord>('staff/dashboard/')),
    task: (taskId: string) => call(client<ApiRecord>('products/task_checking/', { query: { task_id: taskId } })),
    /** Writes a check; `reject_failed_rows` writes the good rows of a check that found errors. */
    applyImport: (taskId: string, errorPolicy?: 'reject_failed_rows') =>
      call(
        client<ApiRecord>(`staff/imports/${encodeURIComponent(taskId)}/apply/`, {
          method: 'POST',
          body: errorPolicy ? { error_policy: errorPolicy } : {},
        }),
      ),
    /** A product's price, old price and stock in one country: a new offer when it was not sold there. */
    saveOffer: (sku: string, offer: ApiRecord, isNew: boolean) =>
      call(
        client<ApiRecord>(`products/products_availability/${encodeURIComponent(sku)}/`, {
          method: isNew ? 'POST' : 'PATCH',
          body: offer,
        }),
      ),
    undoImport: (taskId: string) =>
      call(client<ApiRecord>(`staff/imports/${encodeURIComponent(taskId)}/undo/`, { method: 'POST' })),
  };
}

export type StaffActions = ReturnType<typeof createStaffActions>;
