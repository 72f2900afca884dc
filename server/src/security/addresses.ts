/**
 * Addresses the server must not reach for a caller (docs/security.md): loopback, private, link-local and the
 * other ranges no public server has. Whatever the server fetches or posts to on someone's word (a video by
 * address, a browser's push endpoint) is checked here, so there is one list of ranges.
 */
import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const SPECIAL = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv4');
// IPv4-mapped addresses (::ffff:a.b.c.d, in either notation) are checked against the IPv4 list by BlockList.
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b::', 96], // NAT64
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 address tunnelled
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the deprecated site-local
  ['ff00::', 8], // multicast
] as const)
  SPECIAL.addSubnet(net, prefix, 'ipv6');

/** An address of loopback, a private or link-local network, or another range no public server has. */
export function isSpecialAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return SPECIAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a host name (or literal address) resolves to public addresses only; false when it does not resolve. */
export async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
    return addresses.length > 0 && !addresses.some((a) => isSpecialAddress(a.address));
  } catch {
    return false;
  }
}

/**
 * A dns.lookup for outgoing connections made on someone's word (a push endpoint, a tracker's address): it
 * fails with `refuse(host)` when any address of the name is special, and answers in whichever shape was
 * asked, so the connection goes to the address checked (a second lookup cannot answer another). A literal
 * address is connected to without a lookup: check it with isSpecialAddress before connecting.
 */
export function publicOnlyLookupRefusing(refuse: (hostname: string) => Error): LookupFunction {
  return lookupRefusing(isSpecialAddress, refuse);
}

/**
 * The same lookup with another list of refused addresses (`refused(address)`): a BioTime server may be on the office
 * network, but never on a link-local one (devices/biotime-client.ts).
 */
export function lookupRefusing(
  refused: (address: string) => boolean,
  refuse: (hostname: string) => Error,
): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      if (addresses.some((a) => refused(a.address))) return callback(refuse(hostname), '', 0);
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
