/**
 * The rows a module keeps of its uploads (feedback attachments, badge images; docs/storage.md): one per
 * upload, pending until the storage module has checked its content, then ready with the keys it was moved
 * to. Only the uploader confirms or deletes their upload; a refused file deletes the row with the object,
 * so a failed upload leaves nothing behind. The two tables are alike but for what an attachment adds (its
 * kind and group), so both are written here one way.
 */
import type { Generated, Kysely, Selectable } from 'kysely';
import type { AttachmentDeclaration, AttachmentKind } from '../../../shared/attachments.js';
import type { ErrorCode } from '../../../shared/messages.js';
import { ownedRows, type Bound } from '../db/owned.js';
import type { BadgeImageTable, Database } from '../db/schema.js';
import type { RequestContext } from '../http/context.js';
import { errors } from '../http/errors.js';
import type { ConfirmedUpload } from './service.js';

/** The tables of uploads and what the module's declaration adds to a row of each. */
type Extra = { feedbackAttachments: { kind: AttachmentKind }; badgeImages: Record<never, never> };
export type UploadTable = keyof Extra;

/** The columns both tables have: a badge image's but its demo mark (an upload is never the demo's). */
type StoredUpload = Omit<Selectable<BadgeImageTable>, 'isDemo'>;
/** A row of the table, its shared columns known to the flows below. */
export type UploadRow<T extends UploadTable> = StoredUpload & Selectable<Database[T]>;

/** Either table seen as one (like security/api-keys.ts): Kysely sends the real table name. */
type UploadsView = Kysely<{ uploads: Omit<StoredUpload, 'id'> & { id: Generated<number>; kind?: AttachmentKind } }>;

/** An upload's rows in one table, bound to a tenant. */
export function uploadRows<T extends UploadTable>(scope: Bound, table: T) {
  const { db, tenantId, now } = scope;
  const view = db as unknown as UploadsView;
  const uploads = table as unknown as 'uploads';
  const rows = ownedRows(scope);
  return {
    async createPending(
      values: { uploadedBy: number; name: string; size: number; contentType: string; key: string } & Extra[T],
    ) {
      const { key, ...declared } = values;
      const row = await view
        .insertInto(uploads)
        .values({ tenantId, ...declared, storageKey: key, status: 'pending', createdAt: now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async get(id: number): Promise<UploadRow<T> | undefined> {
      const row: unknown = await rows.find(table, id);
      return row as UploadRow<T> | undefined;
    },

    /** The checked file's keys, size and type (`confirm`'s answer); the row is ready. */
    async markReady(id: number, confirmed: Pick<ConfirmedUpload, 'key' | 'thumbnailKey' | 'size' | 'contentType'>) {
      await view
        .updateTable(uploads)
        .set({
          status: 'ready',
          storageKey: confirmed.key,
          thumbnailKey: confirmed.thumbnailKey,
          size: confirmed.size,
          contentType: confirmed.contentType,
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .execute();
    },

    remove: (id: number) => rows.remove(table, id),
  };
}

/** Begins an upload for the caller: the pending row, and the signed target the client PUTs the bytes to. */
export async function beginUpload<T extends UploadTable>(
  ctx: RequestContext,
  table: T,
  declared: AttachmentDeclaration,
  extra: Extra[T],
) {
  const begun = await ctx.deps.storage.begin({ tenantId: ctx.tenantId, ...declared });
  const { name, size, contentType } = declared;
  const id = await ctx
    .repo((scope) => uploadRows(scope, table))
    .createPending({
      uploadedBy: ctx.caller.employeeId,
      name,
      size,
      contentType,
      key: begun.key,
      ...extra,
    });
  return { id, upload: begun.upload };
}

/** The caller's own upload: 404 when the tenant has none with this id, 403 (`notYours`) someone else's. */
export async function ownUpload<T extends UploadTable>(ctx: RequestContext, table: T, id: number, notYours: ErrorCode) {
  const row = await ctx.repo((scope) => uploadRows(scope, table)).get(id);
  if (!row) throw errors.notFound('fileNotFound');
  if (row.uploadedBy !== ctx.caller.employeeId) throw errors.coded(403, notYours);
  return row;
}

/**
 * Confirms the caller's upload once its bytes are there: the storage module checks and moves them, and the
 * row becomes ready (one already ready is answered as it is). A refused file deletes the row too.
 */
export async function confirmUpload<T extends UploadTable>(
  ctx: RequestContext,
  table: T,
  id: number,
  notYours: ErrorCode,
): Promise<UploadRow<T>> {
  const row = await ownUpload(ctx, table, id, notYours);
  if (row.status === 'ready') return row;
  const repo = ctx.repo((scope) => uploadRows(scope, table));
  try {
    const confirmed = await ctx.deps.storage.confirm({
      tenantId: ctx.tenantId,
      key: row.storageKey,
      field: 'params.id',
    });
    await repo.markReady(id, confirmed);
    const { key, thumbnailKey, size, contentType } = confirmed;
    return { ...row, storageKey: key, thumbnailKey, size, contentType, status: 'ready' };
  } catch (error) {
    // The storage module deleted the object it refused; the row goes with it.
    await repo.remove(id);
    throw error;
  }
}
