/**
 * The «Обмен с сайтом» protocol as 1C speaks it (`?type=catalog|sale&mode=…`): every answer plain text,
 * lines separated by `\n` — `success`, `progress`, or `failure` and a reason a person can act on.
 * Sessions, files and tasks live in the database, so each request may reach any shop process.
 */
import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '../db/client.ts';
import { createTask } from '../jobs/tasks.ts';
import { EXCHANGE_TEXT } from './exchange.texts.ts';
import { FILE_LIMIT } from './exchange.limits.ts';
import { appendFile, fileNames, isSafeFileName } from './exchange-files.ts';
import { cookieToken, ExchangeRefusal, findSession, openSession, type ExchangeSession } from './exchange-sessions.ts';
import { queueExchangeTask } from './exchange.queue.ts';
import { EXCHANGE_TASK_KIND, fileKindOf, runExchangeTask } from './exchange.runner.ts';
import { FINISH_FILE, hasDeferred } from './exchange-finish.ts';
import { applyStatuses, markOrdersTaken, ordersDocument } from './orders-exchange.ts';

/** The CommerceML version the shop reads. */
const VERSION = '2.10';

export interface ExchangeRequest {
  type: string | undefined;
  mode: string | undefined;
  filename: string | undefined;
  /** `sessid=` of the query, for a 1C that sends the session so. */
  sessid: string | undefined;
  authorization: string | null | undefined;
  cookie: string | null | undefined;
  ip: string;
  /** The request's body (a file's part). */
  body(): Promise<Buffer>;
}

const failure = (reason: string) => `failure\n${reason}`;

/** Answers one request of the exchange; never throws for what 1C did wrong (that is a `failure`). */
export async function answerExchange(request: ExchangeRequest): Promise<string> {
  try {
    return await answer(request);
  } catch (error) {
    if (error instanceof ExchangeRefusal) return failure(error.message);
    throw error;
  }
}

async function answer(request: ExchangeRequest): Promise<string> {
  const type = request.type ?? '';
  const mode = request.mode ?? '';
  if (type !== 'catalog' && type !== 'sale') return failure(EXCHANGE_TEXT.unknownType(type));
  if (mode === 'checkauth') {
    const { cookie, token } = await openSession(request.authorization, type, request.ip);
    return `success\n${cookie}\n${token}\nsessid=${token}\ntimestamp=${Math.floor(Date.now() / 1000)}`;
  }
  const session = await findSession(cookieToken(request.cookie) ?? request.sessid ?? null);
  switch (mode) {
    case 'init':
      return `zip=yes\nfile_limit=${FILE_LIMIT}\nsessid=${session.token}\nversion=${VERSION}`;
    case 'file':
      return type === 'sale' ? receiveStatuses(session, request) : receiveFile(session, request);
    case 'query':
      if (type !== 'sale') break;
      return ordersDocument(session);
    case 'success':
      if (type !== 'sale') break;
      await markOrdersTaken(session);
      return 'success';
    case 'import':
      if (type !== 'catalog') break;
      return importFile(session, request.filename ?? '');
    // Newer 1C versions end a catalog exchange with these: what no numbered package held is dealt with.
    case 'complete':
    case 'deactivate':
      return type === 'catalog' ? finishExchange(session) : 'success';
  }
  return failure(EXCHANGE_TEXT.unknownMode(mode));
}

async function receiveFile(session: ExchangeSession, request: ExchangeRequest): Promise<string> {
  const name = request.filename ?? '';
  if (!isSafeFileName(name)) return failure(EXCHANGE_TEXT.badFileName(name));
  const body = await request.body();
  if (body.length > FILE_LIMIT) return failure(EXCHANGE_TEXT.tooLarge(FILE_LIMIT));
  await appendFile(session.id, name, body);
  return 'success';
}

/** `type=sale&mode=file`: 1C's documents with the orders' statuses, applied as they arrive. */
async function receiveStatuses(session: ExchangeSession, request: ExchangeRequest): Promise<string> {
  const name = request.filename ?? 'orders.xml';
  if (!isSafeFileName(name)) return failure(EXCHANGE_TEXT.badFileName(name));
  const body = await request.body();
  if (body.length > FILE_LIMIT) return failure(EXCHANGE_TEXT.tooLarge(FILE_LIMIT));
  await appendFile(session.id, `sale/${name}`, body);
  try {
    const outcome = await applyStatuses(
      session,
      name,
      (async function* () {
        yield body;
      })(),
    );
    return outcome.skipped.length
      ? `success\nНе изменены (нет такого заказа, статуса или перехода): ${outcome.skipped.join(', ')}`
      : 'success';
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(name)) return failure(error.message);
    throw error;
  }
}

/**
 * Starts the file's import as a task (the first request) or tells how it goes (the next ones): `progress`
 * while it runs, then `success` or `failure` and the reason.
 */
async function importFile(session: ExchangeSession, filename: string): Promise<string> {
  if (!isSafeFileName(filename)) return failure(EXCHANGE_TEXT.badFileName(filename));
  if (!fileKindOf(filename)) return failure(EXCHANGE_TEXT.unsupportedFile(filename));
  const db = await getDb();
  const [task] = await queryRows<{ id: string; status: string; result: { message?: string } | null }>(
    db,
    sql`select id, status, result from tasks
        where kind = ${EXCHANGE_TASK_KIND} and options->>'session_id' = ${session.id} and options->>'filename' = ${filename}
        order by created_at desc limit 1`,
  );
  if (task) {
    if (task.status === 'SUCCESS') return 'success';
    if (task.status === 'FAILURE') return failure(task.result?.message ?? EXCHANGE_TEXT.failed);
    return 'progress';
  }
  const names = await fileNames(session.id);
  // A zip not yet unpacked may hold the file: the task unpacks it first and fails if it does not.
  if (!names.includes(filename) && !names.some((n) => n.toLowerCase().endsWith('.zip')))
    return failure(EXCHANGE_TEXT.unknownFile(filename));
  const started = await createTask(
    {
      kind: EXCHANGE_TASK_KIND,
      country: null,
      options: { session_id: session.id, filename },
      file: { name: filename },
      createdBy: session.userId,
      dedupeKey: `1c:${session.id}:${filename}`,
    },
    async () => {},
  );
  if (started.created) await queueExchangeTask(started.task.id);
  return 'progress';
}

/**
 * `complete` (or `deactivate`, which comes first where 1C sends both): once every numbered package is in,
 * what none of them held is hidden or goes out of stock (`exchange-finish.ts`), here and now, since 1C
 * does not ask again after these.
 */
async function finishExchange(session: ExchangeSession): Promise<string> {
  if (!(await hasDeferred(session.id))) return 'success';
  const started = await createTask(
    {
      kind: EXCHANGE_TASK_KIND,
      country: null,
      options: { session_id: session.id, filename: FINISH_FILE },
      file: { name: FINISH_FILE },
      createdBy: session.userId,
      dedupeKey: `1c:${session.id}:${FINISH_FILE}`,
    },
    async () => {},
  );
  if (started.created) await runExchangeTask(started.task.id);
  const [task] = await queryRows<{ status: string; result: { message?: string } | null }>(
    await getDb(),
    sql`select status, result from tasks where id = ${started.task.id}::uuid`,
  );
  return task?.status === 'FAILURE' ? failure(task.result?.message ?? EXCHANGE_TEXT.failed) : 'success';
}
