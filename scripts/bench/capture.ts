/** One answer of the shop as raw bytes (compressed as sent), for the limit server to replay. */
import http from 'node:http';

export interface Captured {
  status: number;
  headers: Record<string, string>;
  /** Base64 of the body exactly as it came over the wire. */
  body: string;
  bytes: number;
}

/** Headers that describe the body; the limit server sends these and nothing else but Content-Length. */
const KEPT = ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary'];

export function capture(origin: string, path: string, headers: Record<string, string>): Promise<Captured> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const kept = Object.fromEntries(
            KEPT.filter((name) => res.headers[name] !== undefined).map((name) => [name, String(res.headers[name])]),
          );
          resolve({ status: res.statusCode ?? 0, headers: kept, body: body.toString('base64'), bytes: body.length });
        });
      })
      .on('error', reject);
  });
}
