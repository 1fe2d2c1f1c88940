/**
 * What files the public forms take: a CV (PDF, DOC, DOCX, ODT, RTF) with a vacancy application, a
 * model (STL, OBJ, PLY, 3MF or a ZIP of them) with a printing request. A file is recognised by its
 * first bytes as well as its name, so a renamed executable is refused.
 */
import { stripBidiControls, stripControlCharacters } from '../../shared/control-characters.ts';

export type AttachmentKind = 'resume' | 'model';

export const ATTACHMENT_LIMITS: Record<
  AttachmentKind,
  { maxBytes: number; extensions: readonly string[]; label: string }
> = {
  resume: {
    maxBytes: 5 * 1024 * 1024,
    extensions: ['pdf', 'doc', 'docx', 'odt', 'rtf'],
    label: 'PDF, DOC, DOCX, ODT или RTF',
  },
  // Intraoral scans are often larger than 25 MB; the file goes to disk and then to the database 1 MB at a time.
  model: {
    maxBytes: 100 * 1024 * 1024,
    extensions: ['stl', 'obj', 'ply', '3mf', 'zip'],
    label: 'STL, OBJ, PLY, 3MF или ZIP',
  },
};

export interface Attachment {
  filename: string;
  contentType: string;
  size: number;
  /** The file's bytes in order, read once as they are stored (from the upload's temporary file). */
  bytes: () => AsyncIterable<Uint8Array>;
}

/** How much of a file's beginning {@link checkAttachment} looks at. */
export const ATTACHMENT_HEAD_BYTES = 4096;

const startsWith = (data: Buffer, signature: number[]) => signature.every((byte, i) => data[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const asText = (data: Buffer, length = 512) => data.subarray(0, length).toString('latin1');

// Text formats (ASCII STL, OBJ, PLY) have no magic number: they must at least be text.
const looksLikeText = (data: Buffer) => !data.subarray(0, 4096).includes(0);

// Each check reads only the file's first bytes (`d`, at most ATTACHMENT_HEAD_BYTES) and its size.
const CONTENT: Record<string, { type: string; matches(d: Buffer, size: number): boolean }> = {
  pdf: { type: 'application/pdf', matches: (d) => asText(d, 5) === '%PDF-' },
  doc: { type: 'application/msword', matches: (d) => startsWith(d, OLE) },
  docx: {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: (d) => startsWith(d, ZIP),
  },
  odt: { type: 'application/vnd.oasis.opendocument.text', matches: (d) => startsWith(d, ZIP) },
  rtf: { type: 'application/rtf', matches: (d) => asText(d, 5) === '{\\rtf' },
  // Binary STL: an 80-byte header, a triangle count, then 50 bytes per triangle.
  stl: {
    type: 'model/stl',
    matches: (d, size) =>
      (asText(d, 5).toLowerCase() === 'solid' && looksLikeText(d)) ||
      (size >= 84 && d.length >= 84 && size === 84 + d.readUInt32LE(80) * 50),
  },
  obj: {
    type: 'model/obj',
    matches: (d) => looksLikeText(d) && /^(#|v |o |g |mtllib|vn |vt |f )/m.test(asText(d, 4096)),
  },
  ply: { type: 'application/ply', matches: (d) => asText(d, 4) === 'ply\n' || asText(d, 5) === 'ply\r\n' },
  '3mf': { type: 'model/3mf', matches: (d) => startsWith(d, ZIP) },
  zip: { type: 'application/zip', matches: (d) => startsWith(d, ZIP) },
};

/**
 * A file's name as its sender typed it, safe to show and store: no path, no control characters, no
 * bidi controls (which could show «cv‮fdp.exe» as «cvexe.pdf»), at most 150 characters.
 */
export function typedFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = stripBidiControls(stripControlCharacters(base)).trim();
  return (cleaned || 'file').slice(-150);
}

/** The name a download is saved under: as typed, without what file systems refuse (`"<>|:*?`). */
export function safeFilename(name: string): string {
  return (
    typedFilename(name)
      .replace(/["<>|:*?]/g, '')
      .trim() || 'file'
  );
}

/** The message beside a file field when the file is over its size. */
export const tooLargeMessage = (kind: AttachmentKind) =>
  `Файл больше ${Math.round(ATTACHMENT_LIMITS[kind].maxBytes / 1024 / 1024)} МБ.`;

/**
 * Checks a sent file against what the form takes, from its name, size and first bytes (`head`, at
 * least {@link ATTACHMENT_HEAD_BYTES} of them when the file has as many); returns its name as typed and
 * real content type, or the Russian message to show beside the field.
 */
export function checkAttachment(
  kind: AttachmentKind,
  file: { name: string; size: number; head: Buffer },
): Pick<Attachment, 'filename' | 'contentType'> | { error: string } {
  const limits = ATTACHMENT_LIMITS[kind];
  const filename = typedFilename(file.name);
  const extension = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  if (file.size === 0) return { error: 'Файл пустой.' };
  if (file.size > limits.maxBytes) return { error: tooLargeMessage(kind) };
  const content = limits.extensions.includes(extension) ? CONTENT[extension] : undefined;
  if (!content) return { error: `Подходят файлы ${limits.label}.` };
  if (!content.matches(file.head, file.size))
    return { error: `Файл не похож на ${extension.toUpperCase()}: проверьте, что он не повреждён.` };
  return { filename, contentType: content.type };
}
