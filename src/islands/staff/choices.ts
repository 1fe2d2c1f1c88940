/** The back office's select choices, from the shop's own lists and words. */
import { COUNTRIES, COUNTRY_CODES } from '../../shared/countries.ts';
import { DOCUMENT_KINDS } from '../../shared/document-kinds.ts';
import { ORDER_STATUS_LABELS, STAFF_ORDER_STATUSES } from '../../shared/order-statuses.ts';
import {
  REQUEST_KINDS,
  REQUEST_KIND_LABELS,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
} from '../../shared/request-states.ts';

export interface Choice {
  id: string;
  name: string;
}

export const countryChoices: Choice[] = COUNTRY_CODES.map((code) => ({ id: code, name: COUNTRIES[code].name }));
export const orderStatusChoices: Choice[] = STAFF_ORDER_STATUSES.map((id) => ({ id, name: ORDER_STATUS_LABELS[id] }));
export const requestKindChoices: Choice[] = REQUEST_KINDS.map((id) => ({ id, name: REQUEST_KIND_LABELS[id] }));
export const requestStatusChoices: Choice[] = REQUEST_STATUSES.map((id) => ({ id, name: REQUEST_STATUS_LABELS[id] }));
export const orderStatusLabel = (status: string): string =>
  (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;
export const countryName = (code: string): string =>
  (COUNTRIES as Record<string, { name: string } | undefined>)[code]?.name ?? code.toUpperCase();

/** Document kinds by the names staff know them by. */
export const documentKindChoices: Choice[] = DOCUMENT_KINDS.map((kind) => ({ id: kind.code, name: kind.name }));
/** A stored kind's name; a code written some other way (through the API) shows as it is. */
export const documentKindName = (code: string): string =>
  DOCUMENT_KINDS.find((kind) => kind.code === code)?.name ?? code;
