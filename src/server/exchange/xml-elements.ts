/**
 * Reads a CommerceML file as a stream (saxes): the bytes decoded as the XML declaration says
 * (windows-1251 or UTF-8), and the elements asked for handed out one by one as small trees, so a file of
 * 100,000 offers is never held whole. Names are read without their namespace prefix; the attributes of
 * the elements above the ones asked for (`Каталог СодержитТолькоИзменения="true"`) are kept as found.
 */
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';

/** An element as a tree: its attributes, its text, its child elements in order. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

export interface XmlItem {
  /** The path of names from the root to the element, joined by `/` (`КоммерческаяИнформация/Каталог/Товары/Товар`). */
  path: string;
  node: XmlNode;
  /** The element's line in the file, for a message. */
  line: number;
}

/** A file that is not well-formed XML: where, and what the parser said. */
export class XmlFileError extends Error {
  override name = 'XmlFileError';
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/** Characters handed to the parser at a time (about 3 ms of parsing). */
const PIECE = 64 * 1024;

/** The attributes of every element that has none (shared: nothing writes to a node's attributes). */
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The encoding the declaration names (`<?xml version="1.0" encoding="windows-1251"?>`), UTF-8 when none. */
export function declaredEncoding(head: Buffer): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  const match = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  const name = (match?.[1] ?? 'utf-8').toLowerCase();
  return iconv.encodingExists(name) ? name : 'utf-8';
}

/**
 * A streaming decoder for `encoding`: the platform's own (`TextDecoder`, about twice as fast on
 * windows-1251) where it knows the name, else iconv-lite's.
 */
function decoderOf(encoding: string): { write(b: Buffer): string; end(): string | undefined } {
  let platform: TextDecoder;
  try {
    platform = new TextDecoder(encoding);
  } catch {
    return iconv.getDecoder(encoding);
  }
  return { write: (b) => platform.decode(b, { stream: true }), end: () => platform.decode() };
}

/** The text of `chunks`, decoded by the declaration of its first bytes, without a byte order mark. */
export async function* decodedText(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let decoder: { write(b: Buffer): string; end(): string | undefined } | null = null;
  let first = true;
  for await (const chunk of chunks) {
    decoder ??= decoderOf(declaredEncoding(chunk));
    let text = decoder.write(chunk);
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    first = false;
    if (text) yield text;
  }
  const rest = decoder?.end();
  if (rest) yield rest;
}

/**
 * The elements of `chunks` whose path ends with one of `wanted` (`Товары/Товар`), each once it is closed,
 * in file order; `headers` gets the attributes of every element opened outside them.
 * @throws XmlFileError on a file that is not well-formed XML.
 */
export async function* xmlElements(
  chunks: AsyncIterable<Buffer>,
  wanted: readonly string[],
  headers: Map<string, Record<string, string>> = new Map(),
): AsyncGenerator<XmlItem> {
  const parser = new SaxesParser({ position: true });
  const path: string[] = [];
  const ready: XmlItem[] = [];
  /** The trees being built, innermost last; empty outside a wanted element. */
  const open: XmlNode[] = [];
  let startLine = 0;
  let failure: XmlFileError | null = null;
  const isWanted = () => {
    const joined = path.join('/');
    return wanted.some((w) => joined === w || joined.endsWith(`/${w}`));
  };
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    path.push(name);
    let attrs: Record<string, string> = NO_ATTRIBUTES;
    for (const key in tag.attributes) {
      if (attrs === NO_ATTRIBUTES) attrs = {};
      attrs[localName(key)] = String(tag.attributes[key]);
    }
    if (open.length) {
      const node: XmlNode = { name, attrs, text: '', children: [] };
      open[open.length - 1]!.children.push(node);
      open.push(node);
    } else if (isWanted()) {
      startLine = parser.line;
      open.push({ name, attrs, text: '', children: [] });
    } else headers.set(path.join('/'), attrs);
  });
  parser.on('text', (text) => {
    if (open.length) open[open.length - 1]!.text += text;
  });
  parser.on('cdata', (text) => {
    if (open.length) open.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    if (open.length) {
      const node = open.pop()!;
      node.text = node.text.trim();
      if (!open.length) ready.push({ path: path.join('/'), node, line: startLine });
    }
    path.pop();
  });
  parser.on('error', (error) => {
    failure ??= new XmlFileError(error.message, parser.line);
  });
  for await (const text of decodedText(chunks)) {
    // In pieces, so that a reader that takes turns with other work (`slices`) is never long away.
    for (let start = 0; start < text.length; start += PIECE) {
      parser.write(start === 0 && text.length <= PIECE ? text : text.slice(start, start + PIECE));
      if (failure) throw failure;
      yield* ready.splice(0);
    }
  }
  parser.close();
  if (failure) throw failure;
  yield* ready.splice(0);
}

/** The first child named `name` (`Ид`), or undefined. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** The text of the first child named `name`, '' when there is none. */
export function textOf(node: XmlNode | undefined, name: string): string {
  return child(node, name)?.text ?? '';
}

/** The children named `name` of the child named `list` (`Группы/Ид`). */
export function listOf(node: XmlNode | undefined, list: string, name: string): XmlNode[] {
  return child(node, list)?.children.filter((c) => c.name === name) ?? [];
}

/** How a message names an element: «Товар 1b2c…», or its name alone when it has no `Ид`. */
export function elementName(node: XmlNode): string {
  const id = textOf(node, 'Ид');
  return id ? `${node.name} ${id}` : node.name;
}
