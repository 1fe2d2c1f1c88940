/**
 * The request a piece of server work is for, carried through its async calls: its id (`X-Request-Id`,
 * which every log line of the request carries, `logger.ts`) and its client's signal. The shop's server
 * opens the scope with the id (`runInRequest`); the API and the pages' middleware add the signal
 * (`runWithRequestSignal`), and the database layer (`db/resilience.ts`) abandons work whose client has
 * gone, so that, for one, an order is placed only while someone waits for the answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

interface RequestScope {
  readonly id: string;
  readonly signal?: AbortSignal;
}

type Global = typeof globalThis & { __shopRequestScope?: AsyncLocalStorage<RequestScope> };
// On globalThis: the start script (the server, the API) and the built server (the pages, which bundle
// their own copy of this module) must see one scope, or a page's log lines and database work lose it.
const scope: AsyncLocalStorage<RequestScope> = ((globalThis as Global).__shopRequestScope ??= new AsyncLocalStorage());

/** What an `X-Request-Id` from the proxy may be (nginx's `$request_id` is 32 hex digits): short, safe in a log or a page. */
const GIVEN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of a request: the proxy's `X-Request-Id` when it is a safe one, else a new UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && GIVEN_ID.test(header) ? header : randomUUID();
}

/** Runs `task(...args)` as the work of the request `id`. */
export function runInRequest<A extends unknown[], T>(id: string, task: (...args: A) => T, ...args: A): T {
  return scope.run({ id }, task, ...args);
}

/**
 * Runs `task` with the signal of the request it serves, which aborts when the client closes its
 * connection; the id is the enclosing request's (a new one outside the shop's server: `astro dev`, tests).
 */
export function runWithRequestSignal<T>(signal: AbortSignal, task: () => T): T {
  return scope.run({ id: scope.getStore()?.id ?? randomUUID(), signal }, task);
}

/** Runs `task` outside any request's scope: work shared by several requests is abandoned by none of them. */
export function detachedFromRequest<T>(task: () => T): T {
  return scope.exit(task);
}

/** The signal of the request being served, if any. */
export function requestSignal(): AbortSignal | undefined {
  return scope.getStore()?.signal;
}

/** The id of the request being served, if any. */
export function requestId(): string | undefined {
  return scope.getStore()?.id;
}
