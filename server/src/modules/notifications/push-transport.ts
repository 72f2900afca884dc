/**
 * How a push message leaves the server: web-push builds the request (VAPID header, aes128gcm body, TTL,
 * Urgency, Topic) and this sends it. web-push's own sendNotification always speaks TLS, so a push service on
 * loopback (the tests' stand-in, server/test/push-service.ts) could not be reached by the path production
 * takes; here http and https share one path.
 *
 * The endpoint comes from a browser, that is from whoever holds an account, so the server must not become a
 * way into its own network: unless private addresses are allowed (tests), an endpoint whose host is, or
 * resolves to, a loopback, private, link-local or other special address is refused before connecting, and the
 * connection goes to the address checked (a second lookup cannot answer another). Push services are public.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import webpush, { type RequestDetails, type SendResult } from 'web-push';
import { isSpecialAddress, publicOnlyLookupRefusing } from '../../security/addresses.js';

/** The signature of web-push's sendNotification, so tests and callers may inject either. */
export type PushSend = typeof webpush.sendNotification;

/** The `code` of the error a refused (private) endpoint rejects with: retrying cannot help. */
export const PUSH_ADDRESS_REFUSED = 'ERR_PUSH_ADDRESS_REFUSED';

const DEFAULT_TIMEOUT_MS = 30_000;
// Push services answer with a short reason at most; a longer body is not read into memory.
const MAX_RESPONSE_CHARS = 16_384;

function refused(host: string): Error {
  return Object.assign(new Error(`Push endpoint host ${host} is not a public address`), { code: PUSH_ADDRESS_REFUSED });
}

const publicOnlyLookup = publicOnlyLookupRefusing(refused);

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
  );
}

/**
 * A PushSend over node:http and node:https. Like web-push's, it resolves with a 2xx answer and rejects with a
 * WebPushError (statusCode, headers, body) for any other, or with the socket's error.
 */
export function createPushTransport(options: { allowPrivateAddresses: boolean }): PushSend {
  return (subscription, payload, requestOptions) => {
    let details: RequestDetails;
    let url: URL;
    try {
      details = webpush.generateRequestDetails(subscription, payload ?? undefined, requestOptions);
      url = new URL(details.endpoint);
    } catch (error) {
      return Promise.reject(error);
    }
    // A literal address is connected to without any lookup, so it is checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateAddresses && isIP(host) && isSpecialAddress(host)) return Promise.reject(refused(host));
    const client = url.protocol === 'http:' ? http : https;
    return new Promise<SendResult>((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: details.headers,
          timeout: requestOptions?.timeout ?? DEFAULT_TIMEOUT_MS,
          ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            if (body.length < MAX_RESPONSE_CHARS) body += chunk.slice(0, MAX_RESPONSE_CHARS - body.length);
          });
          response.on('error', reject);
          response.on('end', () => {
            const statusCode = response.statusCode ?? 0;
            const headers = flatHeaders(response.headers);
            if (statusCode >= 200 && statusCode < 300) resolve({ statusCode, body, headers });
            else
              reject(
                new webpush.WebPushError('Received unexpected response code', statusCode, headers, body, url.href),
              );
          });
        },
      );
      request.on('timeout', () =>
        request.destroy(Object.assign(new Error('The push service did not answer in time'), { code: 'ETIMEDOUT' })),
      );
      request.on('error', reject);
      request.end(details.body ?? undefined);
    });
  };
}
