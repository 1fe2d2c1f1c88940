/**
 * The one door for requests the shop makes to other sites (a products file's photo addresses; any later
 * outgoing request goes through here too), so a URL someone typed cannot make the server read its own
 * network:
 *
 * - The address is judged where the socket connects: each connection resolves its name once and goes
 *   to the address it judged (no second resolution to rebind), for the first request and for every
 *   redirect. Only global unicast addresses pass (`public-address.ts`), never this machine's own.
 *   `MEDIA_FETCH_PRIVATE` (tests that serve from this machine) lets private addresses through.
 * - Time: `OUTGOING_LIMITS` for connecting, for the answer's headers, between two parts of the body and
 *   for the whole answer; size: the caller's cap, checked while reading.
 * - Every failure is an `OutgoingRequestError` with words for the staff. A refused address reads like a
 *   site that cannot be reached, so an answer tells nothing about the shop's own network.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { env } from '../env.ts';
import { OutgoingRequestError, type OutgoingFailure } from '../errors.ts';
import { logger } from '../logger.ts';
import { addressKey, isPublicAddress } from './public-address.ts';

const log = logger.child({ module: 'outgoing' });

/** Milliseconds and counts of every outgoing request; tests shorten them. */
export const OUTGOING_LIMITS = {
  connectMs: 5_000,
  headersMs: 10_000,
  /** Between two parts of the body. */
  idleMs: 10_000,
  /** The whole answer, from the first connection to the body's last byte, redirects included. */
  totalMs: 20_000,
  redirects: 3,
};

/**
 * How names are resolved and which addresses are allowed. Tests replace these to stand for the
 * internet: a name that resolves to loopback, one loopback address taken for another site's.
 */
export const OUTGOING_NETWORK = {
  lookup: (hostname: string): Promise<{ address: string }[]> => lookup(hostname, { all: true }),
  allows: (address: string): boolean => isPublicAddress(address, ownAddresses()),
};

const TEXT = {
  unreachable: 'сайт не найден или недоступен',
  timeout: (ms: number) => `сайт не ответил за ${Math.round(ms / 1000)} с`,
  slow: (ms: number) => `сайт передавал файл дольше ${Math.round(ms / 1000)} с`,
  interrupted: 'сайт оборвал передачу файла',
  certificate: 'у сайта недействительный сертификат https',
  status: (code: number) => `сайт ответил ${code}`,
  tooLarge: (bytes: number) => `файл больше ${Math.round(bytes / 1024 / 1024)} МБ`,
  redirects: 'слишком много перенаправлений',
  address: 'нужен адрес http:// или https://',
} as const;

/** A connection refused before it was made: its address is not a public one. */
class AddressRefused extends Error {}

function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const item of list ?? []) {
      const key = addressKey(item.address);
      if (key) own.add(key);
    }
  return own;
}

/** The address to connect to for `hostname`: resolved once, every answer judged. */
async function judgedAddress(hostname: string): Promise<string> {
  const addresses = isIP(hostname) ? [hostname] : (await OUTGOING_NETWORK.lookup(hostname)).map((a) => a.address);
  if (!env.MEDIA_FETCH_PRIVATE && (!addresses.length || !addresses.every((a) => OUTGOING_NETWORK.allows(a))))
    throw new AddressRefused(`${hostname} → ${addresses.join(', ')}`);
  return addresses[0]!;
}

/** undici's connector, connecting to the judged address (TLS still checks the certificate for the name). */
function judgingConnector(): buildConnector.connector {
  const connect = buildConnector({ timeout: OUTGOING_LIMITS.connectMs });
  return (options, callback) => {
    judgedAddress(options.hostname).then(
      (address) =>
        connect(
          {
            ...options,
            hostname: address,
            servername: options.servername || (isIP(options.hostname) ? undefined : options.hostname),
          },
          callback,
        ),
      (error: Error) => callback(error, null),
    );
  };
}

export interface OutgoingAnswer {
  /** Where the answer came from, after redirects. */
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function parseAddress(address: string | URL, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(address, base);
  } catch {
    throw new OutgoingRequestError('address', TEXT.address);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutgoingRequestError('address', TEXT.address);
  return url;
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, declared: number): Promise<Buffer> {
  if (declared > maxBytes) throw new OutgoingRequestError('too_large', TEXT.tooLarge(maxBytes));
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body as AsyncIterable<Buffer>) {
    size += part.length;
    if (size > maxBytes) {
      body.destroy();
      throw new OutgoingRequestError('too_large', TEXT.tooLarge(maxBytes));
    }
    parts.push(part);
  }
  return Buffer.concat(parts);
}

