/**
 * The files 1C sends in a session, kept in the database (any shop process may answer the next request):
 * each part appended as 1 MB chunks, read back as a stream; a zip unpacked (yauzl, from a temporary file,
 * one entry at a time) into the files it holds, pictures included.
 *
 * A chunk of text (1C's XML) is deflated here before it is stored (`deflated`): 8 MB of offers go to the
 * database as under 1 MB, where the driver would send them as 16 MB of hex for the server to decode,
 * compress and log. A zip or a picture, compressed already, is stored as it came.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { constants as zlibConstants, deflate, inflate } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { getDb, queryRows, type Db } from '../db/client.ts';
import { exchangeFiles } from '../db/schema/index.ts';
import { nextTurn } from '../event-loop.ts';

const CHUNK_BYTES = 1024 * 1024;

const deflateAsync = promisify(deflate);
const inflateAsync = promisify(inflate);
/** Names of files compressed already: deflating them again costs time and saves nothing. */
const COMPRESSED_ALREADY = /\.(zip|jpe?g|png|gif|webp|avif|gz|7z|rar|pdf)$/i;

/**
 * One chunk as stored: deflated (level 1: the fastest, and XML shrinks tenfold with it) unless its file
 * is compressed already or the chunk does not shrink by a tenth.
 */
async function storedChunk(name: string, data: Buffer): Promise<{ data: Buffer; deflated: boolean }> {
  if (data.length < 1024 || COMPRESSED_ALREADY.test(name)) return { data, deflated: false };
  const packed = await deflateAsync(data, { level: 1, strategy: zlibConstants.Z_DEFAULT_STRATEGY });
  return packed.length < data.length * 0.9 ? { data: packed, deflated: true } : { data, deflated: false };
}

async function insertChunk(db: Db, sessionId: string, name: string, seq: number, data: Buffer): Promise<void> {
  await db.insert(exchangeFiles).values({ sessionId, name, seq, ...(await storedChunk(name, data)) });
}

/** A name 1C may give a file: a relative path of ordinary names, no `..`, at most 255 characters. */
export function isSafeFileName(name: string): boolean {
  if (!name || name.length > 255 || name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/**
 * Appends one part of a file: its chunks in one transaction, so the part is stored whole or not at all,
 * and the server flushes its log once per part rather than once per chunk.
 */
export async function appendFile(sessionId: string, name: string, data: Buffer, db?: Db): Promise<void> {
  const conn = db ?? (await getDb());
  await conn.transaction(async (tx) => {
    const [last] = await queryRows<{ seq: number | null }>(
      tx,
      sql`select max(seq) as seq from exchange_files where session_id = ${sessionId}::uuid and name = ${name}`,
    );
    let seq = last?.seq === null || last?.seq === undefined ? 0 : Number(last.seq) + 1;
    for (let start = 0; start < data.length || start === 0; start += CHUNK_BYTES, seq += 1) {
      if (start > 0) await nextTurn();
      await insertChunk(tx, sessionId, name, seq, data.subarray(start, start + CHUNK_BYTES));
      if (!data.length) break;
    }
  });
}

/** Whether the session holds a file of that name. */
export async function hasFile(sessionId: string, name: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    await getDb(),
    sql`select 1 as one from exchange_files where session_id = ${sessionId}::uuid and name = ${name} limit 1`,
  );
  return rows.length > 0;
}

/** The names of the session's files. */
export async function fileNames(sessionId: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    await getDb(),
    sql`select distinct name from exchange_files where session_id = ${sessionId}::uuid order by name`,
  );
  return rows.map((r) => r.name);
}

