import { and, eq, sql } from 'drizzle-orm';
import type { CountryCode } from '../../shared/countries.ts';
import { formatRequestNumber } from '../../shared/request-states.ts';
import { getDb, queryRows, type Db } from '../db/client.ts';
import {
  courses,
  printingPriceOffers,
  printingPrices,
  requestCounters,
  requestFiles,
  vacancies,
  visitorRequests,
} from '../db/schema/index.ts';
import { plural } from '../../shared/plural.ts';
import { ValidationError } from '../errors.ts';
import { isUpcoming } from '../courses/course-dates.ts';
import { consumeFormLimits } from './requests.limits.ts';
import { sendRequestMails } from './requests.mails.ts';
import { storeFileChunks } from './request-files.ts';
import type { RequestInput, RequestKind, StoredRequest } from './requests.types.ts';

export type { RequestInput, RequestKind, StoredRequest } from './requests.types.ts';

/**
 * Stores a visitor's request (and its file) with the next number of its kind (`takeRequestNumber`) and
 * mails it to the staff address, with an acknowledgement to the visitor when they gave an email. A
 * request a bot `trapped` itself with (it filled the field people never see) goes through the same
 * limits and checks and gets the same kind of answer, with the number its kind would give next (not
 * taken, so people's numbers run on without gaps), but is neither kept nor mailed: nothing tells the bot.
 * @throws RateLimitError when the address sends too many forms; ValidationError when the course,
 * vacancy or price list row it names cannot take requests.
 */
export async function submitRequest(
  input: RequestInput,
  clientIp: string,
  { trapped = false }: { trapped?: boolean } = {},
): Promise<StoredRequest> {
  await consumeFormLimits(input.kind, clientIp);
  const about = await resolveSubject(input);
  if (trapped)
    return {
      ...echo(input, about),
      id: await nextRequestId(),
      number: formatRequestNumber(input.kind, await peekRequestNumber(input.kind)),
      createdAt: new Date(),
    };
  const db = await getDb();
  const stored = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visitorRequests)
      .values({
        kind: input.kind,
        country: input.country,
        name: input.name,
        email: input.email,
        phone: input.phone,
        message: input.message,
        courseId: about.course?.id,
        vacancyId: about.vacancy?.id,
        printingPriceId: about.printingPrice?.id,
        details: input.details,
      })
      .returning();
    if (input.attachment) {
      const { filename, contentType, size, bytes } = input.attachment;
      const [file] = await tx
        .insert(requestFiles)
        .values({ requestId: row!.id, filename, contentType, size })
        .returning({ id: requestFiles.id });
      await storeFileChunks(tx, file!.id, bytes());
    }
    // Last, so the kind's counter stays locked only until the commit, not while a 100 MB model is stored.
    const number = await takeRequestNumber(tx, row!.id, input.kind);
    return { ...row!, number };
  });
  const request: StoredRequest = {
    id: stored.id,
    number: formatRequestNumber(stored.kind, stored.number),
    kind: stored.kind,
    country: stored.country as CountryCode,
    name: stored.name,
    email: stored.email,
    phone: stored.phone,
    message: stored.message,
    details: stored.details,
    about,
    attachment: input.attachment ? { filename: input.attachment.filename, size: input.attachment.size } : null,
    createdAt: stored.createdAt,
  };
  await sendRequestMails(request);
  return request;
}

function echo(input: RequestInput, about: StoredRequest['about']): Omit<StoredRequest, 'id' | 'number' | 'createdAt'> {
  const { kind, country, name, email, phone, message, details, attachment } = input;
  return {
    kind,
    country,
    name,
    email,
    phone,
    message,
    details,
    about,
    attachment: attachment ? { filename: attachment.filename, size: attachment.size } : null,
  };
}

