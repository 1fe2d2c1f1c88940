import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { afterAll, inject } from 'vitest';
import { openPglite, openPostgres, setDbHandle, type DbHandle } from '../../src/server/db/client.ts';
import { withDatabase } from './db-global-setup.ts';

// Each test file gets its own copy of the seeded template database.
const template = inject('dbTemplate');
let handle: DbHandle;
let cleanup = async () => {};

if (template.kind === 'pglite') {
  handle = await openPglite({ loadDataDir: new Blob([readFileSync(template.dump)]) });
} else {
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(template.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
  handle = openPostgres(withDatabase(template.adminUrl, name), 4);
  cleanup = async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
setDbHandle(handle);

afterAll(async () => {
  await handle.close();
  await cleanup();
});
