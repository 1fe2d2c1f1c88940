/**
 * A JSON import file read as a stream of rows: `{"format": "…", <header keys>, "<rows>": [ … ]}` or a
 * bare array of rows. Only one row is in memory at a time, whatever the file's size.
 */
import type { Token } from 'stream-json/parser.js';
import { kindOfFormat, wrongRouteMessage, type JsonFormat } from './file-kind.ts';
import { ImportFileError } from './import.types.ts';
import { jsonTokenizer, ValueBuilder, type JsonValue } from './json-values.ts';
import { decodeText } from './text-encoding.ts';

export type JsonFileEvent =
  /** First: the top-level keys before the rows (null for a bare array). */
  | { kind: 'header'; fields: Map<string, JsonValue> | null }
  /** `row`: the line the value starts on (1-based); `index`: its position in the list, from 0. */
  | { kind: 'row'; row: number; index: number; value: JsonValue };

export interface JsonRowsOptions {
  /** The most rows a file may have; over it: `too_many_rows`. */
  maxRows?: number;
}

// stream-json's errors are English and carry no position: the line is ours, the hint their Russian.
const PARSER_MESSAGES: [string, string][] = [
  ["expected ','", 'не хватает запятой между значениями или закрывающей скобки'],
  ["expected ':'", 'после ключа нет двоеточия'],
  ['expected an object key', 'ожидался ключ в двойных кавычках (или лишняя запятая перед «}»)'],
  ["unexpected token ']'", 'лишняя запятая перед «]»'],
  ["unexpected token '}'", 'лишняя запятая перед «}»'],
  ['escaped characters', 'в строке табуляция, перевод строки или неверная последовательность с «\\»'],
  ['has expected', 'файл обрывается: не хватает закрывающих скобок или кавычек'],
  ['expected a value', 'ожидалось значение: строка в двойных кавычках, число, true, false, null, объект или список'],
];

function invalidJson(error: unknown, line: number): ImportFileError {
  const text = error instanceof Error ? error.message : '';
  const hint = PARSER_MESSAGES.find(([english]) => text.includes(english))?.[1] ?? 'неожиданный символ';
  return new ImportFileError(
    'invalid_json',
    `Файл не читается как JSON: строка ${line}, ${hint}. Исправьте файл около этой строки и загрузите его ещё раз.`,
  );
}

function describeTop(token: Token): string {
  switch (token.name) {
    case 'stringValue':
      return 'строка';
    case 'numberValue':
      return 'число';
    default:
      return 'значение';
  }
}

/** Walks the top level of the file, token by token, and turns it into events. */
class TopLevel {
  private state: 'start' | 'keys' | 'header-value' | 'rows-open' | 'rows' | 'row' | 'after-rows' | 'end' = 'start';
  private bare = false;
  private readonly fields = new Map<string, JsonValue>();
  private fieldKey = '';
  private builder = new ValueBuilder();
  private rowLine = 0;
  private index = 0;
  private readonly format: JsonFormat;
  private readonly maxRows: number;

  constructor(format: JsonFormat, maxRows: number) {
    this.format = format;
    this.maxRows = maxRows;
  }

  get rows(): number {
    return this.index;
  }

  consume(token: Token, line: number, out: JsonFileEvent[]): void {
    switch (this.state) {
      case 'start':
        if (token.name === 'startObject') this.state = 'keys';
        else if (token.name === 'startArray') {
          this.bare = true;
          this.state = 'rows';
          out.push({ kind: 'header', fields: null });
        } else this.notTheFormat(`в файле ${describeTop(token)}, а не объект`);
        return;
      case 'keys':
        if (token.name === 'keyValue') this.key(token.value, out);
        else if (token.name === 'endObject') this.notTheFormat(`в файле нет списка «${this.format.rowsKey}»`);
        return;
      case 'header-value':
        if (this.builder.add(token)) {
          this.fields.set(this.fieldKey, this.builder.value);
          if (this.fieldKey === 'format') this.checkFormat();
          this.state = 'keys';
        }
        return;
      case 'rows-open':
        if (token.name !== 'startArray') this.notTheFormat(`«${this.format.rowsKey}» должен быть списком [ … ]`);
        this.state = 'rows';
        return;
      case 'rows':
        if (token.name === 'endArray') {
          this.state = this.bare ? 'end' : 'after-rows';
          return;
        }
        if (this.index >= this.maxRows) {
          throw new ImportFileError(
            'too_many_rows',
            `В файле больше ${this.maxRows} строк. Разделите его на несколько файлов и загрузите их по очереди.`,
          );
        }
        this.rowLine = line;
        this.builder = new ValueBuilder();
        this.state = 'row';
      // falls through: the token is the row's first
      case 'row':
        if (this.builder.add(token)) {
          out.push({ kind: 'row', row: this.rowLine, index: this.index++, value: this.builder.value });
          this.state = 'rows';
        }
        return;
      case 'after-rows':
        if (token.name === 'keyValue') {
          this.notTheFormat(
            `ключ «${token.value}» стоит после списка «${this.format.rowsKey}»; ` +
              `${this.known().includes(token.value) ? 'перенесите его в начало файла' : 'такого ключа в формате нет'}`,
          );
        }
        this.state = 'end';
        return;
      case 'end':
        return;
    }
  }

