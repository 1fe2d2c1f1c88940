/**
 * Seeds the configured database: `node src/server/db/seed.ts [--reset] [--products N]`.
 * Without options it fills an empty database with the demo data set and leaves a filled one alone.
 */
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { getDbHandle, queryRows, type Db } from './client.ts';
import * as schema from './schema/index.ts';
import { seedDemo, seedIfEmpty, seedLargeCatalog } from './seed/index.ts';

const usage = 'Usage: node src/server/db/seed.ts [--reset] [--products N]';

function readOptions(): { reset: boolean; products: number | null } {
  const { values } = parseArgs({ options: { reset: { type: 'boolean', default: false }, products: { type: 'string' } } });
  if (values.products === undefined) return { reset: values.reset, products: null };
  const products = Number(values.products);
  if (!Number.isInteger(products) || products < 1) throw new Error(`--products needs a positive whole number, got "${values.products}".\n${usage}`);
  return { reset: values.reset, products };
}

/** Empties every table of the application schema (not the migration journal). */
async function truncateAll(db: Db): Promise<string[]> {
  const rows = await queryRows<{ tablename: string }>(db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
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
  const handle = await getDbHandle();
  try {
    const { db } = handle;
    console.log(`Database: ${handle.kind}`);
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
      console.log(`Filled the catalog up to ${options.products} products in ${Math.round(performance.now() - started)} ms (nothing is added when it already holds that many).`);
    }
    console.log('Rows per table:');
    await printCounts(db);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
