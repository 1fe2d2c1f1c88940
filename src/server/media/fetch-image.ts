/**
 * A product photo fetched from another site (an import names it by URL): at most `MEDIA_LIMITS.maxBytes`,
 * within `fetchTimeoutMs`, following at most three redirects, and never from this machine or a private
 * network (`MEDIA_FETCH_PRIVATE` aside), so a file cannot make the server read its neighbours.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { env } from '../env.ts';
import { MEDIA_LIMITS, MEDIA_TEXT } from './media.rules.ts';
import { imageFetchedFrom, MediaRejected, storeImage } from './media.service.ts';

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is this machine's or a private network's (an IPv4 address mapped to IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  const family = isIP(mapped);
  return family !== 0 && PRIVATE.check(mapped, family === 4 ? 'ipv4' : 'ipv6');
}

async function assertPublicHost(url: URL): Promise<void> {
  if (env.MEDIA_FETCH_PRIVATE) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((found) => found.address);
  if (addresses.some(isPrivateAddress))
    throw new MediaRejected(MEDIA_TEXT.fetchFailed(url.href, 'адрес во внутренней сети'));
}

async function readCapped(response: Response, url: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MEDIA_LIMITS.maxBytes) throw new MediaRejected(MEDIA_TEXT.fetchFailed(url, 'файл больше 20 МБ'));
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const part of response.body ?? []) {
    size += part.length;
    if (size > MEDIA_LIMITS.maxBytes) throw new MediaRejected(MEDIA_TEXT.fetchFailed(url, 'файл больше 20 МБ'));
    parts.push(part);
  }
  return Buffer.concat(parts);
}

async function download(address: string): Promise<Buffer> {
  let url = new URL(address);
  const signal = AbortSignal.timeout(MEDIA_LIMITS.fetchTimeoutMs);
  for (let hop = 0; hop <= 3; hop += 1) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new MediaRejected(MEDIA_TEXT.fetchFailed(address, 'нужен адрес http(s)'));
    await assertPublicHost(url);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
    } catch (error) {
      const why = (error as Error).name === 'TimeoutError' ? 'сайт не ответил за 20 секунд' : 'сайт недоступен';
      throw new MediaRejected(MEDIA_TEXT.fetchFailed(address, why));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new MediaRejected(MEDIA_TEXT.fetchFailed(address, `сайт ответил ${response.status}`));
    }
    return readCapped(response, address);
  }
  throw new MediaRejected(MEDIA_TEXT.fetchFailed(address, 'слишком много перенаправлений'));
}

/** The stored photo of an address: fetched and stored the first time, reused afterwards. */
export async function storeImageFromUrl(address: string): Promise<string> {
  const known = await imageFetchedFrom(address);
  if (known) return known;
  const bytes = await download(address);
  try {
    return (await storeImage(bytes, address)).url;
  } catch (error) {
    if (error instanceof MediaRejected) throw new MediaRejected(`${address}: ${error.message}`);
    throw error;
  }
}
