import type { NewPublication } from '../publications.service.ts';

/** A demo publication as the seed files write it: dated in days back from the day the demo data is loaded. */
export type PublicationSeed = Omit<NewPublication, 'publishedAt'> & {
  /** Published this many days before the day the demo data is loaded (0 = that day). */
  daysAgo: number;
};
