import { describe, expect, it } from 'vitest';
import { isPublicHost, isSpecialAddress } from './addresses.js';

describe('addresses the server never reaches for a caller (a video download, a push endpoint)', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    // The same in hex, IPv4-compatible, NAT64, Teredo and 6to4 (IPv4 inside), site-local, multicast.
    '::ffff:7f00:1',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2001:0:4136:e378::1',
    '2002:c0a8:101::1',
    'fec0::1',
    'ff02::1',
    'not an address',
  ])('%s is special', (address) => expect(isSpecialAddress(address)).toBe(true));

  it.each(['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8', '::ffff:93.184.216.34'])(
    '%s is public',
    (address) => expect(isSpecialAddress(address)).toBe(false),
  );

  it('resolves a host before judging it: public only when every address is', async () => {
    expect(await isPublicHost('93.184.216.34')).toBe(true);
    expect(await isPublicHost('[2606:4700::1111]')).toBe(true);
    expect(await isPublicHost('127.0.0.1')).toBe(false);
    expect(await isPublicHost('[::1]')).toBe(false);
    expect(await isPublicHost('localhost')).toBe(false);
    expect(await isPublicHost('no-such-host.invalid')).toBe(false);
  });
});
