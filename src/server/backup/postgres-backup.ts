/**
 * Backups of a PostgreSQL server's database: `pg_dump` in its custom format (one consistent snapshot,
 * taken while the shop runs; photos and import files included, they are rows), checked by `pg_restore`,
 * and restored in one transaction by `pg_restore | psql --single-transaction`, so that a restore that
 * fails leaves the database as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { childProcessEnv, env } from '../env.ts';

type Program = 'pg_dump' | 'pg_restore' | 'psql';

/** The path of one of PostgreSQL's client programs: PG_BIN_DIR, else Debian's newest, else the PATH's. */
export function postgresProgram(program: Program): string {
  if (env.PG_BIN_DIR) return path.join(env.PG_BIN_DIR, program);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(path.join(base, version, 'bin', program)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(base, versions[0], 'bin', program) : program;
}

/**
 * libpq's view of DATABASE_URL: the URL without its password, which goes in PGPASSWORD so that it never
 * shows in the process list.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: childProcessEnv({
      ...(password && { PGPASSWORD: password }),
      PGAPPNAME: 'dental-shop-backup',
      PGOPTIONS: '-c client_min_messages=warning',
    }),
  };
}

interface Run {
  stdout: string;
  stderr: string;
}

/** Runs a program to its end; rejects with what it printed when it fails. */
function run(
  program: Program,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; keepStdout?: boolean } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const file = postgresProgram(program);
    const child = spawn(file, args, { env: options.env ?? childProcessEnv({}), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.keepStdout) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error) =>
      reject(
        new Error(`${file} could not run (${error.message}): install PostgreSQL's client programs or set PG_BIN_DIR.`),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${program} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Dumps the database at `url` into `file` (custom format, compressed). */
export async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env: childEnv } = connection(url);
  await run('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], {
    env: childEnv,
  });
}

/**
 * Checks that `file` is a custom-format dump of the shop's database (its table of contents names the
 * migrations table) and, with `readAll`, that every table's data in it reads back (slower: the whole file).
 * Answers how many tables' data it holds.
 */
export async function checkPostgresDump(file: string, options: { readAll: boolean }): Promise<{ tables: number }> {
  const { stdout } = await run('pg_restore', ['--list', file], { keepStdout: true });
  if (!/ TABLE DATA drizzle __drizzle_migrations /.test(stdout)) {
    throw new Error(
      `${file} is a PostgreSQL dump, but not of the shop's database (it has no drizzle migrations table).`,
    );
  }
  if (options.readAll) await run('pg_restore', ['--file=/dev/null', file]);
  return { tables: stdout.split('\n').filter((line) => / TABLE DATA /.test(line)).length };
}

export interface DatabaseContents {
  /** Schemas other than PostgreSQL's own, with how many tables each has. */
  schemas: { name: string; tables: number }[];
  tables: number;
  /** Shop processes connected to it now (`application_name` dental-shop, dental-shop-jobs). */
  shopSessions: number;
}

/** What the database at `url` holds, and whether a shop is connected to it. */
export async function inspectPostgres(url: string): Promise<DatabaseContents> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'dental-shop-backup' } });
  try {
    const schemas = await sql<{ name: string; tables: number }[]>`
      select n.nspname as name, count(c.oid)::int as tables
      from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p')
      where n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
      group by n.nspname order by n.nspname`;
    const [sessions] = await sql<{ count: number }[]>`
      select count(*)::int as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and application_name in ('dental-shop', 'dental-shop-jobs')`;
    return {
      schemas: [...schemas],
      tables: schemas.reduce((sum, schema) => sum + schema.tables, 0),
      shopSessions: sessions?.count ?? 0,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Restores `file` into the database at `url`, in one transaction. `replace` first drops every schema the
 * database has (`contents.schemas`), so nothing of the old database survives beside the restored one.
 */
export async function restorePostgres(url: string, file: string, replace: DatabaseContents | null): Promise<void> {
  const { dbname, env: childEnv } = connection(url);
  const prologue = replace
    ? [
        ...replace.schemas.map((schema) => `drop schema ${quoteIdentifier(schema.name)} cascade;`),
        'create schema if not exists public;',
      ].join('\n') + '\n'
    : '';
  const psql = spawn(
    postgresProgram('psql'),
    [
      '-X',
      '--quiet',
      '--no-password',
      '--single-transaction',
      '-v',
      'ON_ERROR_STOP=1',
      `--dbname=${dbname}`,
      '-f',
      '-',
    ],
    { env: childEnv, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const restore = spawn(postgresProgram('pg_restore'), ['--no-owner', '--no-acl', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const finished = (child: typeof psql | typeof restore, name: Program) =>
    new Promise<void>((resolve, reject) => {
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('error', (error) => reject(new Error(`${name} could not run: ${error.message}`)));
      child.once('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`${name} failed (${code}): ${stderr.trim()}`)),
      );
    });
  const done = Promise.all([finished(psql, 'psql'), finished(restore, 'pg_restore')]);
  // psql may stop reading (an error) before pg_restore ends: its exit code says why, not the broken pipe.
  psql.stdin!.on('error', () => {});
  psql.stdin!.write(prologue);
  restore.stdout!.pipe(psql.stdin!);
  try {
    await done;
  } catch (error) {
    restore.kill();
    psql.kill();
    throw error;
  }
}

/** Counts of what a restored database holds, for the operator to compare with the shop they knew. */
export async function countPostgres(url: string): Promise<Record<string, number>> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connection: { application_name: 'dental-shop-backup' } });
  try {
    return await countRows((query) => sql.unsafe(query) as unknown as Promise<Record<string, unknown>[]>);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const COUNTED = ['products', 'orders', 'users', 'media_images', 'tasks'] as const;

/** The number of rows of the tables an operator knows a shop by, through any way of running SQL. */
export async function countRows(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, number>> {
  const [row] = await query(
    `select ${COUNTED.map((table) => `(select count(*) from ${table})::int as ${table}`).join(', ')}`,
  );
  return Object.fromEntries(COUNTED.map((table) => [table, Number(row?.[table] ?? 0)]));
}
