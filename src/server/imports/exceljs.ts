/**
 * exceljs (the well-kept spreadsheet library of DESIGN.md) with two faults of its readers mended before
 * any of its modules loads them:
 * - its XML reader decodes each chunk of a zip entry on its own (one TextDecoder for everything, never
 *   told the text goes on), so a Cyrillic letter split between two 16 kB chunks of a sheet or of the
 *   shared strings came out as «��» («Ни��кая растворимость»); each parse gets its own streaming decoder;
 * - it decodes XML entities a second time after the XML parser has (`utils.xmlDecode`), so a cell whose
 *   text is `&quot;` read back as «"»; text reaches the cells as the parser decoded it.
 * Every use of exceljs in the shop imports it from here.
 */
import { createRequire } from 'node:module';
import type * as ExcelJSModule from 'exceljs';

const require = createRequire(import.meta.url);

interface SaxesParserLike {
  on(event: string, listener: (value: unknown) => void): void;
  write(text: string): void;
}

function mendedParseSax() {
  const { SaxesParser } = require('saxes') as { SaxesParser: new () => SaxesParserLike };
  const { PassThrough } = require('readable-stream') as typeof import('node:stream');
  return async function* parseSax(iterable: AsyncIterable<Uint8Array | string> & { pipe?: unknown }) {
    let source = iterable;
    if (source.pipe && !(Symbol.asyncIterator in source)) {
      source = (source as unknown as NodeJS.ReadableStream).pipe(new PassThrough()) as unknown as typeof source;
    }
    const parser = new SaxesParser();
    const decoder = new TextDecoder('utf-8');
    let error: unknown;
    parser.on('error', (err) => (error = err));
    let events: { eventType: string; value: unknown }[] = [];
    parser.on('opentag', (value) => events.push({ eventType: 'opentag', value }));
    parser.on('text', (value) => events.push({ eventType: 'text', value }));
    parser.on('closetag', (value) => events.push({ eventType: 'closetag', value }));
    for await (const chunk of source) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
      if (error) throw error;
      yield events;
      events = [];
    }
    const rest = decoder.decode();
    if (rest) {
      parser.write(rest);
      if (error) throw error;
      yield events;
    }
  };
}

const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js');
require(parseSaxPath);
require.cache[parseSaxPath]!.exports = mendedParseSax();
const utils = require('exceljs/lib/utils/utils.js') as { xmlDecode: (text: string) => string };
utils.xmlDecode = (text) => text;

const ExcelJS = require('exceljs') as typeof ExcelJSModule;
export default ExcelJS;
