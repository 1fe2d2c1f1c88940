import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { env } from '~/server/env.ts';
import { OUTGOING_LIMITS, OUTGOING_NETWORK } from '~/server/security/outgoing-fetch.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, staffAccess } from '../helpers/imports.ts';
import { startPhotoServer, type PhotoServer } from '../helpers/photo-server.ts';

// This machine's photo servers: 127.0.0.1 and ::1 are the shop's own network, which a photo address must
// never reach; 127.0.0.2, on the same port, stands for another site (OUTGOING_NETWORK.allows takes it).
let inside: PhotoServer;
let insideV6: PhotoServer;
let outside: PhotoServer;
const limits = { ...OUTGOING_LIMITS };
const network = { ...OUTGOING_NETWORK };
const OUTSIDE = '127.0.0.2';

beforeAll(async () => {
  inside = await startPhotoServer();
  insideV6 = await startPhotoServer({ host: '::1', port: inside.port });
  outside = await startPhotoServer({ host: OUTSIDE, port: inside.port });
});
afterAll(() => Promise.all([inside.close(), insideV6.close(), outside.close()]));
afterEach(() => {
  Object.assign(OUTGOING_LIMITS, limits);
  Object.assign(OUTGOING_NETWORK, network);
  env.MEDIA_FETCH_PRIVATE = true;
});

/**
 * The shop as it runs for real: private addresses refused, 127.0.0.2 taken for another site's. `names`
 * are what a resolver answers for a name, one answer after another (the last one again and again).
 */
function guardOn(names: Record<string, string[][]> = {}) {
  env.MEDIA_FETCH_PRIVATE = false;
  OUTGOING_NETWORK.allows = (address) => address === OUTSIDE || network.allows(address);
  const lookups: string[] = [];
  OUTGOING_NETWORK.lookup = async (hostname) => {
    lookups.push(hostname);
    const answers = names[hostname];
    if (!answers) return network.lookup(hostname);
    return (answers.length > 1 ? answers.shift()! : answers[0]!).map((address) => ({ address }));
  };
  return lookups;
}

const insideHits = () => [...inside.hits.values(), ...insideV6.hits.values()].reduce((sum, n) => sum + n, 0);

let counter = 0;
async function importPhotos(addresses: string[]) {
  const { slug } = (
    await dbRows<{ slug: string }>(sql`select slug from categories where parent_id is not null limit 1`)
  )[0]!;
  const rows = addresses.map((address) => ({
    sku: `GUARD-${++counter}`,
    name: `Фото ${counter}`,
    category: slug,
    images: [address],
  }));
  const task = await importFile(
    'products',
    // One product a line: each row's errors are its own.
    { name: 'photos.json', data: JSON.stringify({ format: 'products@1', products: rows }, null, 1) },
    { error_policy: 'reject_failed_rows' },
  );
  const errorOf = (address: string): string | undefined =>
    task.errors.find((e: { value: string }) => e.value === address)?.message;
  return { task, rows, errorOf };
}

