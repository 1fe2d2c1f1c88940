/**
 * The shop server's responses, compressed on the way out (br, else gzip) when the client accepts it and
 * the answer is worth it: a compressible type (`encoding.ts`), at least `COMPRESS_MIN_BYTES` long when
 * its length is known, not encoded already (the response cache writes its kept copies encoded), not
 * `no-transform`, not to a HEAD. Whatever is compressible gets `Vary: Accept-Encoding`.
 *
 * A subclass given to `http.createServer` rather than a middleware that patches each response: a
 * middleware such as `compression` assigns new closures to every response's `write`, `end` and `on`,
 * and V8 then keeps every response alive through the next young-generation collection (promoted to the
 * old generation: 7-13 ms scavenges and the p99 of signed-in API calls with them; issue 24). Methods on
 * the prototype cost nothing per response.
 */
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { COMPRESS_MIN_BYTES, COMPRESSIBLE_TYPES, mergeVary, preferredEncoding } from './encoding.ts';

type Callback = (error?: Error | null) => void;
type Chunk = string | Uint8Array;

/** Quality 4: most of brotli's gain over gzip at gzip's speed, for answers compressed on every request. */
const BROTLI_QUALITY = 4;

export class CompressingResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  #encoder: BrotliCompress | Gzip | null = null;
  /** The length of a body given whole to `end` before the head was written. */
  #knownLength: number | undefined;
  #ended = false;

  override writeHead(
    statusCode: number,
    reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const reason = typeof reasonOrHeaders === 'string' ? reasonOrHeaders : undefined;
    const given = typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders;
    // (A head already written: Node's own writeHead refuses the call.)
    if (!this.headersSent) {
      // The headers given here join those already set, so that the decision sees all of them.
      if (Array.isArray(given)) {
        for (let i = 0; i + 1 < given.length; i += 2) this.appendHeader(String(given[i]), given[i + 1] as string);
      } else if (given) {
        for (const name in given) {
          const value = given[name];
          if (value !== undefined) this.setHeader(name, value);
        }
      }
      this.#start(statusCode);
    }
    return reason === undefined ? super.writeHead(statusCode) : super.writeHead(statusCode, reason);
  }

  override write(chunk: Chunk, encodingOrCallback?: BufferEncoding | Callback, callback?: Callback): boolean {
    if (this.#ended) return false;
    if (!this.headersSent) this.writeHead(this.statusCode);
    const encoder = this.#encoder;
    if (!encoder) return super.write(chunk, encodingOrCallback as BufferEncoding, callback);
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    return encoder.write(toBuffer(chunk, encodingOrCallback), done);
  }

  override end(
    chunkOrCallback?: Chunk | (() => void),
    encodingOrCallback?: BufferEncoding | (() => void),
    callback?: () => void,
  ): this {
    if (this.#ended) return this;
    const chunk = typeof chunkOrCallback === 'function' ? undefined : chunkOrCallback;
    if (!this.headersSent) {
      if (!this.hasHeader('Content-Length'))
        this.#knownLength = chunk === undefined || chunk === null ? 0 : byteLength(chunk, encodingOrCallback);
      this.writeHead(this.statusCode);
    }
    const encoder = this.#encoder;
    if (!encoder) return super.end(chunkOrCallback as Chunk, encodingOrCallback as BufferEncoding, callback);
    this.#ended = true;
    const done = [chunkOrCallback, encodingOrCallback, callback].find((arg) => typeof arg === 'function');
    if (done) this.once('finish', done as () => void);
    if (chunk !== undefined && chunk !== null) encoder.end(toBuffer(chunk, encodingOrCallback));
    else encoder.end();
    return this;
  }

  /** Decides, just before the head is written, whether to compress; if so, starts the encoder. */
  #start(statusCode: number): void {
    const type = this.getHeader('Content-Type');
    if (typeof type !== 'string' || !COMPRESSIBLE_TYPES.test(type)) return;
    this.setHeader('Vary', mergeVary(this.getHeader('Vary'), 'Accept-Encoding'));
    if (this.req.method === 'HEAD' || statusCode < 200 || statusCode === 204 || statusCode === 304) return;
    if (/\bno-transform\b/i.test(String(this.getHeader('Cache-Control') ?? ''))) return;
    const contentEncoding = this.getHeader('Content-Encoding');
    if (contentEncoding !== undefined && String(contentEncoding).toLowerCase() !== 'identity') return;
    const length = this.hasHeader('Content-Length') ? Number(this.getHeader('Content-Length')) : this.#knownLength;
    if (length !== undefined && length < COMPRESS_MIN_BYTES) return;
    const encoding = preferredEncoding(this.req.headers['accept-encoding'], { br: true, gzip: true });
    if (encoding === 'identity') return;
    const encoder =
      encoding === 'br'
        ? createBrotliCompress({
            params: {
              [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
              ...(length !== undefined && { [constants.BROTLI_PARAM_SIZE_HINT]: length }),
            },
          })
        : createGzip();
    this.#encoder = encoder;
    this.setHeader('Content-Encoding', encoding);
    this.removeHeader('Content-Length');
    encoder.on('data', (compressed: Buffer) => {
      if (!super.write(compressed)) encoder.pause();
    });
    encoder.on('end', () => super.end());
    encoder.on('error', (error) => this.destroy(error));
    // The socket took what was written: the encoder may go on; a writer waiting for 'drain' hears it
    // from the encoder too, since its writes go there.
    this.on('drain', () => encoder.resume());
    encoder.on('drain', () => this.emit('drain'));
    // A client gone before the end: the encoder's native memory is released now, not at a collection.
    this.once('close', () => encoder.destroy());
  }
}

function toBuffer(chunk: Chunk, encoding?: unknown): Buffer {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function byteLength(chunk: Chunk, encoding?: unknown): number {
  return typeof chunk === 'string'
    ? Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
    : chunk.byteLength;
}
