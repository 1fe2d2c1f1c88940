/**
 * The few parts of the tar format (ustar) a backup of the embedded database needs: writing a directory's
 * files as a stream, and listing an archive's entries to check it is whole. PGlite's `loadDataDir` reads
 * what `tarDirectory` writes.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const BLOCK = 512;

function header(name: string, size: number, mode: number, mtime: Date, type: '0' | '5'): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut <= 0 || Buffer.byteLength(base) > 100) throw new Error(`${name}: too long a path for a tar`);
  }
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;
  block.write(base, 0);
  block.write(octal(mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(size, 12), 124);
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  block.write(' '.repeat(8), 148);
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.write(prefix, 345);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/**
 * The files and folders under `dir` as a tar, their names relative to it; anything else (links, sockets)
 * is left out.
 */
export async function* tarDirectory(dir: string, relative = ''): AsyncGenerator<Buffer> {
  const entries = (await readdir(path.join(dir, relative), { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  );
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    const full = path.join(dir, name);
    if (entry.isDirectory()) {
      yield header(name, 0, 0o700, (await stat(full)).mtime, '5');
      yield* tarDirectory(dir, name);
    } else if (entry.isFile()) {
      const { size, mtime } = await stat(full);
      yield header(name, size, 0o600, mtime, '0');
      let written = 0;
      for await (const chunk of size ? createReadStream(full, { end: size - 1 }) : []) {
        written += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
      if (written !== size) throw new Error(`${full} changed while it was copied`);
      if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK));
    }
  }
  if (!relative) yield Buffer.alloc(2 * BLOCK);
}

/** The names of the files and folders in a tar (ustar), each checked to lie within the archive. */
export function tarEntries(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (start: number, length: number) =>
    tar
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return names;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const prefix = text(offset + 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${text(offset, 100)}`.replace(/^\.?\/+/, '');
    if (!Number.isFinite(size) || offset + BLOCK + size > tar.length) throw new Error(`the tar is cut inside ${name}`);
    names.push(name);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('the tar has no end');
}
