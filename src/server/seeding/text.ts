/** A number as Russians write it: 2.5 → "2,5". */
export function formatNumber(value: number): string {
  return String(value).replace('.', ',');
}

/** Text of an HTML fragment with tags removed and whitespace collapsed. */
export function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
