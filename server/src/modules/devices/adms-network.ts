/**
 * Whether an ADMS request comes from its device's network (docs/security.md, "ADMS push devices"). The protocol has
 * no secret: the serial number is printed on the device and sent in clear, so the client address is the one thing
 * a remote forger cannot choose (over TCP, with TRUST_PROXY only behind a proxy that sets X-Forwarded-For itself).
 */
import { BlockList, isIP } from 'node:net';

/** The longest text form of an IP address (IPv6 with an IPv4 tail); longer "addresses" are cut to it. */
export const MAX_ADDRESS_LENGTH = 45;

/** `::ffff:10.0.0.5` (an IPv4 client on a dual-stack socket) is 10.0.0.5. */
function normaliseAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The address as stored: normalised and cut to an address's length. */
export function storedAddress(address: string): string {
  return normaliseAddress(address).slice(0, MAX_ADDRESS_LENGTH);
}

/** The address itself when it is an IP address (a binding for it), else null. */
export function bindingFor(address: string | null | undefined): string | null {
  if (!address) return null;
  const normal = normaliseAddress(address.trim());
  return isIP(normal) !== 0 ? normal : null;
}

/** Whether `address` is one of the addresses or in one of the CIDR ranges of `network` (comma separated). */
export function inNetwork(network: string | null, address: string): boolean {
  if (!network) return false;
  const client = normaliseAddress(address);
  const family = isIP(client);
  if (family === 0) return false;
  const list = new BlockList();
  for (const part of network.split(',')) {
    const [base = '', bits] = part.trim().split('/');
    const baseFamily = isIP(base);
    if (baseFamily === 0) continue;
    const type = baseFamily === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(bits), type);
  }
  return list.check(client, family === 4 ? 'ipv4' : 'ipv6');
}