/**
 * Gives the request `id` the next number of its kind, in the transaction that stores it. The upsert
 * locks the kind's counter row until the transaction ends: a second request of the kind waits there
 * and reads the first one's number once it commits (or the same number, if it rolled back). That holds
 * on PostgreSQL with any number of processes, and on PGlite, whose one connection runs one
 * transaction at a time. The unique index on (kind, number) would refuse a duplicate anyway.
 */
async function takeRequestNumber(tx: Db, id: number, kind: RequestKind): Promise<number> {
  const [counter] = await tx
    .insert(requestCounters)
    .values({ kind, last: 1 })
    .onConflictDoUpdate({ target: requestCounters.kind, set: { last: sql`${requestCounters.last} + 1` } })
    .returning({ last: requestCounters.last });
  await tx.update(visitorRequests).set({ number: counter!.last }).where(eq(visitorRequests.id, id));
  return counter!.last;
}

/** The number the kind's next request will get, without taking it. */
async function peekRequestNumber(kind: RequestKind): Promise<number> {
  const db = await getDb();
  const [counter] = await db
    .select({ last: requestCounters.last })
    .from(requestCounters)
    .where(eq(requestCounters.kind, kind));
  return (counter?.last ?? 0) + 1;
}

// The id a stored request would have had (the API answers it too), taken from the table's sequence.
async function nextRequestId(): Promise<number> {
  const [row] = await queryRows<{ id: number | string }>(
    await getDb(),
    sql`select nextval(pg_get_serial_sequence('visitor_requests', 'id')) as id`,
  );
  return Number(row!.id);
}

async function resolveSubject(input: RequestInput): Promise<StoredRequest['about']> {
  const db = await getDb();
  if (input.kind === 'course') {
    const [course] = await db
      .select({
        id: courses.id,
        slug: courses.slug,
        title: courses.title,
        endDate: courses.endDate,
        seatsLeft: courses.seatsLeft,
      })
      .from(courses)
      .where(and(eq(courses.slug, input.course ?? ''), eq(courses.isPublished, true)));
    if (!course) throw new ValidationError({ course: ['Такого курса нет.'] });
    if (!isUpcoming(course))
      throw new ValidationError({ course: ['Этот курс уже прошёл: выберите один из ближайших.'] });
    // More people than seats left is refused with the number; a full course still takes requests (its waiting list).
    const participants = Number(input.details.participants ?? 1);
    if (course.seatsLeft > 0 && participants > course.seatsLeft)
      throw new ValidationError({
        participants: [
          `На курсе осталось ${plural(course.seatsLeft, ['место', 'места', 'мест'])}: укажите не больше ${course.seatsLeft} участников или позвоните нам.`,
        ],
      });
    return { course: { id: course.id, slug: course.slug, title: course.title } };
  }
  if (input.kind === 'vacancy') {
    const [vacancy] = await db
      .select({ id: vacancies.id, title: vacancies.title, isOpen: vacancies.isOpen })
      .from(vacancies)
      .where(eq(vacancies.id, input.vacancy ?? 0));
    if (!vacancy) throw new ValidationError({ vacancy: ['Такой вакансии нет.'] });
    if (!vacancy.isOpen)
      throw new ValidationError({ vacancy: ['Вакансия закрыта: отклики на неё больше не принимаются.'] });
    return { vacancy: { id: vacancy.id, title: vacancy.title } };
  }
  if (input.kind === 'printing' && input.printingPrice !== undefined) {
    const [price] = await db
      .select({ id: printingPrices.id, service: printingPrices.service, material: printingPrices.material })
      .from(printingPrices)
      .innerJoin(printingPriceOffers, eq(printingPriceOffers.printingPriceId, printingPrices.id))
      .where(
        and(
          eq(printingPrices.id, input.printingPrice),
          eq(printingPriceOffers.country, input.country),
          eq(printingPrices.isActive, true),
        ),
      );
    if (!price) throw new ValidationError({ printing_price: ['Этой услуги нет в прайс-листе вашей страны.'] });
    return { printingPrice: { id: price.id, title: `${price.service}: ${price.material}` } };
  }
  return {};
}
