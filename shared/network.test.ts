import { describe, expect, it } from 'vitest';
import { parseNetwork } from './network.js';
import { tenantSettingsSchema } from './settings.js';

describe('office networks', () => {
  it('reads IPv4 and IPv6 addresses and CIDR ranges', () => {
    expect(parseNetwork('192.168.10.0/24')).toEqual({ address: '192.168.10.0', prefix: 24, family: 'ipv4' });
    expect(parseNetwork(' 10.1.2.3 ')).toEqual({ address: '10.1.2.3', prefix: 32, family: 'ipv4' });
    expect(parseNetwork('0.0.0.0/0')).toEqual({ address: '0.0.0.0', prefix: 0, family: 'ipv4' });
    expect(parseNetwork('2001:db8::/48')).toEqual({ address: '2001:db8::', prefix: 48, family: 'ipv6' });
    expect(parseNetwork('::1')).toEqual({ address: '::1', prefix: 128, family: 'ipv6' });
    expect(parseNetwork('fd00:1:2:3:4:5:6:7/128')?.family).toBe('ipv6');
    expect(parseNetwork('::ffff:10.0.0.1')?.family).toBe('ipv6');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'office',
      '10.0.0',
      '256.1.1.1',
      '010.0.0.1',
      '10.0.0.0/33',
      '10.0.0.0/-1',
      '10.0.0.0/',
      '10.0.0.0/8/8',
      '2001:db8::1::2',
      '2001:db8::/129',
      '1:2:3:4:5:6:7:8:9',
      'fe80::1%eth0',
      '12345::',
    ])
      expect(parseNetwork(bad), bad).toBeNull();
  });

  it('names the refused entry in the settings rule', () => {
    const result = tenantSettingsSchema.shape.office_networks.safeParse(['10.0.0.0/8', '10.0.0.0/33']);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[1], 'Enter an IPv4 or IPv6 address or range, such as 192.168.10.0/24 or 2001:db8::/48'],
    ]);
  });
});
