/**
 * The OpenAPI document as a client generator reads it: drf-spectacular's operation ids, one tag per
 * API group, and the bearer security on exactly the operations that refuse a request without a token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../helpers/api.ts';

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

const API_BASE = '/api/v1';
const ACTIONS: Record<string, string> = { post: 'create', put: 'update', patch: 'partial_update', delete: 'destroy' };

const PROTECTED = [
  'staff_exchange_sessions_list',
  'staff_exchange_sessions_retrieve',
  'staff_exchange_mappings_list',
  'staff_exchange_mappings_partial_update',
  'accounts_auth_users_set_password_create',
  'accounts_auth_users_set_email_create',
  'accounts_auth_users_list',
  'accounts_auth_users_me_retrieve',
  'accounts_auth_users_me_update',
  'accounts_auth_users_me_partial_update',
  'accounts_auth_users_me_destroy',
  'accounts_auth_users_retrieve',
  'accounts_auth_users_update',
  'accounts_auth_users_partial_update',
  'accounts_auth_users_destroy',
  'accounts_addresses_list',
  'accounts_addresses_create',
  'accounts_addresses_retrieve',
  'accounts_addresses_partial_update',
  'accounts_addresses_destroy',
  'staff_cache_invalidate_create',
  'orders_order_create_create',
  'orders_order_list_list',
  'orders_order_list_retrieve',
  'orders_order_list_cancel_create',
  'orders_order_list_approve_create',
  'orders_order_list_decline_create',
  'clinics_list',
  'clinics_create',
  'clinics_retrieve',
  'clinics_partial_update',
  'clinics_choose_create',
  'clinics_members_list',
  'clinics_members_partial_update',
  'clinics_members_destroy',
  'clinics_invitations_list',
  'clinics_invitations_create',
  'clinics_invitations_destroy',
  'clinics_invitations_accept_create',
  'clinics_orders_list',
  'clinics_lists_list',
  'clinics_lists_create',
  'clinics_lists_retrieve',
  'clinics_lists_partial_update',
  'clinics_lists_destroy',
  'products_upload_products_json_create',
  'products_upload_prices_json_create',
  'products_products_availability_load_csv_create',
  'products_task_checking_retrieve',
  'products_products_availability_create',
  'products_products_availability_partial_update',
  'products_products_availability_destroy',
  'staff_imports_list',
  'staff_imports_apply_create',
  'staff_imports_undo_create',
  'staff_imports_errors_retrieve',
  'staff_imports_changes_retrieve',
  'staff_stock_template_retrieve',
  'staff_templates_retrieve',
  'staff_orders_list',
  'staff_orders_retrieve',
  'staff_orders_status_create',
  'staff_orders_bulk_status_create',
  'staff_orders_invoice_retrieve',
  'staff_dashboard_retrieve',
  'staff_requests_list',
  'staff_requests_retrieve',
  'staff_requests_partial_update',
  'staff_requests_file_retrieve',
  'staff_newsletter_list',
  'staff_newsletter_export_retrieve',
  'staff_products_list',
  'staff_products_retrieve',
  'staff_products_create',
  'staff_products_partial_update',
  'staff_products_bulk_update_create',
  'staff_publications_list',
  'staff_publications_retrieve',
  'staff_publications_create',
  'staff_publications_partial_update',
  'staff_publications_destroy',
  'staff_media_create',
  'staff_changes_list',
  'staff_journal_list',
  'staff_journal_people_list',
  'staff_vacancies_list',
  'staff_vacancies_retrieve',
  'staff_vacancies_create',
  'staff_vacancies_partial_update',
  'staff_vacancies_destroy',
  'staff_exchanges_create',
  'staff_categories_list',
  'staff_categories_retrieve',
  'staff_categories_create',
  'staff_categories_partial_update',
  'staff_categories_destroy',
  'staff_brands_list',
  'staff_brands_retrieve',
  'staff_brands_create',
  'staff_brands_partial_update',
  'staff_brands_destroy',
  'staff_courses_list',
  'staff_courses_retrieve',
  'staff_courses_create',
  'staff_courses_partial_update',
  'staff_courses_destroy',
  'staff_banners_list',
  'staff_banners_retrieve',
  'staff_banners_create',
  'staff_banners_partial_update',
  'staff_banners_destroy',
  'staff_contacts_list',
  'staff_contacts_retrieve',
  'staff_contacts_create',
  'staff_contacts_partial_update',
  'staff_contacts_destroy',
  'staff_course_categories_list',
  'staff_course_categories_retrieve',
  'staff_course_categories_create',
  'staff_course_categories_partial_update',
  'staff_course_categories_destroy',
  'staff_specifications_list',
  'staff_specifications_retrieve',
  'staff_specifications_create',
  'staff_specifications_partial_update',
  'staff_specifications_destroy',
  'staff_documents_list',
  'staff_documents_retrieve',
  'staff_documents_create',
  'staff_documents_partial_update',
  'staff_documents_destroy',
  'staff_printing_prices_list',
  'staff_printing_prices_retrieve',
  'staff_printing_prices_create',
  'staff_printing_prices_partial_update',
  'staff_printing_prices_destroy',
  'staff_clinics_list',
  'staff_clinics_retrieve',
  'staff_clinics_partial_update',
  'staff_price_lists_list',
  'staff_price_lists_retrieve',
  'staff_price_lists_create',
  'staff_price_lists_partial_update',
  'staff_price_lists_destroy',
];

let doc: Document;
let entries: Entry[];

beforeAll(async () => {
  const { status, body } = await api('/schema/');
  expect(status).toBe(200);
  doc = body;
  entries = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ method, path, operation })),
  );
});

const label = ({ method, path }: Entry) => `${method.toUpperCase()} ${path}`;

function resolve(schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name ? doc.components.schemas[name] : schema;
}

/** The path relative to the `/api/v1` base, split into its tokens, path parameters left out. */
const pathTokens = (path: string) =>
  path
    .slice(API_BASE.length)
    .split('/')
    .filter((token) => token && !token.startsWith('{'));

