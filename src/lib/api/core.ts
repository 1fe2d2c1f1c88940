import { publicApi as api, type ApiClient } from './transport.ts';
import { compactQuery } from './query.ts';
import { assertRequired } from './required.ts';
import type { Banner, Contact, CountryCode, Document, Exchange, Paginated } from './types.ts';

export interface ListQuery {
  limit?: number;
  offset?: number;
}

/** Exchange records, newest first; the first one is the current rate. */
export function listExchanges(
  query: ListQuery = { limit: 1, offset: 0 },
  client: ApiClient = api,
): Promise<Paginated<Exchange>> {
  return client<Paginated<Exchange>>('/core/exchanges/', { query: compactQuery({ ...query }) });
}

export interface ContactListQuery extends ListQuery {
  country: CountryCode;
}

export function listContacts(query: ContactListQuery, client: ApiClient = api): Promise<Paginated<Contact>> {
  assertRequired(query, 'query', 'listContacts');
  assertRequired(query.country, 'country', 'listContacts');
  return client<Paginated<Contact>>('/core/contacts/', { query: compactQuery({ ...query }) });
}

/** Active banners; with `country`, those shown in it. */
export function listBanners(
  query: ListQuery & { country?: CountryCode } = {},
  client: ApiClient = api,
): Promise<Paginated<Banner>> {
  return client<Paginated<Banner>>('/core/banners/', { query: compactQuery({ ...query }) });
}

export interface DocumentListQuery extends ListQuery {
  document_type?: string;
}

export function listDocuments(query: DocumentListQuery = {}, client: ApiClient = api): Promise<Paginated<Document>> {
  return client<Paginated<Document>>('/core/documents/', { query: compactQuery({ ...query }) });
}
