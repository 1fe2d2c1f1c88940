/**
 * The bytes of visitors' files (a model of up to 100 MB, a CV) in the database, 1 MB a row
 * (`request_file_chunks`): stored as they are read from the upload's temporary file and handed out as
 * they are read from the database, so a large file never sits whole in a process's memory.
 */
import { and, eq } from 'drizzle-orm';
import { getDb, type Db } from '../db/client.ts';
import { requestFileChunks, requestFiles } from '../db/schema/index.ts';

const CHUNK_BYTES = 1024 * 1024;

/** Stores `bytes` as the file's chunks, in order, each `CHUNK_BYTES` but the last. */
export async function storeFileChunks(db: Db, fileId: number, bytes: AsyncIterable<Uint8Array>): Promise<void> {
  let seq = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async (all: Buffer) => {
    await db.insert(requestFileChunks).values({ fileId, seq: seq++, data: all });
  };
  for await (const part of bytes) {
    pending.push(part);
    pendingBytes += part.length;
    while (pendingBytes >= CHUNK_BYTES) {
      const joined = Buffer.concat(pending);
      await flush(joined.subarray(0, CHUNK_BYTES));
      const rest = joined.subarray(CHUNK_BYTES);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
  if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending));
}

/** A stored file's bytes, one chunk in memory at a time (a file stored whole before chunks: that). */
export async function* readFileBytes(fileId: number): AsyncGenerator<Uint8Array> {
  const db = await getDb();
  const [whole] = await db.select({ data: requestFiles.data }).from(requestFiles).where(eq(requestFiles.id, fileId));
  if (whole?.data) {
    yield whole.data;
    return;
  }
  for (let seq = 0; ; seq += 1) {
    const [chunk] = await db
      .select({ data: requestFileChunks.data })
      .from(requestFileChunks)
      .where(and(eq(requestFileChunks.fileId, fileId), eq(requestFileChunks.seq, seq)));
    if (!chunk) return;
    if (chunk.data.length) yield chunk.data;
  }
}
