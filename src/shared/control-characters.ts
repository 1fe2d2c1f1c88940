// C0 and C1 control characters and DEL: never part of a name, a title, a path or a one-line field.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
// Characters that end a line or stand for white space: TAB, LF, VT, FF, CR, NEL, and Unicode's line
// and paragraph separators.
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// Bidirectional formatting (embeddings, overrides, isolates, marks): they reorder how the text
// around them is shown, so a name could read differently from what it is («exe.fdp» shown as «pdf.exe»).
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL_ALL, '');
}

export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * Text for one line (a name, a subject, a header): line breaks and tabs become spaces, other control
 * and bidirectional formatting characters go, runs of white space become one space, and the ends are
 * trimmed.
 */
export function toSingleLine(text: string): string {
  return stripBidiControls(stripControlCharacters(text.replace(LINE_BREAKS, ' ')))
    .replace(/\s+/g, ' ')
    .trim();
}

// NUL, which no PostgreSQL text holds, and halves of UTF-16 surrogate pairs, which no UTF-8 text holds.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// eslint-disable-next-line no-control-regex -- as above
const NUL_ALL = /\u0000/g;

/** Whether text can be stored as it is: no NUL character and no half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Text that can be stored: NUL characters dropped, a lone half of a surrogate pair as U+FFFD. */
export function storableText(text: string): string {
  return text.replace(NUL_ALL, '').toWellFormed();
}
