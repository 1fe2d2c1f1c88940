import type { Contact } from '../../company/contacts.queries.ts';
import type { DocumentRecord } from '../../company/documents.queries.ts';
import type { Banner } from '../../content/banners.queries.ts';
import type { Exchange } from '../../currency/exchanges.queries.ts';
import { sanitizeForPage } from '../../content/sanitize.ts';

export function toExchangeJson(e: Exchange) {
  return { id: e.id, date: e.date, kgs: e.kgs, kzt: e.kzt, usd: e.usd, rub: e.rub };
}

export function toContactJson(c: Contact) {
  return {
    id: c.id,
    country: c.country,
    city: c.city,
    address: c.address,
    phones: c.phones,
    email: c.email,
    working_hours: c.workingHours,
    whatsapp: c.whatsapp,
    telegram: c.telegram,
  };
}

export function toBannerJson(b: Banner) {
  return { id: b.id, title: b.title, subtitle: b.subtitle, image: b.image, link: b.link, country: b.country };
}

export function toDocumentJson(d: DocumentRecord) {
  return {
    id: d.id,
    slug: d.slug,
    document_type: d.documentType,
    title: d.title,
    content: sanitizeForPage(d.content),
    file: d.file,
  };
}
