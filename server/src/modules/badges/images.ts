/**
 * Badge images through the storage module (docs/storage.md): begin (a pending row and a signed upload
 * link), confirm (content checked, re-encoded without metadata, thumbnailed; a refused file deletes the
 * row with the object), then a badge names the image. Readers get signed links, never storage keys.
 */
import type { RequestContext } from '../../http/context.js';
import { beginUpload, confirmUpload } from '../../storage/uploads.js';
import type { ImageKeys } from './control-repository.js';

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

export function beginBadgeImage(
  ctx: RequestContext,
  body: { kind: 'image'; name: string; size: number; contentType: string },
) {
  return beginUpload(ctx, 'badgeImages', body, {});
}

export async function confirmBadgeImage(ctx: RequestContext, id: number) {
  const row = await confirmUpload(ctx, 'badgeImages', id, 'BADGE_IMAGE_NOT_YOURS');
  return { id, ...(await imageLinker(ctx)(row))! };
}