describe('photos fetched from another site', () => {
  it('never come from this machine, however its address is spelled, and every refusal reads alike', async () => {
    guardOn({ 'photos.inside.test': [['127.0.0.1']], 'mixed.inside.test': [['127.0.0.1', OUTSIDE]] });
    const before = insideHits();
    const port = inside.port;
    const spellings = [
      '127.0.0.1',
      '2130706433',
      '017700000001',
      '0x7f000001',
      '0177.0.0.1',
      '0x7f.0.0.1',
      '127.1',
      '127.0.1',
      '0.0.0.0',
      '0',
      'localhost',
      'photos.inside.test',
      'mixed.inside.test',
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '[::]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[0:0:0:0:0:ffff:127.0.0.1]',
      '[::ffff:0.0.0.0]',
    ].map((host) => `http://${host}:${port}/photo/dd0000.png`);
    const good = `http://${OUTSIDE}:${port}/photo/00dd00.png`;
    const { task, errorOf } = await importPhotos([good, ...spellings]);

    expect(task.status).toBe('SUCCESS');
    expect(task.counts.created).toBe(1);
    expect(insideHits()).toBe(before);
    expect(outside.hits.get('/photo/00dd00.png')).toBe(1);
    for (const address of spellings)
      expect(errorOf(address), address).toBe(
        `Не удалось загрузить картинку ${address}: сайт не найден или недоступен.`,
      );
    // Nothing from this machine became a product's photo.
    expect(await dbRows(sql`select url from media_sources where url not like ${`http://${OUTSIDE}:%`}`)).toEqual([]);
  });

  it('judge the address each connection goes to, spelled as it is connected to, without going there', async () => {
    guardOn();
    const judged: [string, boolean][] = [];
    // Answers the real rule's verdict but never lets a connection leave: these addresses are not this machine's.
    OUTGOING_NETWORK.allows = (address) => {
      judged.push([address, network.allows(address)]);
      return false;
    };
    const cases: [string, string][] = [
      ['[::127.0.0.1]', '::7f00:1'],
      ['[64:ff9b::127.0.0.1]', '64:ff9b::7f00:1'],
      ['[64:ff9b::a9fe:a9fe]', '64:ff9b::a9fe:a9fe'],
      ['[2002:7f00:1::1]', '2002:7f00:1::1'],
      ['[2001:0:808:808::80ff:fffe]', '2001:0:808:808::80ff:fffe'],
      ['[::ffff:169.254.169.254]', '::ffff:a9fe:a9fe'],
      ['169.254.169.254', '169.254.169.254'],
      ['10.0.0.1', '10.0.0.1'],
      ['[fd00::1]', 'fd00::1'],
      ['100.64.0.1', '100.64.0.1'],
      ['198.18.0.1', '198.18.0.1'],
    ];
    const { task, errorOf } = await importPhotos(cases.map(([host]) => `http://${host}/a.png`));
    expect(task.status).toBe('SUCCESS');
    expect(new Map(judged)).toEqual(new Map(cases.map(([, address]) => [address, false])));
    for (const [host] of cases) expect(errorOf(`http://${host}/a.png`)).toMatch(/сайт не найден или недоступен\.$/);
  });

  it('resolve a name once per connection and judge every redirect', async () => {
    const lookups = guardOn({ 'rebind.test': [[OUTSIDE], ['127.0.0.1']] });
    const before = insideHits();
    const port = inside.port;
    const rebinding = `http://rebind.test:${port}/photo/0000dd.png`;
    const toInside = `http://${OUTSIDE}:${port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port}/photo/dddd00.png`)}`;
    const toName = `http://${OUTSIDE}:${port}/redirect?to=${encodeURIComponent(`http://localhost:${port}/photo/dddd00.png`)}`;
    const { task, errorOf } = await importPhotos([rebinding, toInside, toName]);

    // The name answered another site's address, then this machine's: the photo came from where it was judged.
    expect(errorOf(rebinding)).toBeUndefined();
    expect(outside.hits.get('/photo/0000dd.png')).toBe(1);
    expect(lookups.filter((name) => name === 'rebind.test')).toHaveLength(1);
    for (const address of [toInside, toName])
      expect(errorOf(address), address).toBe(
        `Не удалось загрузить картинку ${address}: сайт не найден или недоступен.`,
      );
    expect(insideHits()).toBe(before);
    expect(task.counts.created).toBe(1);
  });

  it('that cannot be had are the row’s error with a reason, and the rest of the file is written', async () => {
    Object.assign(OUTGOING_LIMITS, { totalMs: 2000, headersMs: 1000, idleMs: 1000 });
    const good = inside.url('/photo/123456.png');
    const cases: [string, RegExp][] = [
      [inside.url('/slow.png'), /: сайт передавал файл дольше 2 с\.$/],
      [inside.url('/reset.png'), /: сайт оборвал передачу файла\.$/],
      [inside.url('/silent.png'), /: сайт не ответил за 1 с\.$/],
      ['https://photos.invalid/a.png', /: сайт не найден или недоступен\.$/],
      [`http://127.0.0.1:${await closedPort()}/a.png`, /: сайт не найден или недоступен\.$/],
      [inside.url('/gone.png'), /: сайт ответил 404\.$/],
      [
        inside.url(`/redirect?to=${encodeURIComponent('ftp://example.com/a.png')}`),
        /: нужен адрес http:\/\/ или https:\/\/\.$/,
      ],
    ];
    const { task, errorOf } = await importPhotos([good, ...cases.map(([address]) => address)]);
    expect(task.status).toBe('SUCCESS');
    expect(task.counts).toMatchObject({ created: 1, errors: cases.length });
    for (const [address, message] of cases) expect(errorOf(address), address).toMatch(message);
    for (const error of task.errors) expect(error).toMatchObject({ column: 'images', code: 'image_unavailable' });
  });

  it('saved with a product answer 400 at images, not 503 or 500, when they cannot be fetched', async () => {
    const token = await staffAccess();
    const { slug } = (
      await dbRows<{ slug: string }>(sql`select slug from categories where parent_id is not null limit 1`)
    )[0]!;
    const save = (images: string[]) =>
      api('/staff/products/', {
        method: 'POST',
        token,
        json: { sku: `GUARD-SAVE-${++counter}`, name: 'Фото', category: slug, images },
      });

    const unresolvable = await save(['https://photos.invalid/a.png']);
    expect(unresolvable.status).toBe(400);
    expect(unresolvable.body).toEqual({
      images: ['Не удалось загрузить картинку https://photos.invalid/a.png: сайт не найден или недоступен.'],
    });

    guardOn();
    const before = insideHits();
    const loopback = `http://[::ffff:127.0.0.1]:${inside.port}/photo/ddaa00.png`;
    const refused = await save([loopback]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      images: [`Не удалось загрузить картинку ${loopback}: сайт не найден или недоступен.`],
    });
    expect(insideHits()).toBe(before);
  });
});

/** A port nothing listens on: one a server had a moment ago. */
async function closedPort(): Promise<number> {
  const server = await startPhotoServer();
  await server.close();
  return server.port;
}
