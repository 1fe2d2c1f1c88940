/**
 * An offers file is written batch by batch while the rest of it is read (`offers-import.ts`): run here
 * with batches of two offers, so that a few offers cross every boundary the large files cross.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it, vi } from 'vitest';
import { importOffers } from '../../src/server/exchange/offers-import.ts';
import { ExchangeFailure } from '../../src/server/exchange/exchange-run.ts';
import { dbRows } from '../helpers/api.ts';
import { importXml, offersXml, OneC, type FixtureProduct } from '../helpers/exchange.ts';

vi.setConfig({ testTimeout: 120_000 });

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function catalog(n: number): Promise<FixtureProduct[]> {
  const t = tag();
  const all = Array.from({ length: n }, (_, i) => ({
    id: `ob-${t}-${i}`,
    sku: `1C-OB-${t}-${i}`,
    name: `Партия ${t} ${i}`,
  }));
  expect(await new OneC().exchange({ 'import.xml': Buffer.from(importXml(all)) }, ['import.xml'])).toEqual(['success']);
  return all;
}

/** Runs the offers import of `xml` directly, in batches of two. */
function run(xml: string) {
  const data = iconv.encode(xml, 'win1251');
  return importOffers(
    {
      taskId: randomUUID(),
      sessionId: randomUUID(),
      filename: 'offers.xml',
      actor: { source: 'import', userId: null, taskId: null },
      async *file() {
        // In small pieces, as the stored parts come: the reader runs ahead of the writer.
        for (let i = 0; i < data.length; i += 256) yield data.subarray(i, i + 256);
      },
      readFile: async () => null,
      progress: async () => {},
      note: () => {},
    },
    2,
  );
}

/** The SQLSTATE codes of an error and its causes (the driver's error is the query error's cause). */
function sqlStates(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
  }
  return codes;
}

const offersOf = (skus: string[]) =>
  dbRows<{ sku: string; price: string; quantity: number }>(
    sql`select p.sku, o.price::text as price, o.quantity from product_offers o join products p on p.id = o.product_id
        where o.country = 'kg' and p.sku = any(${`{${skus.join(',')}}`}::text[]) order by p.sku`,
  );

describe('an offers file written in batches', () => {
  it('writes every batch, and adds the stock of an offer that comes back in a later batch', async () => {
    const all = await catalog(5);
    const outcome = await run(
      offersXml([
        ...all.map((p, i) => ({ id: p.id, kg: String(100 + i), quantity: i + 1 })),
        // The first product again, three batches later: its stock adds up, its first price stays.
        { id: all[0]!.id, kg: '999', quantity: 10 },
      ]),
    );
    expect(outcome.counts.rows).toBe(6);
    expect(await offersOf(all.map((p) => p.sku))).toEqual(
      all.map((p, i) => ({ sku: p.sku, price: `${100 + i}.00`, quantity: i === 0 ? 11 : i + 1 })),
    );
  });

  it('writes nothing when the file breaks after its first batches were written', async () => {
    const all = await catalog(5);
    const before = await offersOf(all.map((p) => p.sku));
    const xml = offersXml(all.map((p) => ({ id: p.id, kg: '555', quantity: 7 })));
    // Cut inside the last offer: the first two batches are written by then.
    const broken = xml.slice(0, xml.lastIndexOf('<Цены>') + 12);
    await expect(run(broken)).rejects.toBeInstanceOf(ExchangeFailure);
    expect(await offersOf(all.map((p) => p.sku))).toEqual(before);
  });

  it("fails with the database's own refusal when a batch in the middle cannot be written, and writes nothing", async () => {
    const all = await catalog(8);
    const before = await offersOf(all.map((p) => p.sku));
    // The fourth offer's price does not fit numeric(14,2): its batch (the second) is sent behind the third
    // batch's lookup and refused. The fifth offer, known only by its SKU, makes the third batch look the SKU
    // up after that: the refusal, not the «transaction aborted» the SKU lookup gets, fails the import.
    const failure = await run(
      offersXml(
        all.map((p, i) => ({
          id: i === 4 ? `${p.id}-unknown` : p.id,
          sku: i === 4 ? p.sku : undefined,
          kg: i === 3 ? '100000000000000' : '444',
          quantity: 4,
        })),
      ),
    ).catch((error: unknown) => error);
    expect(sqlStates(failure)).toContain('22003');
    expect(sqlStates(failure)).not.toContain('25P02');
    expect(await offersOf(all.map((p) => p.sku))).toEqual(before);
  });

  it('refuses price types that come after the offers, as the schema does not allow, and writes nothing', async () => {
    const all = await catalog(3);
    const before = await offersOf(all.map((p) => p.sku));
    const xml = offersXml(all.map((p) => ({ id: p.id, kg: '321', quantity: 3 })));
    const types = /<ТипыЦен>[\s\S]*?<\/ТипыЦен>/.exec(xml)![0];
    const moved = xml.replace(types, '').replace('</Предложения>', `</Предложения>${types}`);
    const failure = await run(moved).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ExchangeFailure);
    expect((failure as Error).message).toContain('типы цен и склады идут до раздела «Предложения»');
    expect(await offersOf(all.map((p) => p.sku))).toEqual(before);
  });
});
