import { defineQueue } from '../jobs/jobs.ts';
import { logger } from '../logger.ts';
import { notifyRestockedProducts } from './stock-alerts.service.ts';

/** Seconds between sweeps of the waiting alerts in every process, besides the sweeps stock changes ask for. */
const SWEEP_SECONDS = 60;

/**
 * Back-in-stock mails: every process sweeps the waiting alerts on a timer, so an alert is mailed
 * within a minute whoever raised the stock (another process, a staff import); the process that
 * raised it also sweeps at once. A job sent to the queue (`reason`) asks any process for a sweep.
 */
export const stockAlertsQueue = defineQueue<{ reason: string }>({
  name: 'stock-alerts',
  options: { policy: 'exclusive', expireInSeconds: 300 },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 5,
  work: async () => {
    await notifyRestockedProducts();
  },
  upkeep: { everySeconds: () => SWEEP_SECONDS, run: () => notifyRestockedProducts().then(() => {}) },
});

/** Sweeps now, in the background; call after stock of some product went up. Never throws. */
export function requestStockAlertSweep(reason: string): void {
  notifyRestockedProducts().catch((error: unknown) =>
    // The timer's next sweep mails the alerts anyway.
    logger.error({ err: error, reason }, 'Back-in-stock sweep failed'),
  );
}
