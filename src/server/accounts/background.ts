import { logger } from '../logger.ts';

const pending = new Set<Promise<void>>();

/**
 * Runs `task` after the answer is on its way, for work whose duration must not show in the
 * response time (a mail sent only when an email is registered). A failure is logged.
 */
export function inBackground(task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch((error: unknown) => logger.error({ err: error }, 'Background account task failed'))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves when every background task started so far has finished (tests, shutdown). */
export async function backgroundSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
