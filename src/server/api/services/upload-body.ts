import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ATTACHMENT_LIMITS, tooLargeMessage, type AttachmentKind } from '../../requests/attachments.ts';
import { receiveMultipart, type MultipartOptions, type ReceivedForm } from '../../requests/multipart.ts';
import { assertWithinFormLimits, takeUploadSlot } from '../../requests/requests.limits.ts';
import type { RequestKind } from '../../requests/requests.types.ts';
import { bodyLimitFor } from '../../http/body-limit.ts';
import { clientIp } from '../auth.ts';
import type { AppEnv } from '../create-router.ts';

/**
 * The multipart body of a form that takes a file, read before the route's validator would read it
 * whole: first the address's form quota (an address over it is refused before a byte of the body),
 * then `receiveFiles`.
 */
export function receiveUpload(kind: RequestKind, files: Record<string, AttachmentKind>) {
  const rules = Object.fromEntries(
    Object.entries(files).map(([field, attachment]) => [
      field,
      { maxBytes: ATTACHMENT_LIMITS[attachment].maxBytes, tooLarge: tooLargeMessage(attachment) },
    ]),
  );
  const receive = receiveFiles(rules);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (isMultipart(c)) await assertWithinFormLimits(kind, clientIp(c));
    return receive(c, next);
  });
}

/**
 * One of the process's upload slots, then the body as a stream, each file to a temporary file
 * (`requests/multipart.ts`): the validator and the handler see the fields and a `File` that is read from
 * disk only once it has passed its checks, and nothing holds the whole body in memory meanwhile (a
 * 20 MB staff import parsed by the platform's own form reader took seconds of the process's time). The
 * temporary files go when the answer is made.
 */
export function receiveFiles(files: MultipartOptions['files']) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!isMultipart(c)) return next();
    const release = takeUploadSlot();
    let received: ReceivedForm | undefined;
    try {
      received = await receiveMultipart(c.req.raw.body, c.req.header('content-type')!, {
        maxBytes: bodyLimitFor(c.req.path),
        files,
      });
      c.req.bodyCache.formData = received.form;
      await next();
    } finally {
      release();
      await received?.discard();
    }
  });
}

function isMultipart(c: Context<AppEnv>): boolean {
  return /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
}
