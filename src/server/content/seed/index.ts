import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, publications } from '../../db/schema/index.ts';
import { insertPublications } from '../publications.service.ts';
import { articleSeeds } from './articles.ts';
import { bannerSeeds } from './banners.ts';
import { newsSeeds } from './news.ts';
import { pageSeeds } from './pages.ts';
import type { PublicationSeed } from './types.ts';

const DAY_MS = 86_400_000;

/** The demo articles, news and site pages, dated back from `now`. */
export async function seedContentDemo(db: Db, now = new Date()): Promise<void> {
  // An hour back, so the items of "today" are public as soon as the shop starts.
  const toPublication = ({ daysAgo, ...seed }: PublicationSeed) => ({
    ...seed,
    publishedAt: new Date(now.getTime() - daysAgo * DAY_MS - 3_600_000),
  });
  await insertPublications(db, [...articleSeeds, ...newsSeeds, ...pageSeeds].map(toPublication));
}

/** Whether any publication exists (a database seeded before publications existed has none). */
export async function hasPublications(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(publications);
  return (row?.n ?? 0) > 0;
}

/** The demo banners of the home page. */
export async function seedBannersDemo(db: Db): Promise<void> {
  await db.insert(banners).values(bannerSeeds);
}