/** A file, chunk by chunk (the next one read ahead). */
export async function* readFile(sessionId: string, name: string): AsyncGenerator<Buffer> {
  const db = await getDb();
  const seqs = await queryRows<{ seq: number }>(
    db,
    sql`select seq from exchange_files where session_id = ${sessionId}::uuid and name = ${name} order by seq`,
  );
  const chunkAt = async (seq: number) => {
    const [chunk] = await db
      .select({ data: exchangeFiles.data, deflated: exchangeFiles.deflated })
      .from(exchangeFiles)
      .where(and(eq(exchangeFiles.sessionId, sessionId), eq(exchangeFiles.name, name), eq(exchangeFiles.seq, seq)));
    return chunk?.deflated ? inflateAsync(chunk.data) : chunk?.data;
  };
  // The next chunk is on its way while the reader works on this one (two in memory at most).
  let next = seqs.length ? chunkAt(seqs[0]!.seq) : null;
  try {
    for (let i = 0; next; i += 1) {
      const data = await next;
      next = i + 1 < seqs.length ? chunkAt(seqs[i + 1]!.seq) : null;
      if (data?.length) yield data;
    }
  } finally {
    // A reader that stopped early (a broken file) leaves the chunk read ahead unread, and its failure unheard.
    next?.catch(() => {});
  }
}

/** A whole (small) file, or null when the session has none of that name: a product's picture. */
export async function readWholeFile(sessionId: string, name: string): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  for await (const chunk of readFile(sessionId, name)) parts.push(chunk);
  return parts.length ? Buffer.concat(parts) : (await hasFile(sessionId, name)) ? Buffer.alloc(0) : null;
}

/** The zip isn't one, or is broken: what to tell 1C. */
export class ZipError extends Error {
  override name = 'ZipError';
}

/**
 * Unpacks every zip of the session into the files it holds (a picture keeps its path, `import_files/…`),
 * then forgets the zip. Done once, whichever request or task comes first.
 */
export async function unpackZips(sessionId: string): Promise<void> {
  const db = await getDb();
  const zips = await queryRows<{ name: string }>(
    db,
    sql`select distinct name from exchange_files where session_id = ${sessionId}::uuid and lower(name) like '%.zip'`,
  );
  for (const { name } of zips) {
    const dir = await mkdtemp(join(tmpdir(), 'exchange-1c-'));
    try {
      const path = join(dir, 'file.zip');
      await pipeline(readFile(sessionId, name), createWriteStream(path));
      await unpackOne(sessionId, path, name);
      await db.delete(exchangeFiles).where(and(eq(exchangeFiles.sessionId, sessionId), eq(exchangeFiles.name, name)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

async function unpackOne(sessionId: string, path: string, zipName: string): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, decodeStrings: true }, (error, file) =>
      error || !file
        ? reject(new ZipError(`${zipName} не открывается как zip: ${error?.message ?? ''}`))
        : resolve(file),
    ),
  );
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', onError);
          resolve(e);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          zip.off('error', onError);
          resolve(null);
        };
        const onError = (error: Error) => reject(new ZipError(`${zipName} повреждён: ${error.message}`));
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      const name = entry.fileName.replace(/^\.\//, '');
      if (name.endsWith('/') || !isSafeFileName(name)) continue;
      const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
        zip.openReadStream(entry, (error, s) =>
          error || !s ? reject(new ZipError(`${zipName}: ${name} не читается`)) : resolve(s),
        ),
      );
      // A file of that name sent before is replaced by the zip's.
      const db = await getDb();
      await db.delete(exchangeFiles).where(and(eq(exchangeFiles.sessionId, sessionId), eq(exchangeFiles.name, name)));
      let pending: Buffer[] = [];
      let size = 0;
      let seq = 0;
      const flush = async () => {
        await insertChunk(db, sessionId, name, seq, Buffer.concat(pending));
        seq += 1;
        pending = [];
        size = 0;
      };
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        pending.push(chunk);
        size += chunk.length;
        if (size >= CHUNK_BYTES) await flush();
      }
      if (size || seq === 0) await flush();
    }
  } finally {
    zip.close();
  }
}

/** Forgets the files of sessions older than `days` (their results stay in the tasks). */
export async function forgetOldFiles(days: number): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`delete from exchange_files f using exchange_sessions s
        where f.session_id = s.id and s.last_seen_at < now() - make_interval(days => ${days})`,
  );
}
