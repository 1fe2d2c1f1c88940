const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put in HTML or XML, as element content or inside a quoted attribute: `& < > " '`
 * become entities. (It keeps a URL inside its attribute, not a `javascript:` link from working.)
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

// What XML 1.0 cannot hold even as a character reference: C0 controls other than TAB, LF and CR,
// U+FFFE and U+FFFF, and surrogates without their pair.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** {@link escapeMarkup} for an XML document, first dropping the characters XML 1.0 cannot hold. */
export function escapeXml(text: string): string {
  return escapeMarkup(text.replace(NOT_XML, ''));
}
