import { CATALOG_TTL_MS, catalogCache } from '../catalog/cache.ts';
import { getCategoryTree, type CategoryNode } from '../catalog/categories.queries.ts';
import type { CountryCode } from '../../shared/countries.ts';
import { listPublicationLinks } from '../content/publications.queries.ts';
import {
  getCurrentExchange,
  listCountryContacts,
  listDocumentLinks,
  type Contact,
  type Exchange,
} from '../core/core.queries.ts';

export interface ShellData {
  categories: CategoryNode[];
  contacts: Contact[];
  documents: { slug: string; title: string }[];
  /** Site pages («О компании», «Доставка»...) for the footer. */
  pages: { slug: string; title: string }[];
  exchange: Exchange | null;
}

/** What the header and footer of every storefront page show; memoised like the catalog reads. */
export function getShellData(country: CountryCode): Promise<ShellData> {
  return shellCache.get(country, () => loadShellData(country));
}

const shellCache = catalogCache<ShellData>({ max: 4, ttlMs: CATALOG_TTL_MS });

async function loadShellData(country: CountryCode): Promise<ShellData> {
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

/** The current rate as islands take it (the client `Exchange` shape), from the memoised shell data. */
export async function getClientExchange(country: CountryCode) {
  const { exchange } = await getShellData(country);
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
