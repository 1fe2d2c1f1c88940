/**
 * A second shop process for tests: boots on DATABASE_URL (as `npm start` does; its background workers
 * only with `SHOP_TEST_WORKERS=true`) and
 * serves the API through the shop's HTTP server, response cache included. Prints `{"port": N}` once
 * it listens; stops on SIGTERM.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getApp } from '../../../src/server/api/app.ts';
import { boot } from '../../../src/server/boot/boot.ts';
import { createShopServer } from '../../../src/server/http/shop-server.ts';

const shop = await boot({ jobs: process.env.SHOP_TEST_WORKERS === 'true', seedDemo: false });

// Astro's handler in production; here the API app alone, reached the way Astro's endpoint reaches it.
async function render(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
  const response = await getApp().fetch(
    new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }),
    {
      clientAddress: req.socket.remoteAddress,
    },
  );
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

const { server } = createShopServer({
  render: (req, res) => void render(req, res),
  cache: { maxBytes: 16 * 1024 * 1024 },
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  void shop.stop().finally(() => process.exit(0));
});
