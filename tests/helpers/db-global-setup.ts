import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../src/server/boot/boot.ts';
import { openPglite, openPostgres } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the migrated, seeded data dump; PostgreSQL: name of the template database. */
    dbTemplate: { kind: 'pglite'; dump: string } | { kind: 'postgres'; adminUrl: string; template: string };
  }
}

/**
 * Builds the migrated demo database once per run; every test file then starts from a copy of it
 * (PGlite: loads the dump; PostgreSQL: CREATE DATABASE ... TEMPLATE), so files never see each other's writes.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = `shop_test_tpl_${process.pid}_${Date.now()}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE "${template}"`);
    const handle = openPostgres(withDatabase(adminUrl, template), 1);
    await prepareDatabase(handle, { seedDemo: true });
    await handle.close();
    project.provide('dbTemplate', { kind: 'postgres', adminUrl, template });
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const handle = await openPglite();
  await prepareDatabase(handle, { seedDemo: true });
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  const file = path.resolve('.test-data', `template-${process.pid}.tar.gz`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', dump: file });
  return () => rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
