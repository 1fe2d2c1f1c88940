/**
 * Which IP addresses the shop's requests to other sites may reach: global unicast only. Loopback,
 * private, link-local, carrier-grade NAT, unique-local, multicast, reserved, documentation and
 * benchmarking ranges are refused (ipaddr.js names them), and so are this machine's own addresses. An
 * IPv6 address that carries an IPv4 one (mapped `::ffff:a.b.c.d`, translated, IPv4-compatible, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`) is judged by the IPv4 addresses it leads to.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

const ipv4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 one stands for (a Teredo address names its server and its client), or null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || p.slice(0, 6).every((part) => part === 0))
    return [ipv4(p[6]!, p[7]!)];
  if (address.match(NAT64)) return [ipv4(p[6]!, p[7]!)];
  if (range === '6to4') return [ipv4(p[1]!, p[2]!)];
  // The client's address is stored inverted (RFC 4380 §4).
  if (range === 'teredo') return [ipv4(p[2]!, p[3]!), ipv4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return null;
}

/** `fe80::1%eth0` without its zone: the zone picks an interface, not another address. */
const withoutZone = (text: string) => text.replace(/%.*$/, '');

/**
 * One spelling per address, to compare with this machine's own (`::ffff:a.b.c.d` as `a.b.c.d`); null
 * when `text` is not an IP address.
 */
export function addressKey(text: string): string | null {
  if (isIP(text) === 0) return null;
  const address = ipaddr.process(withoutZone(text));
  return address.kind() === 'ipv4' ? address.toString() : address.toNormalizedString();
}

/**
 * Whether a request may go to `text`: a global unicast address, and none of `own` (this machine's
 * addresses as `addressKey` spells them). Anything that is not an IP address is refused.
 */
export function isPublicAddress(text: string, own: ReadonlySet<string> = new Set()): boolean {
  const key = addressKey(text);
  if (key === null || own.has(key)) return false;
  const address = ipaddr.parse(withoutZone(text));
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.every((v4) => v4.range() === 'unicast' && !own.has(v4.toString()));
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}
