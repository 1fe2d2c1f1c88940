/**
 * What files the public forms take: a CV (PDF, DOC, DOCX, ODT, RTF) with a vacancy application, a
 * model (STL, OBJ, PLY, 3MF or a ZIP of them) with a printing request. A file is recognised by its
 * first bytes as well as its name, so a renamed executable is refused.
 */
import { stripControlCharacters } from '../../shared/control-characters.ts';

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
  model: {
    maxBytes: 25 * 1024 * 1024,
    extensions: ['stl', 'obj', 'ply', '3mf', 'zip'],
    label: 'STL, OBJ, PLY, 3MF или ZIP',
  },
};

export interface Attachment {
  filename: string;
  contentType: string;
  data: Buffer;
}

const startsWith = (data: Buffer, signature: number[]) => signature.every((byte, i) => data[i] === byte);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const asText = (data: Buffer, length = 512) => data.subarray(0, length).toString('latin1');

// Text formats (ASCII STL, OBJ, PLY) have no magic number: they must at least be text.
const looksLikeText = (data: Buffer) => !data.subarray(0, 4096).includes(0);

const CONTENT: Record<string, { type: string; matches(data: Buffer): boolean }> = {
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
    matches: (d) =>
      (asText(d, 5).toLowerCase() === 'solid' && looksLikeText(d)) ||
      (d.length >= 84 && d.length === 84 + d.readUInt32LE(80) * 50),
  },
  obj: {
    type: 'model/obj',
    matches: (d) => looksLikeText(d) && /^(#|v |o |g |mtllib|vn |vt |f )/m.test(asText(d, 4096)),
  },
  ply: { type: 'application/ply', matches: (d) => asText(d, 4) === 'ply\n' || asText(d, 5) === 'ply\r\n' },
  '3mf': { type: 'model/3mf', matches: (d) => startsWith(d, ZIP) },
  zip: { type: 'application/zip', matches: (d) => startsWith(d, ZIP) },
};

/** A file name safe to show and store: no path, no control characters, at most 150 characters. */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = stripControlCharacters(base)
    .replace(/["<>|:*?]/g, '')
    .trim();
  return (cleaned || 'file').slice(-150);
}

/**
 * Checks a sent file against what the form takes; returns it with its real content type, or the
 * Russian message to show beside the field.
 */
export function checkAttachment(
  kind: AttachmentKind,
  file: { name: string; data: Buffer },
): Attachment | { error: string } {
  const limits = ATTACHMENT_LIMITS[kind];
  const filename = safeFilename(file.name);
  const extension = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  if (file.data.length === 0) return { error: 'Файл пустой.' };
  if (file.data.length > limits.maxBytes)
    return { error: `Файл больше ${Math.round(limits.maxBytes / 1024 / 1024)} МБ.` };
  const content = limits.extensions.includes(extension) ? CONTENT[extension] : undefined;
  if (!content) return { error: `Подходят файлы ${limits.label}.` };
  if (!content.matches(file.data))
    return { error: `Файл не похож на ${extension.toUpperCase()}: проверьте, что он не повреждён.` };
  return { filename, contentType: content.type, data: file.data };
}
