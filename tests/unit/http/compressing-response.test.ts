import { randomBytes } from 'node:crypto';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { CompressingResponse } from '../../../src/server/http/compressing-response.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: Handler): Promise<number> {
  const server = http.createServer({ ServerResponse: CompressingResponse }, handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** `slowStart`: the client reads nothing for that long, so the server's socket fills up. */
function get(port: number, headers: Record<string, string>, method = 'GET', slowStart = 0): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path: '/', method, headers }, (res) => {
        if (slowStart) {
          res.pause();
          setTimeout(() => res.resume(), slowStart);
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject)
      .end();
  });
}

function decoded(raw: Raw): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body).toString();
  if (encoding === 'gzip') return gunzipSync(raw.body).toString();
  return raw.body.toString();
}

const json = JSON.stringify({ results: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Композит ${i}` })) });

describe('CompressingResponse', () => {
  it('compresses a large answer with the best encoding the client accepts, and says it varies', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
      res.end(json);
    });
    const br = await get(port, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(json) / 3);
    expect(decoded(br)).toBe(json);

    const gzip = await get(port, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(json);

    for (const headers of [{ 'accept-encoding': 'identity' }, {}] as Record<string, string>[]) {
      const plain = await get(port, headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(json)));
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(json);
    }
  });

  it('compresses an answer written without writeHead, and keeps the Vary already set', async () => {
    const port = await serve((_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Vary', 'Cookie');
      res.end(json);
    });
    const answer = await get(port, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(decoded(answer)).toBe(json);
  });

  it('leaves small, encoded, no-transform, binary and bodiless answers alone', async () => {
    const cases: [string, Handler, boolean][] = [
      [
        'small with a length',
        (_q, res) => res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 2 }).end('{}'),
        true,
      ],
      [
        'small given to end',
        (_q, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.end('x'.repeat(1023));
        },
        true,
      ],
      [
        'already encoded',
        (_q, res) => res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' }).end(json),
        true,
      ],
      [
        'no-transform',
        (_q, res) =>
          res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'public, no-transform' }).end(json),
        true,
      ],
      ['binary', (_q, res) => res.writeHead(200, { 'Content-Type': 'image/png' }).end(json), false],
      ['304', (_q, res) => res.writeHead(304, { 'Content-Type': 'text/html' }).end(), true],
    ];
    for (const [name, handler, varies] of cases) {
      const port = await serve(handler);
      const answer = await get(port, { 'accept-encoding': 'br, gzip' });
      expect(answer.headers['content-encoding'] ?? 'none', name).toBe(name === 'already encoded' ? 'gzip' : 'none');
      expect(answer.headers.vary, name).toBe(varies ? 'Accept-Encoding' : undefined);
    }
  });

  it('answers a HEAD request without an encoding', async () => {
    const port = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(json));
    const answer = await get(port, { 'accept-encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.length).toBe(0);
  });

  it('streams a long answer written in pieces to a slow client, waiting for drain, to the end', async () => {
    // Random hex text, compressed to about half, so that megabytes reach the socket while the client
    // waits: the encoder must pause for the socket and resume when it drains (or the answer never ends).
    const pieces = Array.from({ length: 1500 }, () => `<p>${randomBytes(4096).toString('hex')}</p>\n`);
    const port = await serve((_req, res) => {
      // The flat-array form of the headers, as some renderers pass them.
      res.writeHead(200, ['Content-Type', 'text/html; charset=utf-8', 'X-Pieces', String(pieces.length)]);
      let written = 0;
      const more = () => {
        while (written < pieces.length) {
          if (!res.write(pieces[written++])) {
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      more();
    });
    const answer = await get(port, { 'accept-encoding': 'gzip' }, 'GET', 1000);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['x-pieces']).toBe(String(pieces.length));
    expect(decoded(answer) === pieces.join('')).toBe(true);
  });

  it('calls the callback given to end once the compressed answer is sent', async () => {
    let finished = false;
    const port = await serve((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(json, () => {
        finished = true;
      });
    });
    const answer = await get(port, { 'accept-encoding': 'br' });
    expect(decoded(answer)).toBe(json);
    await new Promise((resolve) => setImmediate(resolve));
    expect(finished).toBe(true);
  });
});
