import { describe, expect, it } from 'vitest';
import { safeFilename } from '../../../src/server/requests/attachments.ts';
import { servedFileHeaders } from '../../../src/server/requests/served-files.ts';

describe('servedFileHeaders', () => {
  it('makes a browser download a stored file, never render or sniff it, and run nothing from it', () => {
    const headers = servedFileHeaders({ filename: 'cv.pdf', contentType: 'application/pdf', size: 1234 });
    expect(headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Length': '1234',
      'Content-Disposition': `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    });
  });

  it('serves a type it does not take as a download of bytes', () => {
    const headers = servedFileHeaders({ filename: 'x.html', contentType: 'text/html', size: 1 });
    expect(headers['Content-Type']).toBe('application/octet-stream');
  });

  it('writes the name without bidi controls, quotes or line breaks, with an ASCII fallback', () => {
    const headers = servedFileHeaders({
      filename: 'резюме\u202Efdp.exe"\r\nX-Evil: 1.pdf',
      contentType: 'application/pdf',
      size: 1,
    });
    const disposition = headers['Content-Disposition'];
    expect(disposition).not.toMatch(/[\u202e\r\n]/);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[\w%.!~*'()-]+$/);
    expect(decodeURIComponent(disposition.split("''")[1]!)).toBe('резюмеfdp.exe X-Evil 1.pdf');
  });
});

describe('safeFilename', () => {
  it('drops bidi controls, so a name shows what it is', () => {
    expect(safeFilename('cv\u202Efdp.exe')).toBe('cvfdp.exe');
    expect(safeFilename('a\u2066b\u2069.pdf')).toBe('ab.pdf');
  });
});
