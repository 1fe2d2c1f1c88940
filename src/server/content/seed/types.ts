/** The shape of the demo publications (`publications` table) as the seed files write them. */
export interface PublicationSeed {
  kind: 'article' | 'news' | 'page';
  slug: string;
  title: string;
  lead: string;
  /** HTML; sanitised and timed when it is stored. */
  body: string;
  /** Site path of a cover under /images/content/, 1200×630; null for none. */
  cover: string | null;
  coverAlt: string;
  seoTitle: string;
  seoDescription: string;
  topics: string[];
  /** Published this many days before the day the demo data is loaded (0 = that day). */
  daysAgo: number;
}
