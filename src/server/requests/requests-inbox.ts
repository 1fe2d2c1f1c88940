/**
 * The back office's inbox of visitor requests: support questions, course sign-ups, course searches,
 * printing requests (with their model) and vacancy applications (with their CV). Staff list them by
 * kind and state, read one, note what they did and move it along: new → in progress → done (or spam);
 * a course sign-up is accepted (it takes its seats from the course) or declined (it gives them back).
 */
import { readFileBytes } from './request-files.ts';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { recordStaffChange } from '../audit/staff-changes.ts';
import { invalidate } from '../cache/invalidation.ts';
import { returnCourseSeats, seatsWanted, takeCourseSeats } from '../courses/course-seats.ts';
import { getDb } from '../db/client.ts';
import { containing } from '../db/like.ts';
import { ValidationError } from '../errors.ts';
import { courses, printingPrices, requestFiles, vacancies, visitorRequests } from '../db/schema/index.ts';
import type { RequestKind } from './requests.types.ts';
import {
  REQUEST_KINDS,
  REQUEST_KIND_LABELS,
  REQUEST_STATUSES,
  REQUEST_STATUS_LABELS,
  formatRequestNumber,
  holdsCourseSeats,
  parseRequestNumber,
  requestStatusesOf,
  type RequestStatus,
} from '../../shared/request-states.ts';

export { REQUEST_KINDS, REQUEST_KIND_LABELS, REQUEST_STATUSES, REQUEST_STATUS_LABELS, type RequestStatus };

export interface InboxRequest {
  id: number;
  /** «В-0003» (`formatRequestNumber`). */
  number: string;
  kind: RequestKind;
  country: CountryCode;
  status: RequestStatus;
  name: string;
  email: string;
  phone: string;
  message: string;
  details: Record<string, string | number>;
  /** What it is about, by title: the course, the vacancy, the printing service. */
  about: string;
  /** A course sign-up's course (null once the course is deleted), with its seats now. */
  course: { id: number; slug: string; title: string; city: string; seatsLeft: number; seatsTotal: number } | null;
  /** Seats this sign-up holds on its course (0 until staff accept it). */
  seatsHeld: number;
  attachment: { filename: string; contentType: string; size: number } | null;
  notes: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface InboxFilters {
  kind?: RequestKind;
  status?: RequestStatus;
  country?: CountryCode;
  /** A course's id: its sign-ups. */
  course?: number;
  /** A request's number («В-0003», «в-3»), or part of the name, email, phone or message. */
  search?: string;
  limit: number;
  offset: number;
}

function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const number = parseRequestNumber(text);
  if (number) return and(eq(visitorRequests.kind, number.kind), eq(visitorRequests.number, number.number));
  return or(
    ilike(visitorRequests.name, containing(text)),
    ilike(visitorRequests.email, containing(text)),
    ilike(visitorRequests.phone, containing(text.replace(/[\s()-]/g, ''))),
    ilike(visitorRequests.message, containing(text)),
  );
}

