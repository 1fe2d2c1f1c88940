import type { JobQueue } from '../jobs/jobs.ts';
import { importsQueue } from '../imports/imports.queue.ts';
import { exchangeQueue } from '../exchange/exchange.queue.ts';
import { mailDeliveryQueue } from '../mail/mail.queue.ts';
import { mediaUpkeepQueue } from '../media/media.queue.ts';
import { unapprovedOrdersQueue } from '../orders/clinic-approval.queue.ts';
import { unconfirmedOrdersQueue } from '../orders/orders.queue.ts';
import { stockAlertsQueue } from '../requests/stock-alerts.queue.ts';

/** Every background queue whose worker a shop process runs (each starts only when enabled). */
export const QUEUES: readonly JobQueue<object>[] = [
  mailDeliveryQueue as JobQueue<object>,
  stockAlertsQueue as JobQueue<object>,
  importsQueue as JobQueue<object>,
  exchangeQueue as JobQueue<object>,
  unconfirmedOrdersQueue as JobQueue<object>,
  unapprovedOrdersQueue as JobQueue<object>,
  mediaUpkeepQueue as JobQueue<object>,
];
