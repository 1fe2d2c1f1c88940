import { createMiddleware } from 'hono/factory';
import { ATTACHMENT_LIMITS, tooLargeMessage, type AttachmentKind } from '../../requests/attachments.ts';
import { receiveMultipart, type ReceivedForm } from '../../requests/multipart.ts';
import { assertWithinFormLimits, takeUploadSlot } from '../../requests/requests.limits.ts';
import type { RequestKind } from '../../requests/requests.types.ts';
import { bodyLimitFor } from '../../http/body-limit.ts';
import { clientIp } from '../auth.ts';
import type { AppEnv } from '../create-router.ts';

/**
 * The multipart body of a form that takes a file, read before the route's validator would read it
 * whole: first the address's form quota (an address over it is refused before a byte of the body),
 * then one of the process's upload slots, then the body as a stream, each file to a temporary file
 * (`requests/multipart.ts`). The validator and the handler then see the fields and a `File` that is
 * read from disk only once it has passed its checks. The temporary files go when the answer is made.
 */
export function receiveUpload(kind: RequestKind, files: Record<string, AttachmentKind>) {
  const rules = Object.fromEntries(
    Object.entries(files).map(([field, attachment]) => [
      field,
      { maxBytes: ATTACHMENT_LIMITS[attachment].maxBytes, tooLarge: tooLargeMessage(attachment) },
    ]),
  );
  return createMiddleware<AppEnv>(async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data/i.test(type)) return next();
    await assertWithinFormLimits(kind, clientIp(c));
    const release = takeUploadSlot();
    let received: ReceivedForm | undefined;
    try {
      received = await receiveMultipart(c.req.raw.body, type, { maxBytes: bodyLimitFor(c.req.path), files: rules });
      c.req.bodyCache.formData = received.form;
      await next();
    } finally {
      release();
      await received?.discard();
    }
  });
}