async function select(where: SQL | undefined, page?: { limit: number; offset: number }) {
  const db = await getDb();
  const query = db
    .select({
      request: visitorRequests,
      course: {
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        city: courses.city,
        seatsLeft: courses.seatsLeft,
        seatsTotal: courses.seatsTotal,
      },
      vacancy: vacancies.title,
      printing: sql<string | null>`${printingPrices.service} || ': ' || ${printingPrices.material}`,
      file: { filename: requestFiles.filename, contentType: requestFiles.contentType, size: requestFiles.size },
    })
    .from(visitorRequests)
    .leftJoin(courses, eq(courses.id, visitorRequests.courseId))
    .leftJoin(vacancies, eq(vacancies.id, visitorRequests.vacancyId))
    .leftJoin(printingPrices, eq(printingPrices.id, visitorRequests.printingPriceId))
    .leftJoin(requestFiles, eq(requestFiles.requestId, visitorRequests.id))
    .where(where)
    .orderBy(desc(visitorRequests.createdAt), desc(visitorRequests.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(({ request, course, vacancy, printing, file }): InboxRequest => ({
    id: request.id,
    number: request.number === null ? '' : formatRequestNumber(request.kind, request.number),
    kind: request.kind,
    country: request.country as CountryCode,
    status: request.status,
    name: request.name,
    email: request.email,
    phone: request.phone,
    message: request.message,
    details: request.details,
    about: course?.title ?? vacancy ?? printing ?? '',
    course: course?.id ? course : null,
    seatsHeld: request.seatsHeld,
    attachment: file?.filename ? { filename: file.filename, contentType: file.contentType, size: file.size } : null,
    notes: request.notes,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
  }));
}

/** A page of the inbox, newest first. */
export async function listInbox(filters: InboxFilters): Promise<{ count: number; items: InboxRequest[] }> {
  const where = and(
    filters.kind ? eq(visitorRequests.kind, filters.kind) : undefined,
    filters.status ? eq(visitorRequests.status, filters.status) : undefined,
    filters.country ? eq(visitorRequests.country, filters.country) : undefined,
    filters.course ? eq(visitorRequests.courseId, filters.course) : undefined,
    filters.search ? searchCondition(filters.search) : undefined,
  );
  const db = await getDb();
  const [items, [total]] = await Promise.all([
    select(where, filters),
    db.select({ n: count() }).from(visitorRequests).where(where),
  ]);
  return { count: total?.n ?? 0, items };
}

export async function findInboxRequest(id: number): Promise<InboxRequest | null> {
  return (await select(eq(visitorRequests.id, id)))[0] ?? null;
}

export const INBOX_TEXT = {
  courseOnly: (status: RequestStatus) =>
    `«${REQUEST_STATUS_LABELS[status]}» бывает только у записи на курс: выберите «В работе», «Готово» или «Спам».`,
} as const;

/**
 * Changes the state or the notes of a request; null when there is no such request. A course sign-up
 * moved into a state that holds seats (`holdsCourseSeats`: accepted, done) takes its participants'
 * seats from the course in the same transaction; moved out of one (declined, spam, back to new), it
 * gives back what it took.
 * @throws ValidationError `{status}` for a state the kind has not; ConflictError (409) when the course
 *   has not enough free seats (nothing is changed)
 */
export async function updateInboxRequest(
  actor: number,
  id: number,
  change: { status?: RequestStatus; notes?: string },
): Promise<InboxRequest | null> {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const fields = {
      status: visitorRequests.status,
      notes: visitorRequests.notes,
      seatsHeld: visitorRequests.seatsHeld,
    };
    const [row] = await tx
      .select({
        ...fields,
        kind: visitorRequests.kind,
        courseId: visitorRequests.courseId,
        details: visitorRequests.details,
      })
      .from(visitorRequests)
      .where(eq(visitorRequests.id, id))
      .for('update');
    if (!row) return null;
    const { kind, courseId, details, ...before } = row;
    if (change.status && !requestStatusesOf(kind).includes(change.status))
      throw new ValidationError({ status: [INBOX_TEXT.courseOnly(change.status)] });
    let seatsHeld = before.seatsHeld;
    if (change.status !== undefined && change.status !== before.status) {
      const holds = holdsCourseSeats(kind, change.status);
      if (holds && seatsHeld === 0) {
        seatsHeld = seatsWanted(details);
        await takeCourseSeats(tx, actor, courseId, seatsHeld);
      } else if (!holds && seatsHeld > 0) {
        if (courseId !== null) await returnCourseSeats(tx, actor, courseId, seatsHeld);
        seatsHeld = 0;
      }
    }
    const [after] = await tx
      .update(visitorRequests)
      .set({ ...change, seatsHeld, updatedAt: new Date() })
      .where(eq(visitorRequests.id, id))
      .returning(fields);
    await recordStaffChange(tx, {
      userId: actor,
      entity: 'request',
      entityId: id,
      action: 'update',
      before,
      after: after!,
    });
    return { seatsMoved: seatsHeld !== before.seatsHeld };
  });
  if (!updated) return null;
  // The course's free seats are on the site.
  if (updated.seatsMoved) await invalidate('content');
  return findInboxRequest(id);
}

/** The file a request came with (a model, a CV), its bytes read as they are sent; or null. */
export async function readRequestFile(
  requestId: number,
): Promise<{ filename: string; contentType: string; size: number; bytes: AsyncIterable<Uint8Array> } | null> {
  const db = await getDb();
  const [file] = await db
    .select({
      id: requestFiles.id,
      filename: requestFiles.filename,
      contentType: requestFiles.contentType,
      size: requestFiles.size,
    })
    .from(requestFiles)
    .where(eq(requestFiles.requestId, requestId))
    .limit(1);
  if (!file) return null;
  const { id, ...about } = file;
  return { ...about, bytes: readFileBytes(id) };
}
