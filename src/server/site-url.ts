import { env } from './env.ts';

/** The shop's public origin without a trailing slash (`SITE_URL`), e.g. `https://dental.kg`. */
export const siteOrigin = (): string => env.SITE_URL.replace(/\/$/, '');

/** An absolute URL of a site path (`/kg/catalog/`) for canonical links, sitemaps, mails and JSON-LD. */
export const absoluteUrl = (path: string): string => `${siteOrigin()}${path}`;
