/**
 * The companies that sell, one per country, with what an invoice and the «Реквизиты» page print: the
 * legal name, tax number, legal address and bank account. One place: the requisites document is written
 * from it (`seed/documents.ts`), invoices read it (`orders/invoice.ts`).
 */
import type { CountryCode } from '../../shared/countries.ts';

export interface Requisites {
  legalName: string;
  /** «ИНН» in Kyrgyzstan, «БИН» in Kazakhstan. */
  taxLabel: string;
  taxNumber: string;
  /** A second registration number, when the country has one (ОКПО). */
  extra?: string;
  address: string;
  /** «Р/с» or «ИИК». */
  accountLabel: string;
  account: string;
  bank: string;
  bic: string;
  /** Who signs an invoice. */
  director: string;
}

export const REQUISITES: Record<CountryCode, Requisites> = {
  kg: {
    legalName: 'ОсОО «Дентал Шоп»',
    taxLabel: 'ИНН',
    taxNumber: '02811201910245',
    extra: 'ОКПО 31546781',
    address: '720001, г. Бишкек, ул. Токтогула, 125/1',
    accountLabel: 'Р/с',
    account: '1240020001234567',
    bank: 'ОАО «Демир Кыргыз Интернэшнл Банк»',
    bic: '124001',
    director: 'Асанов Б. К.',
  },
  kz: {
    legalName: 'ТОО «Дентал Шоп Казахстан»',
    taxLabel: 'БИН',
    taxNumber: '190840012345',
    address: '050000, г. Алматы, пр. Абая, 150/230',
    accountLabel: 'ИИК',
    account: 'KZ12 6010 0020 0012 3456',
    bank: 'АО «Народный Банк Казахстана»',
    bic: 'HSBKKZKX',
    director: 'Сейткали А. М.',
  },
};
