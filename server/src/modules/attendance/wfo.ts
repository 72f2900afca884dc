/**
 * The work-from-office rule: device punches always count; web and desktop check-ins count when the
 * request comes from one of the tenant's office networks (setting office_networks); manual entries carry
 * the flag the editor sets. docs/workforce.md explains it to HR.
 */
import { BlockList, isIP } from 'node:net';
import { parseNetwork } from '../../../../shared/network.js';

export function isFromOffice(ip: string, networks: readonly string[]): boolean {
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0 || networks.length === 0) return false;
  const list = new BlockList();
  for (const text of networks) {
    const n = parseNetwork(text);
    if (n) list.addSubnet(n.address, n.prefix, n.family);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
