/**
 * The kinds of the company's documents: the code stored with each (`documents.document_type`), the name
 * staff know it by, and the heading the storefront's document list groups it under.
 */
export interface DocumentKind {
  code: string;
  name: string;
  section: string;
}

export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  { code: 'offer', name: 'Публичная оферта', section: 'Договор и оферта' },
  { code: 'delivery', name: 'Доставка и оплата', section: 'Доставка и оплата' },
  { code: 'privacy', name: 'Политика конфиденциальности', section: 'Персональные данные' },
  { code: 'requisites', name: 'Реквизиты', section: 'Реквизиты' },
  { code: 'licence', name: 'Лицензия', section: 'Лицензии и сертификаты' },
  { code: 'certificate', name: 'Сертификат', section: 'Лицензии и сертификаты' },
  { code: 'other', name: 'Другой документ', section: 'Другое' },
];

/** The kind of a stored code; a code written some other way (through the API) is an «other» document. */
export function documentKind(code: string): DocumentKind {
  return DOCUMENT_KINDS.find((kind) => kind.code === code) ?? { ...DOCUMENT_KINDS.at(-1)!, code };
}
