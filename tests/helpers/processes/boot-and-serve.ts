/**
 * A shop process reduced to what a test needs: boots as `npm start` does (migrate and seed under the
 * boot lock), answers one API request in process, prints what it saw as JSON, and stops.
 * Run with `node tests/helpers/processes/boot-and-serve.ts` and DATABASE_URL set.
 */
import { getApp } from '../../../src/server/api/app.ts';
import { boot } from '../../../src/server/boot/boot.ts';
import { queryRows } from '../../../src/server/db/client.ts';

const shop = await boot({ jobs: false, seedDemo: true });
try {
  const response = await getApp().fetch(new Request('http://shop.test/api/v1/products/products/?limit=1'));
  const body = (await response.json()) as { count: number };
  const [counts] = await queryRows<{ countries: number; categories: number; products: number; users: number }>(
    shop.handle.db,
    // Counted apart from the API, which sees only one country's active products.
    (await import('drizzle-orm')).sql`select
      (select count(*)::int from countries) as countries,
      (select count(*)::int from categories) as categories,
      (select count(*)::int from products) as products,
      (select count(*)::int from users) as users`,
  );
  console.log(JSON.stringify({ status: response.status, listed: body.count, ...counts }));
} finally {
  await shop.stop();
}