/** A GET answering a collection (an array or a DRF page) is `list`; any other GET is `retrieve`. */
function action({ method, operation }: Entry): string {
  if (method !== 'get') return ACTIONS[method]!;
  const answer = resolve(operation.responses['200']?.content?.['application/json']?.schema);
  return answer?.type === 'array' || answer?.properties?.results ? 'list' : 'retrieve';
}

/** drf-spectacular's operationId: the path tokens and the action, joined by `_`. */
const drfOperationId = (entry: Entry) =>
  [...pathTokens(entry.path), action(entry)].map((t) => t.replace(/-/g, '_')).join('_');

/** A value the schema accepts: its example, else the first enum value, else a plain one of its type. */
function sample(schema: Schema | undefined): unknown {
  const s = resolve(schema) ?? {};
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.type === 'object')
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([key, value]) => [key, sample(value)]));
  if (s.type === 'array') return [sample(s.items)];
  if (s.type === 'boolean') return false;
  if (s.type === 'integer' || s.type === 'number') return 1;
  if (s.format === 'email') return 'probe@example.com';
  if (s.format === 'password') return 'Probe-password-2026';
  return 'probe';
}

describe('GET /schema/ operations', () => {
  it('GET /schema/ gives every operation an operationId, each one different', () => {
    const ids = entries.map((entry) => entry.operation.operationId);
    expect(entries.filter((entry) => !entry.operation.operationId).map(label)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('GET /schema/ names each operation as drf-spectacular does (path tokens, then list, retrieve, create, update, partial_update or destroy)', () => {
    const wrong = entries
      .filter((entry) => entry.operation.operationId !== drfOperationId(entry))
      .map((entry) => `${label(entry)}: ${entry.operation.operationId} instead of ${drfOperationId(entry)}`);
    expect(wrong).toEqual([]);
    expect(entries.length).toBeGreaterThanOrEqual(37);
  });

  it("GET /schema/ tags each operation with its group's name only", () => {
    const group = (path: string) => pathTokens(path)[0]!.replace(/^./, (first) => first.toUpperCase());
    const wrong = entries
      .filter((entry) => JSON.stringify(entry.operation.tags) !== JSON.stringify([group(entry.path)]))
      .map(label);
    expect(wrong).toEqual([]);
    expect(new Set(entries.map((entry) => entry.operation.tags?.[0]))).toEqual(
      new Set([
        'Accounts',
        'Products',
        'Core',
        'Notifications',
        'Orders',
        'Clinics',
        'Seo',
        'Security',
        'Services',
        'Staff',
        'Exchange',
      ]),
    );
  });

  it('GET /schema/ declares the bearer security on exactly the operations that answer 401 not_authenticated without a token', async () => {
    const mismatches: string[] = [];
    const declared: string[] = [];
    for (const entry of entries) {
      const { method, path, operation } = entry;
      const url = path
        .slice(API_BASE.length)
        .replace(/\{(\w+)\}/g, (_, name: string) =>
          encodeURIComponent(String(sample(operation.parameters?.find((p) => p.name === name)?.schema))),
        );
      const body = operation.requestBody?.content['application/json']?.schema;
      // A valid body, so that validation (which runs first) lets the request reach the token check.
      const answer = await api(url, { method: method.toUpperCase(), ...(body ? { json: sample(body) } : {}) });
      const refused = answer.status === 401 && answer.body?.code === 'not_authenticated';
      const declares = (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);
      if (declares) declared.push(operation.operationId!);
      if (refused !== declares) {
        mismatches.push(
          `${label(entry)} answers ${answer.status} ${answer.body?.code ?? ''} and ${declares ? 'declares' : 'does not declare'} bearerAuth`,
        );
      }
    }
    expect(mismatches).toEqual([]);
    expect(declared.sort()).toEqual([...PROTECTED].sort());
  });
});