const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ETIMEDOUT']);
const INTERRUPTED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ERR_STREAM_PREMATURE_CLOSE']);
const CERTIFICATE_CODE = /^(CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|ERR_TLS_CERT|ERR_SSL_)/;

/** What a failure of a request in `stage` was, in words; the original error stays as the cause. */
function describeFailure(error: unknown, stage: 'answer' | 'body', timedOut: boolean): OutgoingRequestError {
  if (error instanceof OutgoingRequestError) return error;
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 6; e = (e as { cause?: unknown }).cause) chain.push(e);
  const codes = chain.map((e) => (e as { code?: unknown }).code).filter((c): c is string => typeof c === 'string');
  const fail = (reason: OutgoingFailure, message: string) =>
    new OutgoingRequestError(reason, message, { cause: error });
  if (chain.some((e) => e instanceof AddressRefused)) return fail('unreachable', TEXT.unreachable);
  if (timedOut || codes.includes('UND_ERR_BODY_TIMEOUT'))
    return stage === 'body'
      ? fail('slow', TEXT.slow(timedOut ? OUTGOING_LIMITS.totalMs : OUTGOING_LIMITS.idleMs))
      : fail('timeout', TEXT.timeout(OUTGOING_LIMITS.totalMs));
  if (codes.some((c) => TIMEOUT_CODES.has(c)))
    return fail(
      'timeout',
      TEXT.timeout(codes.includes('UND_ERR_HEADERS_TIMEOUT') ? OUTGOING_LIMITS.headersMs : OUTGOING_LIMITS.connectMs),
    );
  if (codes.some((c) => CERTIFICATE_CODE.test(c))) return fail('certificate', TEXT.certificate);
  if (stage === 'body' && codes.some((c) => INTERRUPTED_CODES.has(c))) return fail('interrupted', TEXT.interrupted);
  if (!codes.some((c) => UNREACHABLE_CODES.has(c) || INTERRUPTED_CODES.has(c)))
    log.warn({ err: error }, 'An outgoing request failed in an unexpected way');
  return fail('unreachable', TEXT.unreachable);
}

/**
 * GETs `address` from another site, following up to `OUTGOING_LIMITS.redirects` redirects, and answers
 * the body of its 2xx answer, at most `maxBytes`.
 * @throws OutgoingRequestError for every failure: a refused or unreachable address, a time limit, an
 * answer that is not 2xx, a larger body
 */
export async function fetchFromOtherSite(
  address: string,
  options: { accept: string; maxBytes: number },
): Promise<OutgoingAnswer> {
  let url = parseAddress(address);
  const deadline = AbortSignal.timeout(OUTGOING_LIMITS.totalMs);
  // An agent of its own: its connections are made by the judging connector and end with this request.
  const agent = new Agent({
    connect: judgingConnector(),
    headersTimeout: OUTGOING_LIMITS.headersMs,
    bodyTimeout: OUTGOING_LIMITS.idleMs,
  });
  let stage: 'answer' | 'body' = 'answer';
  try {
    for (let hop = 0; ; hop += 1) {
      stage = 'answer';
      const answer = await request(url, {
        dispatcher: agent,
        method: 'GET',
        headers: { accept: options.accept },
        signal: deadline,
      });
      const location = answer.headers.location;
      if (answer.statusCode >= 300 && answer.statusCode < 400 && typeof location === 'string') {
        await answer.body.dump();
        if (hop >= OUTGOING_LIMITS.redirects) throw new OutgoingRequestError('redirects', TEXT.redirects);
        url = parseAddress(location, url);
        continue;
      }
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        await answer.body.dump();
        throw new OutgoingRequestError('status', TEXT.status(answer.statusCode));
      }
      stage = 'body';
      const body = await readCapped(answer.body, options.maxBytes, Number(answer.headers['content-length'] ?? 0));
      return { url, headers: answer.headers, body };
    }
  } catch (error) {
    throw describeFailure(error, stage, deadline.aborted);
  } finally {
    void agent.destroy().catch(() => {});
  }
}
