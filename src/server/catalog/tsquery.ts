/**
 * The text of a normalised tsquery (`to_tsquery('russian', …)::text`, e.g.
 * `'композит':* & ( 'filtek':* | 'фильтек' )`) as a tree the search index evaluates. The database
 * does the language work (stems, stop words); this only reads its answer. Pure.
 */

export type TsQuery =
  | { kind: 'term'; lexeme: string; prefix: boolean }
  | { kind: 'and' | 'or'; children: TsQuery[] }
  | { kind: 'not'; child: TsQuery };

/** `undefined` for an empty query (only stop words, or nothing). */
export function parseTsQuery(text: string): TsQuery | undefined {
  const tokens = tokenize(text);
  if (!tokens.length) return undefined;
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];

  // Precedence as in PostgreSQL: ! binds tightest, then <-> (read as &: both words present), then &, then |.
  const parseOr = (): TsQuery => {
    const children = [parseAnd()];
    while (peek()?.op === '|') {
      next();
      children.push(parseAnd());
    }
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  };
  const parseAnd = (): TsQuery => {
    const children = [parseUnary()];
    while (peek()?.op === '&' || peek()?.op === '<>') {
      next();
      children.push(parseUnary());
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  };
  const parseUnary = (): TsQuery => {
    const token = next();
    if (!token) throw new Error(`Unexpected end of tsquery: ${text}`);
    if (token.op === '!') return { kind: 'not', child: parseUnary() };
    if (token.op === '(') {
      const inner = parseOr();
      if (next()?.op !== ')') throw new Error(`Unbalanced tsquery: ${text}`);
      return inner;
    }
    if (token.term) return { kind: 'term', ...token.term };
    throw new Error(`Unexpected «${token.op}» in tsquery: ${text}`);
  };

  const tree = parseOr();
  if (at !== tokens.length) throw new Error(`Trailing text in tsquery: ${text}`);
  return tree;
}

interface Token {
  op?: '&' | '|' | '!' | '(' | ')' | '<>';
  term?: { lexeme: string; prefix: boolean };
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ') {
      i += 1;
    } else if (ch === "'") {
      const [lexeme, next] = readLexeme(text, i);
      i = next;
      let prefix = false;
      // `:*`, weights (`:A`, `:*AB`): weights are not used by the shop's queries and are read past.
      if (text[i] === ':') {
        i += 1;
        while (i < text.length && /[*ABCDabcd]/.test(text[i]!)) {
          if (text[i] === '*') prefix = true;
          i += 1;
        }
      }
      tokens.push({ term: { lexeme, prefix } });
    } else if (ch === '<') {
      const end = text.indexOf('>', i);
      if (end < 0) throw new Error(`Unterminated phrase operator in tsquery: ${text}`);
      tokens.push({ op: '<>' });
      i = end + 1;
    } else if ('&|!()'.includes(ch)) {
      tokens.push({ op: ch as Token['op'] });
      i += 1;
    } else {
      throw new Error(`Unexpected «${ch}» in tsquery: ${text}`);
    }
  }
  return tokens;
}

/** The quoted lexeme that starts at `start` (`'it''s'`, backslash escapes too) and where it ends. */
function readLexeme(text: string, start: number): [lexeme: string, next: number] {
  let lexeme = '';
  let i = start + 1;
  for (;;) {
    if (i >= text.length) throw new Error(`Unterminated lexeme: ${text}`);
    if (text[i] === "'" && text[i + 1] === "'") {
      lexeme += "'";
      i += 2;
    } else if (text[i] === "'") {
      return [lexeme, i + 1];
    } else if (text[i] === '\\') {
      lexeme += text[i + 1] ?? '';
      i += 2;
    } else {
      lexeme += text[i];
      i += 1;
    }
  }
}

/** The lexemes of a stripped tsvector's text: `'abc' 'it''s'`. */
export function vectorLexemes(text: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf("'"); i >= 0; i = text.indexOf("'", i)) {
    const [lexeme, next] = readLexeme(text, i);
    out.push(lexeme);
    i = next;
  }
  return out;
}
