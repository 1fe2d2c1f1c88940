/**
 * How a stored visitor file (a CV, a model) is handed out, whatever serves it (the back office): as a
 * download the browser never renders. Files are checked by their first bytes only, so a PDF header
 * followed by HTML is taken; these headers make sure such a file cannot run as a page of the shop.
 */
import { safeFilename } from './attachments.ts';

// The types the checks give (attachments.ts); anything else goes out as plain bytes.
const SERVED_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'model/stl',
  'model/obj',
  'application/ply',
  'model/3mf',
  'application/zip',
]);

// RFC 8187's attr-char: what stays as it is in `filename*`.
const encodeName = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` of a download named `filename`: its UTF-8 form for browsers, and a plain ASCII
 * one (`asciiName`, or the name with other characters as «_») for old clients.
 */
export function attachmentDisposition(filename: string, asciiName?: string): string {
  // safeFilename drops paths, control and bidi characters; quotes and line breaks never reach the header.
  const name = safeFilename(filename.replace(/[\r\n]+/g, ' ')).replace(/\s+/g, ' ');
  const fallback = (asciiName ?? name).replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeName(name)}`;
}

/** The headers of a stored file's download: attachment, its checked type, no sniffing, a sandbox. */
export function servedFileHeaders(file: {
  filename: string;
  contentType: string;
  size: number;
}): Record<string, string> {
  return {
    'Content-Type': SERVED_TYPES.has(file.contentType) ? file.contentType : 'application/octet-stream',
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.filename),
    'X-Content-Type-Options': 'nosniff',
    // Opened anyway (a preview, a direct link), it runs no script, loads nothing and has no origin.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': 'private, no-store',
  };
}

/** A stored file's bytes as a response body, each chunk read from the database when the client takes it. */
export function servedFileBody(bytes: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const chunks = bytes[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}