  private known(): string[] {
    return ['format', ...this.format.headerKeys, this.format.rowsKey];
  }

  private key(key: string, out: JsonFileEvent[]): void {
    if (key === this.format.rowsKey) {
      if (!this.fields.has('format')) {
        this.notTheFormat(`нет ключа «format» до списка «${key}»; начните файл с "format": "${this.format.format}"`);
      }
      this.state = 'rows-open';
      out.push({ kind: 'header', fields: this.fields });
      return;
    }
    if (key === 'format' || this.format.headerKeys.includes(key)) {
      this.fieldKey = key;
      this.builder = new ValueBuilder();
      this.state = 'header-value';
      return;
    }
    this.notTheFormat(`ключа «${key}» нет в формате; ключи верхнего уровня: ${this.known().join(', ')}`);
  }

  private checkFormat(): void {
    const format = this.fields.get('format');
    if (format === this.format.format) return;
    const kind = kindOfFormat(format);
    if (kind) throw new ImportFileError('wrong_kind', wrongRouteMessage(kind, this.format.kind));
    this.notTheFormat(`"format" должен быть "${this.format.format}"`);
  }

  private notTheFormat(what: string): never {
    throw new ImportFileError(
      'not_the_format',
      `Файл не в формате ${this.format.format}: ${what}. Ожидается {"format": "${this.format.format}", ` +
        `${this.format.headerKeys.map((k) => `"${k}": …, `).join('')}"${this.format.rowsKey}": [ … ]} или список [ … ].`,
    );
  }
}

/**
 * Reads a JSON import file (UTF-8, or another encoding {@link decodeText} reads) as events: the header
 * first, then each row with the line its value starts on (lines counted by the newlines before it).
 * Top-level keys other than `format`, the format's header keys and its rows list are an error, and so
 * is any of them after the rows: the header has to be known before the first row.
 * @throws ImportFileError `invalid_json` (with the line), `not_the_format`, `wrong_kind` (the other
 *   kind's format), `empty` (no bytes, or no rows), `too_many_rows`, `encoding`.
 */
export async function* readJsonRows(
  chunks: AsyncIterable<Uint8Array>,
  format: JsonFormat,
  options: JsonRowsOptions = {},
): AsyncGenerator<JsonFileEvent> {
  const decoded = await decodeText(chunks, { expected: 'json' });
  const tokenizer = jsonTokenizer();
  const top = new TopLevel(format, options.maxRows ?? Infinity);
  let line = 1;
  let blank = true;
  const events: JsonFileEvent[] = [];
  const feed = (text: string | null): void => {
    let tokens: Token[];
    try {
      tokens = text === null ? tokenizer.end() : tokenizer.write(text);
    } catch (error) {
      throw invalidJson(error, line);
    }
    for (const token of tokens) top.consume(token, line, events);
  };
  for await (const text of decoded.text) {
    if (blank && text.trim() !== '') blank = false;
    // Fed a line at a time: the tokens that come out belong to that line.
    let start = 0;
    for (;;) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline + 1;
      if (end > start) feed(start === 0 && end === text.length ? text : text.slice(start, end));
      if (events.length > 0) {
        yield* events;
        events.length = 0;
      }
      if (newline === -1) break;
      line++;
      start = end;
    }
  }
  if (blank) throw new ImportFileError('empty', 'Файл пустой.');
  feed(null);
  yield* events;
  if (top.rows === 0) {
    throw new ImportFileError('empty', `В списке «${format.rowsKey}» нет ни одной строки.`);
  }
}
