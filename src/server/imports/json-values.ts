/**
 * JSON values of an import file as the reader builds them from stream-json's tokens: numbers kept as
 * written, objects without a prototype; and the tokenizer that makes the tokens.
 */
import { jsonParser, type Token } from 'stream-json/parser.js';

// stream-chain's end-of-input mark: a registered symbol, the same value without importing that package.
const END_OF_INPUT = Symbol.for('object-stream.none');

/** stream-json's bare tokenizer, fed text a piece at a time; `end()` says the text is over. */
export interface JsonTokenizer {
  /** The tokens the piece completes. @throws Error (stream-json's English message) on a syntax error. */
  write(text: string): Token[];
  end(): Token[];
}

export function jsonTokenizer(): JsonTokenizer {
  const tokenize = jsonParser({ streamValues: false }) as unknown as (
    input: string | symbol,
  ) => symbol | { values: Token[] };
  const tokens = (input: string | symbol): Token[] => {
    const output = tokenize(input);
    return typeof output === 'symbol' ? [] : output.values;
  };
  return { write: (text) => tokens(text), end: () => tokens(END_OF_INPUT) };
}

/** A JSON number, kept as written: `1250.50` stays "1250.50", 4607020000012 loses no digit. */
export class JsonNumber {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

export type JsonValue = string | JsonNumber | boolean | null | JsonValue[] | JsonObject;
/** A JSON object without a prototype: a key such as `__proto__` is a key like any other. */
export interface JsonObject {
  [key: string]: JsonValue;
}

export function isJsonObject(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof JsonNumber);
}

/** Builds one JSON value from tokens (packed values only), without recursion. */
export class ValueBuilder {
  private readonly stack: (JsonValue[] | JsonObject)[] = [];
  private readonly keys: string[] = [];
  private key = '';
  value: JsonValue = null;

  /** Adds a token; true when it completed the value. */
  add(token: Token): boolean {
    switch (token.name) {
      case 'startObject':
        return this.open(Object.create(null) as JsonObject);
      case 'startArray':
        return this.open([]);
      case 'endObject':
      case 'endArray': {
        const done = this.stack.pop()!;
        this.key = this.keys.pop()!;
        return this.put(done);
      }
      case 'keyValue':
        this.key = token.value;
        return false;
      case 'stringValue':
        return this.put(token.value);
      case 'numberValue':
        return this.put(new JsonNumber(token.value));
      case 'nullValue':
        return this.put(null);
      case 'trueValue':
        return this.put(true);
      case 'falseValue':
        return this.put(false);
      default:
        return false;
    }
  }

  private open(container: JsonValue[] | JsonObject): false {
    this.keys.push(this.key);
    this.stack.push(container);
    return false;
  }

  private put(value: JsonValue): boolean {
    const parent = this.stack.at(-1);
    if (parent === undefined) {
      this.value = value;
      return true;
    }
    if (Array.isArray(parent)) parent.push(value);
    else parent[this.key] = value;
    return false;
  }
}

/** The value as it would be written in the file, shortened for a message or an error's `value`. */
export function writtenValue(value: JsonValue): string {
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (value instanceof JsonNumber) return value.text;
  let text: string;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => (v instanceof JsonNumber ? Number(v.text) : v));
  } catch {
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
