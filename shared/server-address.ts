/**
 * Which company servers the desktop app may reach over plain http (security review #10, item 18). https is
 * always fine. http is allowed only to an address that cannot be on the internet: loopback (127.0.0.0/8,
 * ::1, `localhost`) and private LAN ranges (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, IPv6 unique local
 * fc00::/7), written as an IP literal, and only after the user confirms it on the connect screen.
 *
 * Decisions (docs/security.md): link-local (169.254.0.0/16, fe80::/10) is refused, since 169.254.169.254 is
 * the cloud metadata service; carrier-grade NAT (100.64.0.0/10), IPv4-mapped IPv6 and unspecified addresses
 * are refused; host names other than `localhost` are refused over http because they may resolve to anything
 * (use https, or the server's private IP address). Pure and isomorphic: the shell enforces it, the
 * renderer's connect screen uses it to ask for the confirmation.
 */

/** The four octets of a dotted IPv4 literal, or null. */
function ipv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const octets = parts.map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 literal (without brackets), or null. Embedded IPv4 is not accepted. */
function ipv6(host: string): number[] | null {
  if (!/^[0-9a-f:]+$/i.test(host)) return null;
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...tail].every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((g) =>
    Number.parseInt(g, 16),
  );
}

/** Whether a URL's hostname (as `new URL().hostname` gives it) may be reached over plain http. */
export function isPlainHttpHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4 as [number, number, number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  if (host.startsWith('[') && host.endsWith(']')) {
    const v6 = ipv6(host.slice(1, -1));
    if (!v6) return false;
    const loopback = v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1;
    const uniqueLocal = (v6[0]! & 0xfe00) === 0xfc00;
    return loopback || uniqueLocal;
  }
  return false;
}

/** What a server address needs before the app may use it. */
export type ServerAddressSecurity = 'https' | 'plain-http-confirm' | 'plain-http-refused';

export function serverAddressSecurity(url: URL): ServerAddressSecurity {
  if (url.protocol === 'https:') return 'https';
  return isPlainHttpHost(url.hostname) ? 'plain-http-confirm' : 'plain-http-refused';
}
