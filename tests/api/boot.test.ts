import { spawn } from 'node:child_process';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../helpers/db-global-setup.ts';

const template = inject('dbTemplate');
const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(root, 'tests/helpers/processes/boot-and-serve.ts');

interface ChildResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runShopProcess(databaseUrl: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [child], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Only a PostgreSQL server can be shared by several processes; the embedded database refuses a second one.
describe.skipIf(template.kind !== 'postgres')('boot sequence on PostgreSQL', () => {
  const adminUrl = template.kind === 'postgres' ? template.adminUrl : '';
  const name = `shop_boot_${process.pid}_${Date.now()}`;
  const admin = postgres(adminUrl || 'postgres://unused', { max: 1, onnotice: () => {} });

  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });

  it('brings up two processes started at once on one empty database, migrating and seeding it once', async () => {
    await admin.unsafe(`CREATE DATABASE "${name}"`);
    const url = withDatabase(adminUrl, name);
    const results = await Promise.all([runShopProcess(url), runShopProcess(url)]);
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const seen = results.map((r) => JSON.parse(r.stdout.trim().split('\n').at(-1)!));
    // Both serve the same catalog, and it is there once: two countries, not four; the three demo accounts
    // (staff, the doctor, the clinic's owner) once.
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]).toMatchObject({ status: 200, countries: 2, users: 3 });
    expect(seen[0].products).toBeGreaterThan(100);
    expect(seen[0].listed).toBeGreaterThan(100);
  }, 120_000);
});
