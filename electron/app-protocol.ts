/**
 * The packaged renderer's origin, app://teambeat: its files come from the packaged dist/renderer folder and
 * its /api/* requests are forwarded by main to the company server the user configured.
 *
 * Why a proxy: in the browser the API serves the renderer, so the renderer calls a same-origin /api. Doing
 * the same on the desktop keeps one renderer for both, needs no CORS entry for app:// on the company server
 * (whose CORS_ORIGINS accepts only http(s) origins) and keeps connect-src at 'self'.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAppUrl } from './window-policy.js';
import type { Logger } from './logger.js';

export type AppRoute =
  | { kind: 'file'; filePath: string; contentType: string }
  | { kind: 'api'; target: string }
  | { kind: 'no-server' }
  | { kind: 'not-found' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
};

export type RouteOptions = {
  appOrigin: string;
  rendererDir: string;
  serverUrl: string | null;
  isFile: (filePath: string) => Promise<boolean>;
};

/** Decides what an app:// request is; never returns a path outside rendererDir. */
export async function routeAppRequest(requestUrl: string, options: RouteOptions): Promise<AppRoute> {
  if (!isAppUrl(requestUrl, options.appOrigin)) return { kind: 'not-found' };
  const url = new URL(requestUrl);
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    if (!options.serverUrl) return { kind: 'no-server' };
    // The path comes after the configured base (which may have a sub-path): it cannot change the host.
    return { kind: 'api', target: `${options.serverUrl}${url.pathname}${url.search}` };
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (decoded.includes('\0')) return { kind: 'not-found' };
  const root = path.resolve(options.rendererDir);
  const filePath = path.resolve(root, `.${decoded}`);
  // URL parsing folds literal "..", but %2e%2e%2f decodes to "../" only now; refuse anything outside root.
  if (filePath !== root && !filePath.startsWith(root + path.sep)) return { kind: 'not-found' };

  if (filePath !== root && (await options.isFile(filePath))) {
    return { kind: 'file', filePath, contentType: contentTypeOf(filePath) };
  }
  // Client-side routes (no file extension) get the single page, as the API does for the web build.
  if (path.extname(decoded) === '') {
    const index = path.join(root, 'index.html');
    if (await options.isFile(index)) return { kind: 'file', filePath: index, contentType: CONTENT_TYPES['.html']! };
  }
  return { kind: 'not-found' };
}

export function contentTypeOf(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

export async function isRegularFile(filePath: string): Promise<boolean> {
  try {
    return (await stat(filePath)).isFile();
  } catch {
    return false;
  }
}

export type AppProtocolOptions = {
  appOrigin: string;
  rendererDir: string;
  /** Read on every request, so a server chosen on first start takes effect without a restart. */
  serverUrl: () => string | null;
  /** Electron's net.fetch in main (proxy settings and certificates of the OS); global fetch in tests. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** The CSP header of the renderer's documents, built from the current server URL. */
  contentSecurityPolicy: () => string;
  logger: Logger;
};

// Hop-by-hop headers and the ones that would mislead the other side about who is talking.
const DROPPED_REQUEST_HEADERS = ['host', 'origin', 'referer', 'cookie', 'connection', 'content-length'];
// fetch has already decoded the body, so the upstream encoding and length no longer describe it.
const DROPPED_RESPONSE_HEADERS = [
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'set-cookie',
];

function jsonError(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The handler main passes to protocol.handle('app', ...). */
export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const route = await routeAppRequest(request.url, {
      appOrigin: options.appOrigin,
      rendererDir: options.rendererDir,
      serverUrl: options.serverUrl(),
      isFile: isRegularFile,
    });
    switch (route.kind) {
      case 'not-found':
        return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
      case 'no-server':
        return jsonError(503, 'SERVER_NOT_CONFIGURED', 'Choose your company server first.');
      case 'file': {
        const headers: Record<string, string> = {
          'content-type': route.contentType,
          'x-content-type-options': 'nosniff',
        };
        if (route.contentType.startsWith('text/html'))
          headers['content-security-policy'] = options.contentSecurityPolicy();
        return new Response(await readFile(route.filePath), { status: 200, headers });
      }
      case 'api':
        return proxy(request, route.target, options);
    }
  };
}

async function proxy(request: Request, target: string, options: AppProtocolOptions): Promise<Response> {
  const headers = new Headers(request.headers);
  for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  let upstream: Response;
  try {
    upstream = await options.fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
    });
  } catch (error) {
    options.logger.warn({ err: error, target }, 'company server unreachable');
    return jsonError(502, 'SERVER_UNREACHABLE', 'The company server cannot be reached. Check your connection.');
  }
  const responseHeaders = new Headers(upstream.headers);
  for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
  const noBody = request.method === 'HEAD' || upstream.status === 204 || upstream.status === 304;
  return new Response(noBody ? null : upstream.body, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: responseHeaders,
  });
}
