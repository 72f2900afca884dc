/**
 * Files of feedback (docs/feedback.md "Attachments", docs/storage.md): a row per upload (storage/uploads.ts),
 * pending until the storage module has checked its content, then ready to attach to a group the uploader
 * gives or edits. Reads hand out short-lived signed links, never the storage keys.
 */
import type { FeedbackAttachment } from '../../../../shared/contracts/feedback.js';
import type { AttachmentKind } from '../../../../shared/attachments.js';
import type { AttachmentStatus } from '../../../../shared/feedback.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { beginUpload, confirmUpload, ownUpload, refuseWhileConfirming, uploadRows } from '../../storage/uploads.js';

/** How long the links in a read stay valid: long enough to look through a page of feedback. */
const LINK_SECONDS = 30 * 60;

/** An attachment as the repository reads it, with the keys the links are made from. */
export type StoredAttachment = Omit<FeedbackAttachment, 'url' | 'thumbnailUrl'> & {
  storageKey: string;
  thumbnailKey: string | null;
  status: AttachmentStatus;
};

export function toAttachment(row: {
  id: number;
  kind: AttachmentKind;
  name: string;
  size: number;
  contentType: string;
}): Omit<FeedbackAttachment, 'url' | 'thumbnailUrl'> {
  return { id: row.id, kind: row.kind, name: row.name, size: row.size, contentType: row.contentType };
}

/** Signed links for stored attachments, in the reader's tenant. */
export async function withLinks(
  ctx: RequestContext,
  stored: readonly StoredAttachment[],
): Promise<FeedbackAttachment[]> {
  return Promise.all(
    stored.map(async (a) => {
      const base = toAttachment(a);
      if (a.status !== 'ready') return { ...base, url: null, thumbnailUrl: null };
      const link = (key: string) =>
        ctx.deps.storage.downloadUrl({ tenantId: ctx.tenantId, key, fileName: a.name, expiresInSeconds: LINK_SECONDS });
      return {
        ...base,
        url: await link(a.storageKey),
        thumbnailUrl: a.thumbnailKey ? await link(a.thumbnailKey) : null,
      };
    }),
  );
}

export function beginAttachment(
  ctx: RequestContext,
  body: { kind: AttachmentKind; name: string; size: number; contentType: string },
) {
  return beginUpload(ctx, 'feedbackAttachments', body, { kind: body.kind });
}

export async function confirmAttachment(ctx: RequestContext, id: number): Promise<FeedbackAttachment> {
  const row = await confirmUpload(ctx, 'feedbackAttachments', id, 'FEEDBACK_ATTACHMENT_NOT_YOURS');
  return (await withLinks(ctx, [row]))[0]!;
}

export async function deleteAttachment(ctx: RequestContext, id: number): Promise<void> {
  const row = await ownUpload(ctx, 'feedbackAttachments', id, 'FEEDBACK_ATTACHMENT_NOT_YOURS');
  if (row.groupId !== null) throw errors.coded(409, 'FEEDBACK_ATTACHMENT_ATTACHED');
  refuseWhileConfirming(row);
  if (row.status === 'ready') await ctx.deps.storage.remove({ tenantId: ctx.tenantId, keys: [row.storageKey] });
  await ctx.repo((scope) => uploadRows(scope, 'feedbackAttachments')).remove(id);
}
