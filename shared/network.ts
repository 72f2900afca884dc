/** Office networks for the work-from-office rule: IPv4 or IPv6 addresses with an optional /prefix. */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  const doubles = text.split('::').length - 1;
  if (doubles > 1) return false;
  const groups = text.split(':').filter((g) => g !== '');
  const last = groups.at(-1) ?? '';
  const ipv4Tail = IPV4.test(last);
  const hexGroups = ipv4Tail ? groups.slice(0, -1) : groups;
  if (!hexGroups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  const count = hexGroups.length + (ipv4Tail ? 2 : 0);
  return doubles === 1 ? count < 8 : count === 8;
}

export type ParsedNetwork = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

/** "192.168.10.0/24", "10.1.2.3" (one address) or "2001:db8::/32"; null when it is none of these. */
export function parseNetwork(text: string): ParsedNetwork | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const family = IPV4.test(address) ? 'ipv4' : isIpv6(address) ? 'ipv6' : null;
  if (!family) return null;
  const max = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), family };
}
