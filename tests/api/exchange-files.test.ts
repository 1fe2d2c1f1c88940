import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appendFile, readFile, readWholeFile, unpackZips } from '../../src/server/exchange/exchange-files.ts';
import { dbRows } from '../helpers/api.ts';
import { OneC, zipOf } from '../helpers/exchange.ts';

/** A session of its own, opened as 1C opens one. */
async function session(): Promise<string> {
  const client = new OneC();
  const [status, , token] = (await client.checkauth()).split('\n');
  expect(status).toBe('success');
  const [row] = await dbRows<{ id: string }>(sql`select id::text from exchange_sessions where token = ${token!}`);
  return row!.id;
}

async function chunks(sessionId: string, name: string) {
  return dbRows<{ seq: number; deflated: boolean; bytes: number }>(
    sql`select seq, deflated, length(data)::int as bytes from exchange_files
        where session_id = ${sessionId}::uuid and name = ${name} order by seq`,
  );
}

async function whole(sessionId: string, name: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of readFile(sessionId, name)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Offers as 1C writes them: the same tags over and over, as text compresses. */
function offersText(count: number): Buffer {
  const offers = Array.from(
    { length: count },
    (_, i) =>
      `<Предложение><Ид>offer-${i}</Ид><Артикул>SKU-${i}</Артикул><Цены><Цена><ЦенаЗаЕдиницу>${100 + (i % 900)}</ЦенаЗаЕдиницу>` +
      `<Валюта>KGS</Валюта></Цена></Цены><Количество>${i % 500}</Количество></Предложение>\n`,
  );
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Предложения>\n${offers.join('')}</Предложения>\n`);
}

describe('the files of an exchange, as the database keeps them', () => {
  it('keeps XML deflated, chunk by chunk, and reads back the very bytes sent, whatever the parts', async () => {
    const id = await session();
    const file = offersText(12_000);
    expect(file.length).toBeGreaterThan(2 * 1024 * 1024);
    // Parts that do not fall on a chunk's edge, as 1C cuts a file at `file_limit`.
    const part = Math.floor(file.length / 2) + 123;
    for (let start = 0; start < file.length; start += part)
      await appendFile(id, 'offers.xml', file.subarray(start, start + part));

    const stored = await chunks(id, 'offers.xml');
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(stored.every((c) => c.deflated)).toBe(true);
    const storedBytes = stored.reduce((sum, c) => sum + c.bytes, 0);
    expect(storedBytes).toBeLessThan(file.length / 4);
    expect((await whole(id, 'offers.xml')).equals(file)).toBe(true);
  });

  it('stores as they came a zip, a picture, and text that would not shrink', async () => {
    const id = await session();
    const noise = randomBytes(300_000);
    await appendFile(id, 'rests.xml', noise);
    const picture = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(50_000, 7)]);
    await appendFile(id, 'import_files/ab/photo.png', picture);
    const zip = zipOf({ 'import.xml': offersText(2_000), 'import_files/cd/inside.png': picture });
    await appendFile(id, 'pack.zip', zip);

    expect(await chunks(id, 'rests.xml')).toEqual([{ seq: 0, deflated: false, bytes: noise.length }]);
    expect(await chunks(id, 'import_files/ab/photo.png')).toEqual([{ seq: 0, deflated: false, bytes: picture.length }]);
    expect((await chunks(id, 'pack.zip')).map((c) => c.deflated)).toEqual([false]);
    expect((await whole(id, 'rests.xml')).equals(noise)).toBe(true);
    expect((await readWholeFile(id, 'import_files/ab/photo.png'))!.equals(picture)).toBe(true);

    // Unpacked, the zip's XML is kept deflated and its picture as it is; both read back whole.
    await unpackZips(id);
    expect((await chunks(id, 'import.xml')).every((c) => c.deflated)).toBe(true);
    expect((await chunks(id, 'import_files/cd/inside.png')).map((c) => c.deflated)).toEqual([false]);
    expect((await whole(id, 'import.xml')).equals(offersText(2_000))).toBe(true);
    expect((await readWholeFile(id, 'import_files/cd/inside.png'))!.equals(picture)).toBe(true);
  });

  it('reads a chunk a former version stored as it came (before chunks were deflated)', async () => {
    const id = await session();
    const text = offersText(50);
    await dbRows(
      sql`insert into exchange_files (session_id, name, seq, data) values (${id}::uuid, 'old.xml', 0, ${text})`,
    );
    expect((await whole(id, 'old.xml')).equals(text)).toBe(true);
  });
});
