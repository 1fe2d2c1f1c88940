/**
 * The request a piece of server work is for, carried through its async calls: the middleware runs
 * every request in `runWithRequestSignal`, and the database layer (`db/resilience.ts`) abandons work
 * whose client has gone, so that, for one, an order is placed only while someone waits for the answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

// On globalThis: the pages' middleware (the built server's copy of this module) and the database layer
// (opened by the start script's copy) must read one store, or a page's work would never be abandoned.
const scope: AsyncLocalStorage<AbortSignal> = ((
  globalThis as typeof globalThis & { __shopRequestScope?: AsyncLocalStorage<AbortSignal> }
).__shopRequestScope ??= new AsyncLocalStorage<AbortSignal>());

/** Runs `task` with the signal of the request it serves, which aborts when the client closes its connection. */
export function runWithRequestSignal<T>(signal: AbortSignal, task: () => T): T {
  return scope.run(signal, task);
}

/** Runs `task` outside any request's scope: work shared by several requests is abandoned by none of them. */
export function detachedFromRequest<T>(task: () => T): T {
  return scope.exit(task);
}

/** The signal of the request being served, if any. */
export function requestSignal(): AbortSignal | undefined {
  return scope.getStore();
}
