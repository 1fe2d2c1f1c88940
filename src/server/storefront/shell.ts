import { getCategoryTree, type CategoryNode } from '../catalog/categories.queries.ts';
import type { CountryCode } from '../catalog/countries.ts';
import { getCurrentExchange, listContacts, listDocuments, type Contact, type Exchange } from '../core/core.queries.ts';

export interface ShellData {
  categories: CategoryNode[];
  contacts: Contact[];
  documents: { slug: string; title: string }[];
  exchange: Exchange | null;
}

/** What the header and footer of every storefront page show. */
export async function getShellData(country: CountryCode): Promise<ShellData> {
  const [categories, contacts, documents, exchange] = await Promise.all([
    getCategoryTree(),
    listContacts({ country, limit: 10, offset: 0 }),
    listDocuments({ limit: 20, offset: 0 }),
    getCurrentExchange(),
  ]);
  return {
    categories,
    contacts: contacts.items,
    documents: documents.items.map((d) => ({ slug: d.slug, title: d.title })),
    exchange,
  };
}
