/**
 * A request's body and the connection it comes on. On a keep-alive connection the next request follows
 * the body of this one, so a body the answer did not need is read to its end and dropped (the connection
 * goes on), never left half-read: a paused body stalls the connection, and a connection cut while the
 * client is on it loses what it sent next (a 502 behind nginx). When the shop must close (a body over
 * its limit) it says `Connection: close` and goes on reading what the client still sends until the
 * client has read the answer: closing with unread data would be a reset, which can destroy the answer on
 * its way.
 */
import type { IncomingMessage } from 'node:http';

/** How long a closing connection keeps reading what its client still sends. */
const LINGER_MS = 2000;

const readers = new WeakMap<IncomingMessage, () => void>();

/**
 * The body of `req` as a web stream, read only as its reader asks (nothing is read for an answer that
 * never looks at it); cancelling it drops the rest instead of destroying the connection. A body
 * `body-limit.ts` has already read whole (chunked) comes from there.
 */
export function requestBody(req: IncomingMessage): ReadableStream<Uint8Array> {
  const read = (req as IncomingMessage & { body?: unknown }).body;
  if (Buffer.isBuffer(read)) {
    return new ReadableStream({
      start(controller) {
        if (read.length > 0) controller.enqueue(new Uint8Array(read));
        controller.close();
      },
    });
  }
  let detach = () => {};
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onError = (error: Error) => {
          detach();
          controller.error(error);
        };
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onError);
          readers.delete(req);
        };
        // Listening starts the flow: wait for the first read.
        req.pause();
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onError);
        readers.set(req, detach);
      },
      pull() {
        req.resume();
      },
      cancel() {
        detach();
        dropUnread(req);
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Reads what is left of `req`'s body and drops it, so that the connection reaches the next request;
 * past `maxBytes` (the largest body any route takes) the client is sending more than it said it would,
 * and the connection is cut.
 */
export function dropUnread(req: IncomingMessage, maxBytes = Infinity): void {
  if (req.readableEnded || req.destroyed) return;
  readers.get(req)?.();
  let dropped = 0;
  const onData = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) {
      req.off('data', onData);
      req.socket.destroy();
    }
  };
  req.on('data', onData);
  req.once('end', () => req.off('data', onData));
  req.resume();
}

/**
 * For an answer sent with `Connection: close` before the body of `req` was read: once the answer is
 * written the connection ends its side and reads what the client still sends, for `LINGER_MS` at most,
 * before it is destroyed (Node would destroy it at once).
 */
export function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = function lingeringClose() {
    if (socket.destroyed) return;
    socket.end();
    dropUnread(req);
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
  };
}
