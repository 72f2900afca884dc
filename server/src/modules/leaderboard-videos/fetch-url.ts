/**
 * Downloads a video someone gave by address (docs/recognition.md "Leaderboard videos"). The server fetches
 * it for them, so the address must not turn the server into a way into its own network: only http and
 * https; the host's every address is resolved first and one on loopback, private, link-local or other
 * special networks is refused unless the configuration allows them (LEADERBOARD_VIDEO_ALLOW_PRIVATE_URLS);
 * the connection then goes to the address checked (a second lookup cannot answer another); a redirect is
 * followed (at most 3) only to another http or https address, checked the same way. The body is streamed
 * with the same byte limit as an upload, and the whole download has a timeout.
 */
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { MAX_VIDEO_BYTES, videoFileTooBigMessage } from '../../../../shared/leaderboard-videos.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { isSpecialAddress } from '../../security/addresses.js';
import { receive } from './media.js';

const DOWNLOAD_TIMEOUT_MS = 60_000;
const MAX_REDIRECTS = 3;

export type Downloaded = { size: number } | { refused: string };

/** Answers the address to connect to, or the refusal. */
async function checkedAddress(url: URL, allowPrivate: boolean): Promise<{ address: string } | { refused: string }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string }[];
  try {
    addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    return { refused: V.videoUrlFailed };
  }
  if (addresses.length === 0) return { refused: V.videoUrlFailed };
  if (!allowPrivate && addresses.some((a) => isSpecialAddress(a.address))) return { refused: V.videoUrlPrivate };
  return { address: addresses[0]!.address };
}

function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        method: 'GET',
        protocol: url.protocol,
        host: address,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        // The certificate and the virtual host are the name's, the connection the address checked.
        servername: isIP(url.hostname) ? undefined : url.hostname,
        headers: { host: url.host, accept: 'video/*,*/*;q=0.5', 'user-agent': 'Teambeat' },
        signal,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

/** Downloads `text` into `file`; the URL's form was checked by the shared rule before. */
export async function download(text: string, file: string, allowPrivate: boolean): Promise<Downloaded> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), DOWNLOAD_TIMEOUT_MS);
  try {
    let url = new URL(text);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: V.videoUrlScheme };
      const checked = await checkedAddress(url, allowPrivate);
      if ('refused' in checked) return checked;
      const response = await get(url, checked.address, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return { refused: V.videoUrlFailed };
      }
      if (Number(response.headers['content-length'] ?? 0) > MAX_VIDEO_BYTES) {
        response.destroy();
        return { refused: videoFileTooBigMessage() };
      }
      const size = await receive(response, file);
      if (size === 'too-large') return { refused: videoFileTooBigMessage() };
      return { size };
    }
    return { refused: V.videoUrlFailed };
  } catch {
    return { refused: V.videoUrlFailed };
  } finally {
    clearTimeout(timer);
  }
}
