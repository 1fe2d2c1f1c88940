import { BusyError } from '../errors.ts';
import { assertUnderRateLimit, consumeRateLimits, type RateLimit } from '../security/rate-limit.ts';
import type { RequestKind } from './requests.types.ts';

/**
 * How often a client address may send each public form: enough for a clinic behind one address that
 * sends several requests in a day, too few for a flood. Every form also shares a daily ceiling.
 * Requests a bot sent into the hidden field count the same as real ones. What they mail to a visitor
 * counts against the mailbox's quota (`mail/mailbox-quota.ts`).
 */
export const FORM_LIMITS = {
  perKindPerIp: { name: 'form:ip', max: 10, windowSeconds: 3600 },
  allFormsPerIp: { name: 'forms:ip', max: 40, windowSeconds: 86_400 },
} as const satisfies Record<string, RateLimit>;

/**
 * Forms with a file: how many this process reads at once (each holds its file in memory only while
 * it is stored, after every check), and what a multipart body may hold besides its files.
 */
export const UPLOAD_LIMITS = {
  concurrent: 4,
  /** Seconds a client is asked to wait when every slot is taken. */
  busyRetryAfterSeconds: 10,
  /** Bytes of one text field (a message of 4000 Cyrillic letters is 8000). */
  fieldBytes: 16 * 1024,
  fields: 30,
} as const;

/** Forms that are not visitor requests but count like them. */
type OtherForm = 'newsletter' | 'back-in-stock';

/** The counters a form is checked against: its kind per address, and every form per address. */
export function formLimitChecks(kind: RequestKind | OtherForm, clientIp: string) {
  return [
    [FORM_LIMITS.perKindPerIp, `${kind}:${clientIp}`],
    [FORM_LIMITS.allFormsPerIp, clientIp],
  ] as const;
}

/** Counts a form of `kind` from the address. @throws RateLimitError */
export function consumeFormLimits(kind: RequestKind | OtherForm, clientIp: string): Promise<void> {
  return consumeRateLimits(formLimitChecks(kind, clientIp));
}

/**
 * Refuses a form from an address that has used up its quota, without counting it: checked before a
 * file is read, so a flood costs no more than its headers. @throws RateLimitError
 */
export async function assertWithinFormLimits(kind: RequestKind, clientIp: string): Promise<void> {
  for (const [limit, subject] of formLimitChecks(kind, clientIp)) await assertUnderRateLimit(limit, subject);
}

let uploading = 0;

/** How many upload slots of this process are taken now. */
export const uploadsInProgress = (): number => uploading;

/**
 * Takes one of the process's upload slots; the returned function gives it back (once).
 * @throws BusyError when every slot is taken.
 */
export function takeUploadSlot(): () => void {
  if (uploading >= UPLOAD_LIMITS.concurrent)
    throw new BusyError(
      'Сейчас загружается много файлов. Отправьте форму ещё раз через несколько секунд.',
      UPLOAD_LIMITS.busyRetryAfterSeconds,
    );
  uploading += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    uploading -= 1;
  };
}
