import type { CountryCode } from './countries.ts';

/** The legal documents every form's consent note links to, and their address: apart from `paths.ts`, so
 * the forms kit does not carry every path of the shop into each page with a form. */
export const LEGAL_DOCUMENTS = { offer: 'oferta', privacy: 'privacy' } as const;

export const documentPath = (country: CountryCode, slug: string) => `/${country}/docs/${encodeURIComponent(slug)}/`;
