import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from '~/server/media/fetch-image.ts';

describe('photos fetched for imports', () => {
  it('never come from this machine or a private network', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '212.42.96.1', '2a00:1450:4001::1', '::ffff:93.184.216.34'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});
