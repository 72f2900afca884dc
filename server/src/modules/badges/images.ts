/**
 * Badge images through the storage module (docs/storage.md): begin (a pending row and a signed upload
 * link), confirm (content checked, re-encoded without metadata, thumbnailed; a refused file deletes the
 * row with the object), then a badge names the image. Readers get signed links, never storage keys. An image
 * leaves with its badge's next image (control-repository.ts), or, confirmed and used by no badge for a day,
 * with the daily sweep below.
 */
import { lockTenantRow } from '../../db/tenant-lock.js';
import type { Deps } from '../../deps.js';
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

/** A confirmed image no badge has used for this long was left by a form never saved (or a badge gone). */
export const UNUSED_IMAGE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The `badge-images` job for one tenant: deletes the confirmed images made over a day ago that no badge uses,
 * rows first, then their files. Under the tenant's row lock, which every write setting a badge's image takes
 * too, so an image is either given to a badge before the sweep looks, or gone before the badge's write
 * checks it (then refused as unknown): never deleted under a badge. A file whose deletion fails after the
 * rows went stays stored (the run fails and is logged); an image in use is never at risk.
 */
export async function sweepUnusedImages(deps: Deps, tenantId: number): Promise<{ deleted: number }> {
  const before = new Date(deps.now().getTime() - UNUSED_IMAGE_AFTER_MS).toISOString();
  const removed = await deps.db.transaction().execute(async (trx) => {
    await lockTenantRow(trx, tenantId);
    return trx
      .deleteFrom('badgeImages')
      .where('tenantId', '=', tenantId)
      .where('status', '=', 'ready')
      .where('createdAt', '<', before)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('badges as b').select('b.id').whereRef('b.imageId', '=', 'badgeImages.id'))),
      )
      .returning('storageKey')
      .execute();
  });
  if (removed.length > 0) await deps.storage.remove({ tenantId, keys: removed.map((r) => r.storageKey) });
  return { deleted: removed.length };
}
