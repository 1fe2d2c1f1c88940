import { isIPv6 } from 'node:net';
import { env } from '../env.ts';

/**
 * The client's address for rate limits, from the socket's peer or, behind a trusted proxy
 * (`TRUST_PROXY`), the address the proxy appended to X-Forwarded-For. An IPv6 client counts by its
 * /64 network, since one subscriber gets a whole /64 to pick from. The API and the pages that take
 * forms both count a client by this.
 */
export function clientSubject(peer: string | undefined, forwardedFor: string | null | undefined): string {
  let address = peer;
  if (env.TRUST_PROXY) {
    const forwarded = forwardedFor
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    address = forwarded?.at(-1) ?? address;
  }
  return address ? rateLimitSubject(address) : 'unknown';
}

/** IPv4 as it is; IPv6 as its first four groups (`2001:db8:0:1::/64`); IPv4-mapped IPv6 as IPv4. */
export function rateLimitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
