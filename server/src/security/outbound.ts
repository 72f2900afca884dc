/**
 * One HTTP(S) request to an address a person typed (a project tracker, a BioTime server): its answer as text,
 * at most `maxBytes` of it, and never to an address the `guard` refuses, whether written as a literal (checked
 * before connecting) or what a name resolves to (checked in the lookup, so the connection goes to the address
 * checked). The callers turn failures into their own errors by `code`: Node's socket codes (ECONNREFUSED,
 * ENOTFOUND…), ETIMEDOUT when the server stays silent `timeoutMs`, ANSWER_TOO_LARGE, and whatever error the
 * guard's `refuse(host)` builds. Push deliveries keep their own request: they read a short reason and cut it.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { lookupRefusing } from './addresses.js';

export const ANSWER_TOO_LARGE = 'ERR_ANSWER_TOO_LARGE';

/** Which addresses a request may not reach, and the error a refused host gets. */
export type AddressGuard = {
  refused: (address: string) => boolean;
  refuse: (host: string) => Error;
  lookup: LookupFunction;
};

export function addressGuard(refused: (address: string) => boolean, refuse: (host: string) => Error): AddressGuard {
  return { refused, refuse, lookup: lookupRefusing(refused, refuse) };
}

export type OutboundRequest = {
  url: URL;
  method: string;
  headers: Record<string, string>;
  /** Sent as it is (the callers send JSON). */
  body?: string | undefined;
  /** How long the server may stay silent. */
  timeoutMs: number;
  maxBytes: number;
  /** None: any address (a tracker on the office network, when the deployment allows it). */
  guard?: AddressGuard | undefined;
};

export type OutboundAnswer = { status: number; headers: Record<string, string>; text: string };

export function sendOutbound(request: OutboundRequest): Promise<OutboundAnswer> {
  const { url, guard } = request;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here.
  if (guard && isIP(host) && guard.refused(host)) return Promise.reject(guard.refuse(host));
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        timeout: request.timeoutMs,
        ...(guard ? { lookup: guard.lookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            response.destroy();
            reject(
              Object.assign(new Error(`${url.host} answered more than ${request.maxBytes} bytes`), {
                code: ANSWER_TOO_LARGE,
              }),
            );
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers))
            headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
          resolve({ status: response.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(Object.assign(new Error(`${url.host} did not answer in time`), { code: 'ETIMEDOUT' })),
    );
    req.on('error', reject);
    req.end(request.body);
  });
}
