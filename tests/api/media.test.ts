import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as variantRoute } from '~/pages/media/[key]/[file].ts';
import { GET as photoRoute } from '~/pages/media/[key].ts';
import { createResponseCache } from '~/server/http/response-cache.ts';
import { stripKeptOriginals } from '~/server/media/media.service.ts';
import { signedIn } from '../helpers/accounts.ts';
import { api, dbRows } from '../helpers/api.ts';
import { importFile, staffAccess, upload } from '../helpers/imports.ts';
import { photo, startPhotoServer } from '../helpers/photo-server.ts';

const MEDIA = '/staff/media/';

/** What the photo routes answer for `path` (`/media/<key>` or `/media/<key>/<file>`): called as Astro would. */
async function routed(path: string): Promise<Response> {
  const url = new URL(path, 'http://shop.test');
  const [key, file] = url.pathname.split('/').slice(2).map(decodeURIComponent);
  return !file
    ? (photoRoute as (ctx: unknown) => Response)({ params: { key }, url })
    : (variantRoute as (ctx: unknown) => Promise<Response>)({ params: { key, file }, url });
}

async function served(key: string, file: string) {
  const response = await routed(`/media/${key}/${file}`);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

let photos: Awaited<ReturnType<typeof startPhotoServer>>;
beforeAll(async () => {
  photos = await startPhotoServer();
});
afterAll(() => photos.close());

describe('product photos', () => {
  it('are uploaded by staff only, stored once per content and refused with a reason when not a usable photo', async () => {
    const customer = await signedIn();
    const png = { name: 'a.png', data: await photo(1600, 1200, '#ff8800') };
    expect((await upload(MEDIA, png, {}, customer.tokens.access)).status).toBe(403);

    const first = await upload(MEDIA, png);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ url: expect.stringMatching(/^\/media\/[0-9a-f]{24}$/), width: 1600, height: 1200 });
    const again = await upload(MEDIA, { name: 'copy.png', data: png.data });
    expect(again.body.url).toBe(first.body.url);
    const key = first.body.url.slice('/media/'.length);
    expect(await dbRows(sql`select key from media_images where key = ${key}`)).toHaveLength(1);

    const refusals: [{ name: string; data: Buffer | string }, RegExp][] = [
      [{ name: 'notes.jpg', data: 'not a picture at all' }, /Это не фото/],
      [{ name: 'icon.png', data: await photo(120, 90) }, /120×90 пикселей слишком маленькое/],
      [{ name: 'empty.png', data: Buffer.alloc(0) }, /Приложите фото|пустой/],
    ];
    for (const [file, message] of refusals) {
      const answer = await upload(MEDIA, file);
      expect(answer.status, file.name).toBe(400);
      expect(answer.body.file?.[0], file.name).toMatch(message);
    }
    expect((await upload(MEDIA, null)).status).toBe(400);
  });

  it('are served in each size and format once encoded, cached for a year, and 404 otherwise', async () => {
    const { body } = await upload(MEDIA, { name: 'b.png', data: await photo(1000, 500, '#00aa55') });
    const key = body.url.slice('/media/'.length);

    const webp = await served(key, '320.webp');
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 160 });

    const avif = await served(key, '640.avif');
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await sharp(avif.body).metadata()).toMatchObject({ format: 'heif', width: 640, height: 320 });
    // Never enlarged: the 1280 size of a 1000 px photo is the photo's own size.
    expect((await sharp((await served(key, '1280.webp')).body).metadata()).width).toBe(1000);

    // Encoded once: the stored bytes are what is served the next time.
    const rows = await dbRows<{ width: number; format: string }>(
      sql`select width, format from media_variants where key = ${key} order by width, format`,
    );
    expect(rows).toEqual([
      { width: 320, format: 'webp' },
      { width: 640, format: 'avif' },
      { width: 1280, format: 'webp' },
    ]);
    expect((await served(key, '320.webp')).body.equals(webp.body)).toBe(true);

    for (const [k, file] of [
      [key, '500.webp'],
      [key, '320.png'],
      [key, '320.webp.exe'],
      ['0'.repeat(24), '320.webp'],
      ['../../etc/passwd', '320.webp'],
    ])
      expect((await served(k!, file!)).status, `${k}/${file}`).toBe(404);

    const own = await routed(`/media/${key}`);
    expect(own.status).toBe(301);
    expect(own.headers.get('location')).toBe(`/media/${key}/1280.webp`);
  });

  it('named by URL in a products file are fetched once, stored and kept as their /media address', async () => {
    const { slug } = (
      await dbRows<{ slug: string }>(sql`select slug from categories where parent_id is not null limit 1`)
    )[0]!;
    const rows = [
      {
        sku: 'PHOTO-1',
        name: 'Фото из файла',
        category: slug,
        images: [photos.url('/photo/aa3355.png'), '/images/placeholder.svg'],
      },
      { sku: 'PHOTO-2', name: 'Фото по перенаправлению', category: slug, images: [photos.url('/moved/aa3355.png')] },
      { sku: 'PHOTO-3', name: 'Не фото', category: slug, images: [photos.url('/text.png')] },
      { sku: 'PHOTO-4', name: 'Нет фото', category: slug, images: [photos.url('/gone.png')] },
    ];
    const task = await importFile(
      'products',
      { name: 'photos.json', data: JSON.stringify({ format: 'products@1', products: rows }) },
      { error_policy: 'reject_failed_rows' },
    );
    expect(task.counts.created).toBe(2);
    const failed = (path: string, message: RegExp) =>
      expect.objectContaining({
        column: 'images',
        value: photos.url(path),
        code: 'image_unavailable',
        message: expect.stringMatching(message),
      });
    expect(task.errors).toEqual([failed('/text.png', /Это не фото/), failed('/gone.png', /ответил 404/)]);
    expect((await api('/staff/products/PHOTO-3/', { token: await staffAccess() })).status).toBe(404);
    const token = await staffAccess();
    const one = (await api('/staff/products/PHOTO-1/', { token })).body;
    const two = (await api('/staff/products/PHOTO-2/', { token })).body;
    expect(one.images).toEqual([expect.stringMatching(/^\/media\/[0-9a-f]{24}$/), '/images/placeholder.svg']);
    // The same picture by another address is the same stored photo.
    expect(two.images).toEqual([one.images[0]]);

    // A second import of the same address does not fetch it again.
    const fetched = photos.hits.get('/photo/aa3355.png');
    await importFile('products', {
      name: 'again.json',
      data: JSON.stringify({
        format: 'products@1',
        products: [{ sku: 'PHOTO-1', images: [photos.url('/photo/aa3355.png')] }],
      }),
    });
    expect(photos.hits.get('/photo/aa3355.png')).toBe(fetched);
  });

  it('are kept without their metadata, turned upright, uploaded or fetched', async () => {
    // A phone's photo: taken sideways (EXIF orientation 6), with the camera and the place it was taken.
    const camera = (background: string) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .withExif({
          IFD0: { Make: 'Shop camera', Model: 'GPS-1' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '42/1 52/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '74/1 36/1 0/1',
          },
        })
        .toBuffer();
    const sideways = await camera('#aa5500');
    expect(await sharp(sideways).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    photos.put('/camera.jpg', await camera('#5500aa'));

    const uploaded = await upload(MEDIA, { name: 'camera.jpg', data: sideways });
    expect(uploaded.body).toMatchObject({ width: 480, height: 640 });
    const { slug } = (
      await dbRows<{ slug: string }>(sql`select slug from categories where parent_id is not null limit 1`)
    )[0]!;
    const product = { sku: 'PHOTO-EXIF', name: 'Фото с телефона', category: slug, images: [photos.url('/camera.jpg')] };
    const imported = await importFile('products', {
      name: 'camera.json',
      data: JSON.stringify({ format: 'products@1', products: [product] }),
    });
    expect(imported.errors).toEqual([]);
    const fetched = (await api('/staff/products/PHOTO-EXIF/', { token: await staffAccess() })).body.images[0];

    for (const url of [uploaded.body.url, fetched]) {
      const [stored] = await dbRows<{ original: Buffer; format: string; width: number; height: number }>(
        sql`select original, format, width, height from media_images where key = ${url.slice('/media/'.length)}`,
      );
      expect(stored, url).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
      const original = Buffer.from(stored!.original);
      const meta = await sharp(original).metadata();
      expect(meta, url).toMatchObject({ format: 'jpeg', width: 480, height: 640 });
      for (const part of ['exif', 'xmp', 'iptc', 'orientation'] as const)
        expect(meta[part], `${url} ${part}`).toBeUndefined();
      expect(original.includes('Shop camera'), url).toBe(false);
    }
  });

  it('stored with their metadata before the shop kept none are stripped by the upkeep, once', async () => {
    const legacy = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'Old camera' } })
      .toBuffer();
    const key = 'abcdef0123456789abcdef01';
    await dbRows(sql`insert into media_images (key, width, height, format, original)
                     values (${key}, 400, 500, 'jpeg', ${legacy})`);
    const upright = { width: 256, height: 320 };
    expect(await sharp((await served(key, '320.webp')).body).metadata()).toMatchObject(upright);

    expect(await stripKeptOriginals()).toBe(1);
    const [row] = await dbRows<{ original: Buffer; original_stripped: boolean; format: string }>(
      sql`select original, original_stripped, format from media_images where key = ${key}`,
    );
    expect(row).toMatchObject({ original_stripped: true, format: 'jpeg' });
    const meta = await sharp(Buffer.from(row!.original)).metadata();
    expect(meta).toMatchObject({ width: 400, height: 500 });
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(row!.original).includes('Old camera')).toBe(false);
    // Sizes encoded from the stripped original show the photo as before; the next run finds nothing to do.
    await dbRows(sql`delete from media_variants where key = ${key}`);
    expect(await sharp((await served(key, '320.webp')).body).metadata()).toMatchObject(upright);
    expect(await stripKeptOriginals()).toBe(0);
    expect(
      await dbRows(sql`select key from media_images where original is not null and not original_stripped`),
    ).toEqual([]);
  });

  it('have one address per size, so other spellings never fill the response cache', async () => {
    const { body } = await upload(MEDIA, { name: 'c.png', data: await photo(900, 600, '#3355aa') });
    const key = body.url.slice('/media/'.length);
    const canonical = `/media/${key}/1280.webp`;
    const cache = createResponseCache({ maxBytes: 8 * 1024 * 1024, freshMs: 60_000, staleMs: 60_000 });
    const server = http.createServer((req, res) =>
      cache.handle(req, res, {
        render: (request, response) =>
          void routed(request.url!).then(async (answer) => {
            response.writeHead(answer.status, Object.fromEntries(answer.headers));
            response.end(Buffer.from(await answer.arrayBuffer()));
          }),
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { redirect: 'manual' });
    try {
      expect((await get(canonical)).status).toBe(200);
      expect((await get(canonical)).headers.get('x-cache')).toBe('HIT');
      for (const path of [
        `/media/${key}/01280.webp`,
        `/media/${key}/1280.0.webp`,
        `/media/${key}/1280.webp/`,
        `/media/${key}/1280%2Ewebp`,
      ])
        expect((await get(path)).status, path).toBe(404);
      for (const path of [`${canonical}?v=1`, `${canonical}?`, `${canonical}?${'x'.repeat(500)}`]) {
        const answer = await get(path);
        expect(answer.status, path).toBe(301);
        expect(answer.headers.get('location'), path).toBe(canonical);
      }
      expect(cache.stats().entries).toBe(1);
    } finally {
      cache.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('of the demo catalog are packs drawn with the product on them, one per product', async () => {
    const products = await dbRows<{ images: string[]; recipe: { brand: string; name: string; shade?: string } }>(
      sql`select p.images, m.recipe from products p join media_images m on p.images->>0 = '/media/' || m.key
          where p.family = '3M-Z250' order by p.sku`,
    );
    expect(products.map((p) => p.recipe.shade)).toEqual(['A1', 'A2', 'A3', 'A3.5', 'B2']);
    expect(products.every((p) => p.recipe.brand === '3M' && p.recipe.name.startsWith('Filtek Z250'))).toBe(true);
    const key = products[1]!.images[0]!.slice('/media/'.length);
    const pack = await served(key, '320.webp');
    expect(pack.status).toBe(200);
    expect(await sharp(pack.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    const other = await served(products[2]!.images[0]!.slice('/media/'.length), '320.webp');
    expect(other.body.equals(pack.body)).toBe(false);
  });
});
