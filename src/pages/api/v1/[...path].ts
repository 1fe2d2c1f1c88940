import type { APIRoute } from 'astro';
import { getApp } from '~/server/api/app.ts';

export const prerender = false;

// The peer address feeds the rate limits; the adapter throws where it cannot tell one.
export const ALL: APIRoute = (context) => getApp().fetch(context.request, { clientAddress: peerAddress(context) });

function peerAddress(context: Parameters<APIRoute>[0]): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}
