/**
 * Push endpoints are addresses a browser gave us, and the server posts to them: without a guard a
 * signed-in user could make the server post to its own network (server-side request forgery). A push
 * service is a public server, so an endpoint must resolve to public addresses only, checked when the
 * subscription is kept, and again when each push connects (push-transport.ts, so a name that later
 * resolves to a private address is refused too). The ranges are the video downloads' (fetch-url.ts).
 */
import { lookup as lookupAll } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isSpecialAddress } from '../leaderboard-videos/fetch-url.js';

export async function isPublicHost(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookupAll(host, { all: true, verbatim: true });
    return addresses.length > 0 && !addresses.some((a) => isSpecialAddress(a.address));
  } catch {
    return false;
  }
}
