import type { CountryCode } from '../../shared/countries.ts';
import type { visitorRequests } from '../db/schema/index.ts';
import type { Attachment } from './attachments.ts';

export type RequestKind = (typeof visitorRequests.$inferSelect)['kind'];

/** What a visitor sent, as the API or a page read it from the form. */
export interface RequestInput {
  kind: RequestKind;
  country: CountryCode;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** A course request: the course's slug. */
  course?: string;
  /** A vacancy application: the vacancy's id. */
  vacancy?: number;
  /** A printing request: the price list row, when the visitor picked one. */
  printingPrice?: number;
  /** The kind's other fields (subject, participants, quantity, topic, city, clinic). */
  details: Record<string, string | number>;
  attachment?: Attachment;
}

/** A stored request with the titles of what it is about, for the answer and the mails. */
export interface StoredRequest {
  id: number;
  /** The number people read, within its kind: «В-0003» (`formatRequestNumber`). */
  number: string;
  kind: RequestKind;
  country: CountryCode;
  name: string;
  email: string;
  phone: string;
  message: string;
  details: Record<string, string | number>;
  about: {
    course?: { id: number; slug: string; title: string };
    vacancy?: { id: number; title: string };
    printingPrice?: { id: number; title: string };
  };
  attachment: { filename: string; size: number } | null;
  createdAt: Date;
}
