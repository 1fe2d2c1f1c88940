import { memoCache } from '../cache/memo.ts';
import { getCategoryTree, type CategoryNode } from '../catalog/categories.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { listPublicationLinks } from '../content/publications.queries.ts';
import { listCountryContacts, type Contact } from '../company/contacts.queries.ts';
import { listDocumentLinks } from '../company/documents.queries.ts';
import { getCurrentExchange, type Exchange } from '../currency/exchanges.queries.ts';

export interface LayoutData {
  categories: CategoryNode[];
  contacts: Contact[];
  documents: { slug: string; title: string }[];
  /** Site pages («О компании», «Доставка»...) for the footer. */
  pages: { slug: string; title: string }[];
  exchange: Exchange | null;
}

/** What the header and footer of every storefront page show; memoised like the catalog reads. */
export function getLayoutData(country: CountryCode): Promise<LayoutData> {
  return layoutCache.get(country, () => loadLayoutData(country));
}

const layoutCache = memoCache<LayoutData>({ scopes: ['catalog', 'content'], max: 4 });

async function loadLayoutData(country: CountryCode): Promise<LayoutData> {
  const [categories, contacts, documents, pages, exchange] = await Promise.all([
    getCategoryTree(),
    listCountryContacts(country),
    listDocumentLinks(),
    listPublicationLinks('page'),
    getCurrentExchange(),
  ]);
  return {
    categories,
    contacts,
    documents: documents.map((d) => ({ slug: d.slug, title: d.title })),
    pages: pages.map((p) => ({ slug: p.slug, title: p.title })),
    exchange,
  };
}

/** The current rate as islands take it (the client `Exchange` shape), from the memoised layout data. */
export async function getClientExchange(country: CountryCode) {
  const { exchange } = await getLayoutData(country);
  return (
    exchange && {
      id: exchange.id,
      date: exchange.date,
      kgs: exchange.kgs,
      kzt: exchange.kzt,
      usd: exchange.usd,
      rub: exchange.rub,
    }
  );
}
