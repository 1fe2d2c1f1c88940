import { defineQueue } from '../jobs/jobs.ts';
import { logger } from '../logger.ts';
import { stripKeptOriginals } from './media.service.ts';

/**
 * Photos' upkeep: when a process starts its workers (and daily after that) it strips the originals that
 * were stored with their metadata before the shop kept none (`stripKeptOriginals`); new photos are stored
 * stripped, so once the old ones are done a run is one indexed query. A job sent to the queue asks any
 * process for a run now.
 */
export const mediaUpkeepQueue = defineQueue<{ reason: string }>({
  name: 'media-upkeep',
  options: { policy: 'exclusive', expireInSeconds: 3600 },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 600,
  work: async () => {
    await stripKeptOriginals();
  },
  upkeep: {
    everySeconds: () => 24 * 3600,
    run: async () => {
      const stripped = await stripKeptOriginals();
      if (stripped) logger.info({ stripped }, 'Stored photos stripped of their metadata');
    },
  },
});
