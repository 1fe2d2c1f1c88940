import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { OUTGOING_NETWORK } from '~/server/security/outgoing-fetch.ts';
import { addressKey, isPublicAddress } from '~/server/security/public-address.ts';

describe('addresses the shop may send a request to', () => {
  it('are global unicast IPv4 and IPv6 addresses only', () => {
    for (const address of ['93.184.216.34', '212.42.96.1', '8.8.8.8', '2a00:1450:4001::1', '2606:4700::1111'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '198.19.255.255',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fd00::1',
      'fc00::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001:2::1',
      '3fff::1',
      '100::1',
      '4000::1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('judge an IPv6 address that carries an IPv4 one by the IPv4 it leads to', () => {
    const cases: [string, boolean][] = [
      // IPv4-mapped, as typed and as the URL parser rewrites it
      ['::ffff:127.0.0.1', false],
      ['::ffff:7f00:1', false],
      ['0:0:0:0:0:ffff:127.0.0.1', false],
      ['::ffff:10.0.0.1', false],
      ['::ffff:a9fe:a9fe', false],
      ['::ffff:93.184.216.34', true],
      // IPv4-translated (RFC 6145) and IPv4-compatible
      ['::ffff:0:7f00:1', false],
      ['::ffff:0:5db8:d822', true],
      ['::127.0.0.1', false],
      ['::7f00:1', false],
      ['::5db8:d822', true],
      // NAT64 (RFC 6052); its local-use prefix is no one's global address
      ['64:ff9b::127.0.0.1', false],
      ['64:ff9b::a9fe:a9fe', false],
      ['64:ff9b::808:808', true],
      ['64:ff9b:1::808:808', false],
      // 6to4
      ['2002:7f00:1::1', false],
      ['2002:c0a8:101::1', false],
      ['2002:808:808::1', true],
      // Teredo: the server's address, and the client's stored inverted (RFC 4380)
      ['2001:0:808:808::80ff:fffe', false],
      ['2001:0:7f00:1::f7f7:f7f7', false],
      ['2001:0:808:808::f7f7:f7f7', true],
    ];
    for (const [address, allowed] of cases) expect(isPublicAddress(address), address).toBe(allowed);
  });

  it('are never this machine’s own, however spelled', () => {
    const own = new Set(['93.184.216.34', '2a00:1450:4001:0:0:0:0:1']);
    for (const address of [
      '93.184.216.34',
      '::ffff:93.184.216.34',
      '::ffff:5db8:d822',
      '64:ff9b::5db8:d822',
      '2a00:1450:4001::1',
    ])
      expect(isPublicAddress(address, own), address).toBe(false);
    expect(isPublicAddress('93.184.216.35', own)).toBe(true);
    expect(addressKey('::ffff:93.184.216.34')).toBe('93.184.216.34');
    for (const list of Object.values(networkInterfaces()))
      for (const item of list ?? []) expect(OUTGOING_NETWORK.allows(item.address), item.address).toBe(false);
  });

  it('are IP addresses: a name or a short form is not one', () => {
    for (const text of ['localhost', 'example.com', '127.1', '2130706433', '0x7f000001', '', '[::1]'])
      expect(isPublicAddress(text), text).toBe(false);
  });
});
