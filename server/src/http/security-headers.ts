/**
 * Security headers: helmet's, with our Content-Security-Policy, worked out once at start-up. They do not
 * depend on the request, yet @fastify/helmet built helmet's middleware again for every request (parsing
 * the policy's directives each time: issue #18). Helmet itself still computes them, once, on a response
 * that is never sent, so they stay exactly helmet's: the same names, values and order. One hook then sets
 * them on every response, before anything else does, as the plugin did.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A header to set, or (value null) to remove, in the order helmet did. */
export type HeaderList = readonly (readonly [name: string, value: string | null])[];

/** A response that is never sent and notes every header set on it or removed from it. */
class RecordingResponse extends ServerResponse {
  readonly calls: [string, string | null][] = [];

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.calls.push([name, String(value)]);
    return super.setHeader(name, value);
  }

  override removeHeader(name: string): void {
    this.calls.push([name, null]);
    super.removeHeader(name);
  }
}

/** What helmet does to a response's headers with `options`, in its order and with its spelling. */
export function securityHeaders(options: HelmetOptions): HeaderList {
  const response = new RecordingResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return response.calls;
}

/** The app's policy: its own files and pictures, inline styles, and the storage bucket when there is one. */
export function appSecurityHeaders(storageOrigin: string | null): HeaderList {
  const storage = storageOrigin ? [storageOrigin] : [];
  return securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Fluent UI (Griffel) and Swagger UI insert style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures are served by Teambeat itself (blob: URLs of fetched images): no address elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:', ...storage],
        // With the S3 driver, uploads go straight to the bucket (docs/storage.md).
        connectSrc: ["'self'", ...storage],
        // Leaderboard videos play from the bucket (default-src covers 'self' when files are served here).
        ...(storageOrigin ? { mediaSrc: ["'self'", ...storage] } : {}),
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}

export function registerSecurityHeaders(app: FastifyInstance, headers: HeaderList): void {
  app.addHook('onRequest', (_request, reply, done) => {
    // On the raw response, as helmet does: a route may still replace one (Swagger UI's own policy).
    for (const [name, value] of headers) {
      if (value === null) reply.raw.removeHeader(name);
      else reply.raw.setHeader(name, value);
    }
    done();
  });
}
