/**
 * The company logo (docs/storage.md, "The company logo"): uploaded as raw bytes, checked here from the bytes
 * (type by magic numbers, dimensions by sharp) against the spec's limits (shared/logo.ts), stored without
 * metadata through the storage module, and served publicly under a random id that only the sign-in lookup
 * of the company's addresses and signed-in answers name.
 */
import sharp from 'sharp';
import type { RawBody } from '../../../../shared/endpoints/define.js';
import { sniffImageType } from '../../../../shared/images.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { LOGO_MAX_BYTES, logoIssue, type LogoFacts } from '../../../../shared/logo.js';
import type { Db } from '../../db/engine.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { processImage } from '../../storage/content.js';
import { readObject, type StorageService } from '../../storage/service.js';
import { tenantRepository } from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The body's bytes, or 'too-large' as soon as they reach the limit (a logo must be under it). */
async function readLimited(body: RawBody, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size >= limit) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The facts the rules need, read from the bytes: never from the declared type or name. */
async function factsOf(bytes: Buffer): Promise<LogoFacts> {
  const type = sniffImageType(bytes);
  if (!type) return { type: null, size: bytes.length };
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (`image/${meta.format}` !== type) return { type: null, size: bytes.length };
    return { type, size: bytes.length, width: meta.width, height: meta.height };
  } catch {
    return { type: null, size: bytes.length };
  }
}

/** PUT /api/tenant/logo: checks, stores, then points the tenant at it and deletes the earlier logo. */
export async function uploadLogo(ctx: RequestContext, body: RawBody, declaredLength: number | undefined) {
  const refuse = (message: string) => errors.validation([{ path: 'body', message }]);
  if (declaredLength !== undefined && declaredLength >= LOGO_MAX_BYTES) throw refuse(V.logoSize);
  const bytes = await readLimited(body, LOGO_MAX_BYTES);
  if (bytes === 'too-large') throw refuse(V.logoSize);
  const facts = await factsOf(bytes);
  const issue = logoIssue(facts);
  if (issue) throw refuse(issue);
  const type = facts.type as 'image/png' | 'image/jpeg' | 'image/webp';
  const image = await processImage(type, bytes, (error) =>
    ctx.log.warn({ err: error, tenantId: ctx.tenantId }, 'logo compression failed; the checked original is kept'),
  );
  const stored = await ctx.deps.storage.store({
    tenantId: ctx.tenantId,
    kind: 'image',
    body: image.data,
    contentType: type,
    preview: null,
  });
  const tenants = ctx.repo(tenantRepository);
  let earlier: string | null;
  try {
    earlier = await tenants.setLogoKey(stored.key);
  } catch (error) {
    await removeQuietly(ctx, stored.key);
    throw error;
  }
  if (earlier) await removeQuietly(ctx, earlier);
  return tenants.view();
}

/** DELETE /api/tenant/logo: the header and the sign-in page go back to the company's initials. */
export async function removeLogo(ctx: RequestContext) {
  const tenants = ctx.repo(tenantRepository);
  const earlier = await tenants.setLogoKey(null);
  if (earlier) await removeQuietly(ctx, earlier);
  return tenants.view();
}

async function removeQuietly(ctx: RequestContext, key: string) {
  await ctx.deps.storage
    .remove({ tenantId: ctx.tenantId, keys: [key] })
    .catch((error: unknown) => ctx.log.warn({ err: error, key }, 'a company logo’s file was not deleted'));
}

/** GET /api/tenant-logos/:logoId: the bytes and type of the logo of that id, or 404. */
export async function readLogo(
  deps: { db: Db; storage: StorageService },
  logoId: string,
): Promise<{ contentType: string; data: Buffer }> {
  if (!UUID.test(logoId)) throw errors.notFound('fileNotFound');
  const tenant = await deps.db
    .selectFrom('tenants')
    .select(['id', 'logoKey'])
    .where('logoKey', 'like', `%/image/${logoId}`)
    .executeTakeFirst();
  if (!tenant?.logoKey) throw errors.notFound('fileNotFound');
  const [head, data] = await Promise.all([
    deps.storage.driver.head(tenant.logoKey),
    readObject(deps.storage.driver, tenant.logoKey),
  ]);
  if (!head || !data) throw errors.notFound('fileNotFound');
  return { contentType: head.contentType, data };
}
