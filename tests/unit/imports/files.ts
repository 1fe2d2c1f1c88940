/** Uploads made in the test: bytes in any encoding, fed in chunks of a chosen size. */
import iconv from 'iconv-lite';

export type Encoding = 'utf-8' | 'windows-1251' | 'utf-16le';

/** Text as a file's bytes, with the BOM the encoding's Excel writes when `bom` is set. */
export function fileBytes(text: string, encoding: Encoding = 'utf-8', bom = false): Buffer {
  return iconv.encode(text, encoding, { addBOM: bom });
}

/** The bytes as an upload's stream, `size` bytes at a time (1: byte by byte). */
export async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield Buffer.from(bytes.subarray(at, at + size));
}

export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** Rejects with what `promise` throws, so a test can look at the error's code and message. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a failure');
}
