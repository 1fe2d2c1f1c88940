import { defineQueue } from '../jobs/jobs.ts';
import { cancelUnconfirmedOrders } from './orders.service.ts';

/** Seconds between sweeps for orders nobody confirmed in time, in every process. */
const SWEEP_SECONDS = 600;

/**
 * Cancels the orders nobody confirmed within `ORDER_LIMITS.unconfirmedHours` (`order-limits.ts`):
 * every process sweeps on a timer, and each order is cancelled once, under its lock, whichever
 * process gets to it. A job sent to the queue asks any process for a sweep now.
 */
export const unconfirmedOrdersQueue = defineQueue<{ reason: string }>({
  name: 'unconfirmed-orders',
  options: { policy: 'exclusive', expireInSeconds: 600 },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 60,
  work: async () => {
    await cancelUnconfirmedOrders();
  },
  upkeep: { everySeconds: () => SWEEP_SECONDS, run: () => cancelUnconfirmedOrders().then(() => {}) },
});
