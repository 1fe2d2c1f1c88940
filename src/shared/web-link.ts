/** What a form and the API say of a link that is not a web address. */
export const WEB_LINK_INVALID =
  'Введите ссылку целиком, начиная с https:// (например, папку на Google Диске или Яндекс Диске).';

/** Whether typed text is a web address one can open: http(s)://, a host, no spaces. */
export function isWebLink(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i.test(value.trim());
}
