const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put in HTML or XML, as element content or inside a quoted attribute: `& < > " '`
 * become entities. (It keeps a URL inside its attribute, not a `javascript:` link from working.)
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}
