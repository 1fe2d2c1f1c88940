import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A PNG of `width`×`height` in one colour: photos that differ by colour are different photos. */
export function photo(width: number, height: number, colour = '#2f6fde'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export interface PhotoServer {
  url: (path: string) => string;
  port: number;
  hits: Map<string, number>;
  /** Serves `body` at `path` from now on. */
  put: (path: string, body: Buffer) => void;
  close: () => Promise<void>;
}

/**
 * Another site's photos, on this machine (the tests run with MEDIA_FETCH_PRIVATE=true): `/photo/<colour>.png`
 * is an 800×600 PNG of that colour, `/moved/<colour>.png` redirects there, `/redirect?to=<url>` redirects
 * to any address, `/text.png` is not a photo, `/slow.png` sends its headers and then a byte every 200 ms,
 * `/reset.png` cuts the connection halfway through its body, `/silent.png` never answers, a path given to `put` its bytes, anything
 * else 404. `hits` counts the requests per path. It listens on `host` (127.0.0.1 unless told; any 127.x.y.z or
 * ::1), at `port` when given: several servers on one port, one per address.
 */
export async function startPhotoServer(options: { host?: string; port?: number } = {}): Promise<PhotoServer> {
  const host = options.host ?? '127.0.0.1';
  const hits = new Map<string, number>();
  const files = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (file) {
      res.writeHead(200).end(file);
      return;
    }
    const match = /^\/(photo|moved)\/([0-9a-f]{6})\.png$/.exec(path);
    if (match?.[1] === 'moved') {
      res.writeHead(302, { location: `/photo/${match[2]}.png` }).end();
      return;
    }
    if (match) {
      void photo(800, 600, `#${match[2]}`).then((body) =>
        res.writeHead(200, { 'content-type': 'image/png' }).end(body),
      );
      return;
    }
    if (path.startsWith('/redirect?')) {
      res.writeHead(302, { location: new URL(path, 'http://x').searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (path === '/text.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('this is not a picture');
      return;
    }
    if (path === '/slow.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const drip = setInterval(() => res.write('.'), 200);
      res.once('close', () => clearInterval(drip));
      return;
    }
    if (path === '/reset.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
      res.write(Buffer.alloc(1000));
      setTimeout(() => req.socket.destroy(), 50);
      return;
    }
    if (path === '/silent.png') return;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: (path) => `${origin}${path}`,
    port,
    hits,
    put: (path, body) => files.set(path, body),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
