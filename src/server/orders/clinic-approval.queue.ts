import { defineQueue } from '../jobs/jobs.ts';
import { expireUnapprovedOrders } from './clinic-approval-expiry.ts';

/** Seconds between sweeps for clinic orders nobody approved in time, in every process. */
const SWEEP_SECONDS = 3600;

/**
 * Declines the clinic orders that waited for their owner's approval longer than `APPROVAL_EXPIRY_DAYS`
 * (`clinic-approval-expiry.ts`): every process sweeps hourly, and each order is declined once, under its
 * lock, whichever process gets to it. A job sent to the queue asks any process for a sweep now.
 */
export const unapprovedOrdersQueue = defineQueue<{ reason: string }>({
  name: 'unapproved-clinic-orders',
  options: { policy: 'exclusive', expireInSeconds: 600 },
  isEnabled: () => true,
  pollingIntervalSeconds: () => 60,
  work: async () => {
    await expireUnapprovedOrders();
  },
  upkeep: { everySeconds: () => SWEEP_SECONDS, run: () => expireUnapprovedOrders().then(() => {}) },
});
