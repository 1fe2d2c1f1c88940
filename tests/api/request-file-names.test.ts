/**
 * A visitor's file keeps the name it was sent with: browsers write a name's `"` as %22 in the form
 * (and undici does too, as in this test), which the back office showed as it came; the download is
 * saved under the name without what file systems refuse.
 */
import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../helpers/accounts.ts';
import { api, listAll } from '../helpers/api.ts';
import { staffAccess } from '../helpers/imports.ts';

const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

describe('a visitor’s file name', () => {
  it('POST /services/vacancy_requests/ keeps a CV’s name as typed, quotes and colons too', async () => {
    const [open] = await listAll('/services/vacancies/?is_open=true');
    const name = 'Резюме: Иванова "Динара" 50%.pdf';
    const form = new FormData();
    const fields = { name: 'Динара', phone: '+996 555 12-34-56', country: 'kg', email: uniqueEmail('cv') };
    for (const [key, value] of Object.entries({ ...fields, vacancy: String(open.id) })) form.set(key, value);
    form.set('resume', new File([pdf], name, { type: 'application/pdf' }));
    const sent = await api('/services/vacancy_requests/', { method: 'POST', ip: uniqueIp(), body: form });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.attachment.filename).toBe(name);

    const token = await staffAccess();
    const request = await api(`/staff/requests/${sent.body.id}/`, { token });
    expect(request.body.attachment.filename).toBe(name);
    const file = await api(`/staff/requests/${sent.body.id}/file/`, { token });
    expect(file.status).toBe(200);
    const saved = decodeURIComponent(file.headers.get('content-disposition')!.split("''")[1]!);
    expect(saved).toBe('Резюме Иванова Динара 50%.pdf');
  });
});
