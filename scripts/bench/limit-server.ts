/**
 * The bench's limit: a bare Node.js `http` server that answers each path with the exact bytes the shop
 * answered for it (status, content type, content encoding, body), nothing computed per request. Run
 * as `node scripts/bench/limit-server.ts <responses.json> <port>`; prints "ready" once it listens.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const [file, port] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, Recorded>;
const responses = new Map(
  Object.entries(recorded).map(([path, r]) => [
    path,
    { status: r.status, headers: { ...r.headers }, body: Buffer.from(r.body, 'base64') },
  ]),
);

http
  .createServer((req, res) => {
    const answer = responses.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, 'Content-Length': answer.body.length });
    res.end(answer.body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
