/** Exits 0 when the PostgreSQL server at the given URL answers a query within 5 seconds. */
import postgres from 'postgres';

const url = process.argv[2];
if (!url) {
  console.error('Usage: node scripts/pg-available.ts postgres://user@host:port/db');
  process.exit(2);
}
const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
try {
  await sql`select 1`;
  console.log(`PostgreSQL answers at ${new URL(url).host}.`);
  process.exitCode = 0;
} catch (error) {
  console.log(`No PostgreSQL server at ${new URL(url).host} (${(error as Error).message}); skipping its API run.`);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 1 });
}
