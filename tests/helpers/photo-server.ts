import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A PNG of `width`×`height` in one colour: photos that differ by colour are different photos. */
export function photo(width: number, height: number, colour = '#2f6fde'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * Another site's photos, on this machine (the tests run with MEDIA_FETCH_PRIVATE=true): `/photo/<colour>.png`
 * is an 800×600 PNG of that colour, `/moved/<colour>.png` redirects there, `/text.png` is not a photo,
 * anything else 404. `hits` counts the requests per path.
 */
export async function startPhotoServer(): Promise<{
  url: (path: string) => string;
  hits: Map<string, number>;
  close: () => Promise<void>;
}> {
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
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
    if (path === '/text.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('this is not a picture');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
