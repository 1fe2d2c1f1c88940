import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecordReader, type CsvRecord, type LineBreak } from '../../../src/server/imports/csv-records.ts';

function records(text: string, delimiter = ';', pieceSize = text.length || 1, lineBreak: LineBreak = '\n') {
  const reader = new CsvRecordReader(delimiter, lineBreak);
  const out: CsvRecord[] = [];
  for (let at = 0; at < text.length; at += pieceSize) reader.push(text.slice(at, at + pieceSize), out);
  reader.end(out);
  return out;
}

describe('splitting CSV text into records', () => {
  it('splits lines on the delimiter, LF or CRLF', () => {
    expect(records('a;b\r\nc;d\ne;f')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
    ]);
  });

  it('gives an empty line as one empty cell and keeps counting lines', () => {
    expect(records('a\r\n\r\nb\r\n')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['b'] },
    ]);
  });

  it('unquotes a quoted cell with the delimiter, a doubled quote and line breaks, counting its lines', () => {
    const text = 'sku;name;qty\r\nA;"Пинцет; ""изогнутый""\r\nдлина 15 см";2\r\nB;x;3\r\n';
    expect(records(text)).toEqual([
      { line: 1, cells: ['sku', 'name', 'qty'] },
      { line: 2, cells: ['A', 'Пинцет; "изогнутый"\r\nдлина 15 см', '2'] },
      { line: 4, cells: ['B', 'x', '3'] },
    ]);
  });

  it('reads the same records from pieces of any size', () => {
    const text = 'sku;name;qty\r\nA;"a;\n""b""\n";2\r\n\r\nB;"";3\r\nC;"x"\r\n';
    const whole = records(text);
    for (const size of [1, 2, 3, 5, 7]) expect(records(text, ';', size)).toEqual(whole);
  });

  it('keeps quotes inside an unquoted cell and text after a closing quote, as Excel does', () => {
    expect(records('12" ruler;"a"b;c\n')).toEqual([{ line: 1, cells: ['12" ruler', 'ab', 'c'] }]);
  });

  it('reads tab-separated lines and old Mac CR line ends', () => {
    expect(records('a\tb\rc\td\r', '\t', 100, '\r')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('refuses a quote that never closes, naming its line', () => {
    expect(() => records('sku;qty\nA;5\nB;"5\nC;6\n')).toThrow(
      expect.objectContaining({ code: 'invalid_csv', message: expect.stringContaining('В строке 3') }),
    );
  });

  it('refuses to hold more than a megabyte waiting for a record to end', () => {
    const reader = new CsvRecordReader(';');
    expect(() => reader.push(`A;"${'x'.repeat(1024 * 1024 + 10)}`, [])).toThrow(
      expect.objectContaining({ code: 'invalid_csv' }),
    );
  });

  it('agrees with csv-parse on Excel-written files', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    for (let file = 0; file < 200; file++) {
      const delimiter = pick([';', ',', '\t']);
      const lineEnd = pick(['\r\n', '\n']);
      const lines: string[] = [];
      for (let line = 0; line < 1 + Math.floor(random() * 6); line++) {
        const cells: string[] = [];
        for (let cell = 0; cell < 1 + Math.floor(random() * 4); cell++) {
          const text = Array.from({ length: Math.floor(random() * 6) }, () =>
            pick(['a', 'Ж', '0', ' ', '"', delimiter, '\n', '\r\n']),
          ).join('');
          const needsQuotes = /["\r\n]/.test(text) || text.includes(delimiter);
          cells.push(needsQuotes || random() < 0.2 ? `"${text.replaceAll('"', '""')}"` : text);
        }
        lines.push(cells.join(delimiter));
      }
      const text = lines.join(lineEnd) + (random() < 0.5 ? lineEnd : '');
      const expected = parse(text, { delimiter, relax_column_count: true, record_delimiter: lineEnd }) as string[][];
      const mine = records(text, delimiter, 1 + Math.floor(random() * 8)).map((r) => r.cells);
      expect(mine, JSON.stringify(text)).toEqual(expected);
    }
  });
});
