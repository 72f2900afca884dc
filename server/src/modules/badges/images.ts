/**
 * Badge images through the storage module (docs/storage.md): begin (a pending row and a signed upload
 * link), confirm (content checked, re-encoded without metadata, thumbnailed; a refused file deletes the
 * row with the object), then a badge names the image. Readers get signed links, never storage keys.
 */
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { badgeControlRepository, type ImageKeys } from './control-repository.js';

/** How long the links in a read stay valid: long enough to look through a page of badges. */
const LINK_SECONDS = 30 * 60;

export type ImageLink = { url: string; thumbnailUrl: string | null };
export type ImageLinker = (keys: ImageKeys | null) => Promise<ImageLink | null>;

/** Signs the links of images in the caller's tenant. */
export function imageLinker(ctx: RequestContext): ImageLinker {
  return async (keys) => {
    if (!keys) return null;
    const link = (key: string) =>
      ctx.deps.storage.downloadUrl({
        tenantId: ctx.tenantId,
        key,
        fileName: keys.name,
        expiresInSeconds: LINK_SECONDS,
      });
    return { url: await link(keys.storageKey), thumbnailUrl: keys.thumbnailKey ? await link(keys.thumbnailKey) : null };
  };
}

export async function beginBadgeImage(
  ctx: RequestContext,
  body: { kind: 'image'; name: string; size: number; contentType: string },
) {
  const begun = await ctx.deps.storage.begin({ tenantId: ctx.tenantId, ...body });
  const id = await ctx.repo(badgeControlRepository).createPendingImage({
    uploadedBy: ctx.caller.employeeId,
    name: body.name,
    size: body.size,
    contentType: body.contentType,
    key: begun.key,
  });
  return { id, upload: begun.upload };
}

export async function confirmBadgeImage(ctx: RequestContext, id: number) {
  const repo = ctx.repo(badgeControlRepository);
  const row = await repo.getImage(id);
  if (!row) throw errors.notFound('fileNotFound');
  if (row.uploadedBy !== ctx.caller.employeeId) throw errors.coded(403, 'BADGE_IMAGE_NOT_YOURS');
  const link = imageLinker(ctx);
  if (row.status === 'ready') return { id, ...(await link(row))! };
  try {
    const confirmed = await ctx.deps.storage.confirm({
      tenantId: ctx.tenantId,
      key: row.storageKey,
      field: 'params.id',
    });
    await repo.markImageReady(id, confirmed);
    return {
      id,
      ...(await link({ storageKey: confirmed.key, thumbnailKey: confirmed.thumbnailKey, name: row.name }))!,
    };
  } catch (error) {
    // The storage module deleted the object it refused; the row goes with it.
    await repo.removeImage(id);
    throw error;
  }
}
