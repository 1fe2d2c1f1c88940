/**
 * Seeds the configured database: `npm run seed -- [--reset] [--products N]`.
 * Without options it fills an empty database with the demo data set and leaves a filled one alone.
 * Runs under the boot sequence's advisory lock, so a shop starting meanwhile does not seed as well.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { boot, BOOT_LOCK_KEY } from '../src/server/boot/boot.ts';
import { seedDemo, seedIfEmpty } from '../src/server/boot/demo-data.ts';
import { seedLargeCatalog } from '../src/server/catalog/seed/index.ts';
import { queryRows, withAdvisoryLock, type Db } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema/index.ts';

const usage = 'Usage: npm run seed -- [--reset] [--products N]';

function readOptions(): { reset: boolean; products: number | null } {
  const { values } = parseArgs({
    options: { reset: { type: 'boolean', default: false }, products: { type: 'string' } },
  });
  if (values.products === undefined) return { reset: values.reset, products: null };
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1)
    throw new Error(`--products needs a positive whole number, got "${values.products}".\n${usage}`);
  return { reset: values.reset, products };
}

/** Empties every table of the application schema (not the migration journal). */
async function truncateAll(db: Db): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = rows.map((r) => r.tablename);
  if (tables.length > 0) {
    const list = tables.map((t) => `"public"."${t.replace(/"/g, '""')}"`).join(', ');
    await db.execute(sql.raw(`truncate table ${list} restart identity cascade`));
  }
  return tables;
}

async function printCounts(db: Db): Promise<void> {
  const tables = {
    countries: schema.countries,
    categories: schema.categories,
    brands: schema.brands,
    specifications: schema.specifications,
    products: schema.products,
    product_offers: schema.productOffers,
    product_specifications: schema.productSpecifications,
    exchanges: schema.exchanges,
    banners: schema.banners,
    contacts: schema.contacts,
    documents: schema.documents,
    users: schema.users,
  };
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    console.log(`  ${name.padEnd(24)} ${row?.n ?? 0}`);
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  const shop = await boot({ jobs: false, seedDemo: false });
  try {
    const { handle } = shop;
    const { db } = handle;
    console.log(`Database: ${handle.kind}`);
    await withAdvisoryLock(handle, BOOT_LOCK_KEY, async () => {
      if (options.reset) {
        const started = performance.now();
        const tables = await truncateAll(db);
        console.log(`Emptied ${tables.length} tables.`);
        await seedDemo(db);
        console.log(`Seeded the demo data set in ${Math.round(performance.now() - started)} ms.`);
      } else {
        await seedIfEmpty(db);
      }
      if (options.products !== null) {
        const started = performance.now();
        await seedLargeCatalog(db, options.products);
        console.log(
          `Filled the catalog up to ${options.products} products in ${Math.round(performance.now() - started)} ms (nothing is added when it already holds that many).`,
        );
      }
    });
    console.log('Rows per table:');
    await printCounts(db);
  } finally {
    await shop.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
