/**
 * The local driver's two signed routes (docs/storage.md). With the S3 driver nothing signs these links
 * and both answer 404. The upload route reads the raw body itself (any content type, streamed to disk,
 * stopped past the signed size), so it is registered in its own scope where no body parser runs.
 */
import type { FastifyInstance } from 'fastify';
import { storageEndpoints } from '../../../shared/endpoints/storage.js';
import type { Deps } from '../deps.js';
import { defineRoutes, type RouteModule } from '../http/endpoints.js';
import { AppError, errors } from '../http/errors.js';
import { attachmentDisposition } from './keys.js';
import type { LocalStorage } from './local.js';

function localDriver(deps: Deps): LocalStorage {
  const driver = deps.storage.driver;
  if (driver.driver !== 'local') throw errors.notFound('fileNotFound');
  return driver as LocalStorage;
}

function linkError(reason: 'invalid' | 'expired') {
  return errors.coded(403, reason === 'expired' ? 'FILE_LINK_EXPIRED' : 'FILE_LINK_INVALID');
}

const routes = defineRoutes(storageEndpoints, {
  downloadStoredFile: async (ctx, { query }, { reply }) => {
    const driver = localDriver(ctx.deps);
    const check = driver.links.verify(query.token, 'get', ctx.now());
    if (!check.ok) throw linkError(check.reason);
    if (check.claims.op !== 'get') throw linkError('invalid');
    const stored = await driver.head(check.claims.key);
    const body = stored ? await driver.getStream(check.claims.key) : null;
    if (!stored || !body) throw errors.notFound('fileNotFound');
    const secondsLeft = Math.max(0, check.claims.exp - Math.floor(ctx.now().getTime() / 1000));
    void reply
      .header('content-type', stored.contentType)
      .header('content-length', String(stored.size))
      .header('content-disposition', attachmentDisposition(check.claims.name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', `private, max-age=${secondsLeft}`);
    // Fastify pipes a stream as it is; the response schema only describes it for the OpenAPI document.
    return body as unknown as string;
  },
  uploadStoredFile: async (ctx, { query }, { request }) => {
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
    const outcome = await driver.writeStream(key, request.raw, type, size);
    if (outcome === 'too-large')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: size });
    if (outcome === 'too-small') throw errors.coded(400, 'FILE_SIZE_MISMATCH');
    return undefined;
  },
});

export const storageRoutes: RouteModule = {
  register(app: FastifyInstance, deps: Deps) {
    void app.register(async (scope) => {
      // The upload route streams any content type itself; nothing is buffered or parsed before it.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      routes.register(scope, deps);
    });
  },
};
