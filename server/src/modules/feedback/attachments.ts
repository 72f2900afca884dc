/**
 * Files of feedback (docs/feedback.md "Attachments", docs/storage.md): a row per upload, pending until the
 * storage module has checked its content, then ready to attach to a group the uploader gives or edits.
 * A failed check deletes the row with the object, so a failed upload leaves nothing behind; reads hand out
 * short-lived signed links, never the storage keys.
 */
import type { FeedbackAttachment } from '../../../../shared/contracts/feedback.js';
import type { AttachmentKind } from '../../../../shared/attachments.js';
import type { RequestContext, TenantScope } from '../../http/context.js';
import { errors } from '../../http/errors.js';

/** How long the links in a read stay valid: long enough to look through a page of feedback. */
const LINK_SECONDS = 30 * 60;

/** An attachment as the repository reads it, with the keys the links are made from. */
export type StoredAttachment = Omit<FeedbackAttachment, 'url' | 'thumbnailUrl'> & {
  storageKey: string;
  thumbnailKey: string | null;
  status: 'pending' | 'ready';
};

export function attachmentRepository({ db, tenantId, now }: TenantScope) {
  return {
    async createPending(values: {
      uploadedBy: number;
      kind: AttachmentKind;
      name: string;
      size: number;
      contentType: string;
      key: string;
    }) {
      const row = await db
        .insertInto('feedbackAttachments')
        .values({
          tenantId,
          uploadedBy: values.uploadedBy,
          kind: values.kind,
          name: values.name,
          size: values.size,
          contentType: values.contentType,
          storageKey: values.key,
          status: 'pending',
          createdAt: now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    get(id: number) {
      return db
        .selectFrom('feedbackAttachments')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async markReady(
      id: number,
      values: { key: string; thumbnailKey: string | null; size: number; contentType: string },
    ) {
      await db
        .updateTable('feedbackAttachments')
        .set({
          status: 'ready',
          storageKey: values.key,
          thumbnailKey: values.thumbnailKey,
          size: values.size,
          contentType: values.contentType,
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number) {
      await db.deleteFrom('feedbackAttachments').where('tenantId', '=', tenantId).where('id', '=', id).execute();
    },
  };
}

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

/** The caller's own upload, or 404 (none in the tenant) / 403 (someone else's). */
async function ownUpload(ctx: RequestContext, id: number) {
  const row = await ctx.repo(attachmentRepository).get(id);
  if (!row) throw errors.notFound('fileNotFound');
  if (row.uploadedBy !== ctx.caller.employeeId) throw errors.coded(403, 'FEEDBACK_ATTACHMENT_NOT_YOURS');
  return row;
}

export async function beginAttachment(
  ctx: RequestContext,
  body: { kind: AttachmentKind; name: string; size: number; contentType: string },
) {
  const begun = await ctx.deps.storage.begin({ tenantId: ctx.tenantId, ...body });
  const id = await ctx
    .repo(attachmentRepository)
    .createPending({ uploadedBy: ctx.caller.employeeId, ...body, key: begun.key });
  return { id, upload: begun.upload };
}

export async function confirmAttachment(ctx: RequestContext, id: number): Promise<FeedbackAttachment> {
  const row = await ownUpload(ctx, id);
  const repo = ctx.repo(attachmentRepository);
  if (row.status === 'ready') return (await withLinks(ctx, [row]))[0]!;
  try {
    const confirmed = await ctx.deps.storage.confirm({
      tenantId: ctx.tenantId,
      key: row.storageKey,
      field: 'params.id',
    });
    await repo.markReady(id, confirmed);
    return (await withLinks(ctx, [{ ...row, ...confirmed, storageKey: confirmed.key, status: 'ready' }]))[0]!;
  } catch (error) {
    // The storage module deleted the object it refused; the row goes with it.
    await repo.remove(id);
    throw error;
  }
}

export async function deleteAttachment(ctx: RequestContext, id: number): Promise<void> {
  const row = await ownUpload(ctx, id);
  if (row.groupId !== null) throw errors.coded(409, 'FEEDBACK_ATTACHMENT_ATTACHED');
  if (row.status === 'ready') await ctx.deps.storage.remove({ tenantId: ctx.tenantId, keys: [row.storageKey] });
  await ctx.repo(attachmentRepository).remove(id);
}
