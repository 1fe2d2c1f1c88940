/**
 * The API as a Node request listener, for the shop's server (`scripts/start.ts`): straight into the Hono
 * app that Astro's route hands requests to under `astro dev` (`src/pages/api/v1/[...path].ts`), with the
 * request's signal in its scope, and without Astro's look for a static file and its page pipeline in
 * front of every call (those were most of a signed-in call's time). `finish` adds what the answer needs
 * from outside the API (the security headers).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { requestBody } from '../http/request-body.ts';
import { runWithRequestSignal } from '../request-scope.ts';
import { getApp } from './app.ts';

export function apiListener(
  finish: (answer: Response, path: string) => Response = (answer) => answer,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return getRequestListener(
    async (incoming, bindings) => {
      // A standard Request: middleware such as Hono's body limit builds a new Request from it, which Node's
      // own class refuses to do from the adapter's lightweight one.
      const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
      // Without the client's signal: a Request that follows a signal is held until a full garbage collection
      // (undici keeps it through a WeakRef), so every call would survive into the old generation. The
      // signal reaches the database layer through the request scope instead.
      const request = new Request(incoming.url, {
        method: incoming.method,
        headers: incoming.headers,
        // An HTTP/1 server's request: the shop serves no HTTP/2.
        body: hasBody ? requestBody(bindings.incoming as IncomingMessage) : null,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
      const answer = await runWithRequestSignal(incoming.signal, () =>
        getApp().fetch(request, { clientAddress: bindings.incoming.socket.remoteAddress }),
      );
      return finish(answer, (bindings.incoming.url ?? '/').split('?', 1)[0]!);
    },
    // Astro runs in this process too: the global Request and Response stay Node's own. A body the answer
    // left is the shop's server's to drop (`http/request-body.ts`): the adapter's own clean-up cuts the
    // connection 500 ms after the answer, whatever request is on it by then (a 502 behind nginx).
    { overrideGlobalObjects: false, autoCleanupIncoming: false },
  );
}
