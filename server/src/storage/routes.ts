/**
 * The local driver's two signed routes (docs/storage.md). With the S3 driver nothing signs these links
 * and both answer 404. The upload route reads the raw body itself (any content type, streamed to disk,
 * stopped past the signed size), so it is registered in its own scope where no body parser runs.
 */
import { storageEndpoints } from '../../../shared/endpoints/storage.js';
import type { Deps } from '../deps.js';
import { defineRoutes, type RouteModule } from '../http/endpoints.js';
import { AppError, errors } from '../http/errors.js';
import { attachmentDisposition } from './keys.js';
import type { LocalStorage } from './local.js';
import type { ByteRange } from './types.js';
import { MESSAGES } from '../../../shared/messages.js';

function localDriver(deps: Deps): LocalStorage {
  const driver = deps.storage.driver;
  if (driver.driver !== 'local') throw errors.notFound('fileNotFound');
  return driver as LocalStorage;
}

function linkError(reason: 'invalid' | 'expired') {
  return errors.coded(403, reason === 'expired' ? 'FILE_LINK_EXPIRED' : 'FILE_LINK_INVALID');
}

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2), so a video player can seek: `bytes=a-b`,
 * `bytes=a-` or the last n bytes `bytes=-n`, clipped to the file. null for no range, or a header this does
 * not serve (several ranges, another unit, bad syntax), which the RFC lets a server answer with the whole
 * file; 'unsatisfiable' for a range that starts past the end (416).
 */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The upload declares a raw body (`consumes`): the endpoint map streams it to the handler unparsed. */
export const storageRoutes: RouteModule = defineRoutes(storageEndpoints, {
  downloadStoredFile: async (ctx, { query }, { request, reply }) => {
    const driver = localDriver(ctx.deps);
    const check = driver.links.verify(query.token, 'get', ctx.now());
    if (!check.ok) throw linkError(check.reason);
    if (check.claims.op !== 'get') throw linkError('invalid');
    const stored = await driver.head(check.claims.key);
    if (!stored) throw errors.notFound('fileNotFound');
    const range = byteRange(request.headers.range, stored.size);
    if (range === 'unsatisfiable')
      throw new AppError(416, 'RANGE_NOT_SATISFIABLE', MESSAGES.RANGE_NOT_SATISFIABLE, undefined, {
        'content-range': `bytes */${stored.size}`,
      });
    const body = await driver.getStream(check.claims.key, range ?? undefined);
    if (!body) throw errors.notFound('fileNotFound');
    const secondsLeft = Math.max(0, check.claims.exp - Math.floor(ctx.now().getTime() / 1000));
    if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
    void reply
      .header('content-type', stored.contentType)
      .header('content-length', String(range ? range.end - range.start + 1 : stored.size))
      .header('accept-ranges', 'bytes')
      .header('content-disposition', attachmentDisposition(check.claims.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', `private, max-age=${secondsLeft}`);
    // Fastify pipes a stream as it is; the response schema only describes it for the OpenAPI document.
    return body as unknown as string;
  },
  uploadStoredFile: async (ctx, { query, body }, { request }) => {
    const driver = localDriver(ctx.deps);
    const check = driver.links.verify(query.token, 'put', ctx.now());
    if (!check.ok) throw linkError(check.reason);
    if (check.claims.op !== 'put') throw linkError('invalid');
    const { key, type, size } = check.claims;
    // As S3 does with a signed Content-Type and Content-Length: the request must send what was signed.
    const sentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (sentType !== type) throw errors.coded(400, 'FILE_TYPE_MISMATCH', { expected: type });
    const sentLength = request.headers['content-length'];
    if (sentLength !== undefined && Number(sentLength) > size)
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: size });
    if (sentLength !== undefined && Number(sentLength) !== size) throw errors.coded(400, 'FILE_SIZE_MISMATCH');
    const outcome = await driver.writeStream(key, body, type, size);
    if (outcome === 'too-large')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: size });
    if (outcome === 'too-small') throw errors.coded(400, 'FILE_SIZE_MISMATCH');
    return undefined;
  },
});
