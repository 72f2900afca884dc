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
import { AppError, errors } from '../http/errors.js';
import type { Deps } from '../deps.js';
import { ORPHAN_AFTER_MS, type ConfirmedUpload } from './service.js';

/** The tables of uploads and what the module's declaration adds to a row of each. */
type Extra = { feedbackAttachments: { kind: AttachmentKind }; badgeImages: Record<never, never> };
export type UploadTable = keyof Extra;

/** The columns both tables have: a badge image's but its demo mark (an upload is never the demo's). */
type StoredUpload = Omit<Selectable<BadgeImageTable>, 'isDemo'>;
/** A row of the table, its shared columns known to the flows below. */
export type UploadRow<T extends UploadTable> = StoredUpload & Selectable<Database[T]>;

/** Either table seen as one (like security/api-keys.ts): Kysely sends the real table name. */
type UploadsView = Kysely<{
  uploads: Omit<StoredUpload, 'id' | 'claimedAt'> & {
    id: Generated<number>;
    claimedAt: string | null;
    kind?: AttachmentKind;
  };
}>;

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

    /**
     * Claims a pending upload for one confirm (status `confirming`), or takes over a claim older than
     * `CLAIM_STALE_MS`, left by a process that stopped mid-check. False when another confirm holds it, or
     * it is ready or gone: the caller reads the row again to say which.
     */
    async claim(id: number): Promise<boolean> {
      const at = now();
      const stale = new Date(at.getTime() - CLAIM_STALE_MS).toISOString();
      const claimed = await view
        .updateTable(uploads)
        .set({ status: 'confirming', claimedAt: at.toISOString() })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'confirming'), eb('claimedAt', '<', stale)])]),
        )
        .executeTakeFirst();
      return claimed.numUpdatedRows > 0n;
    },

    /** Gives a claimed upload back (a failure that refused nothing): a later confirm may try again. */
    async release(id: number) {
      await view
        .updateTable(uploads)
        .set({ status: 'pending', claimedAt: null })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'confirming')
        .execute();
    },

    /** The checked file's keys, size and type (`confirm`'s answer); the claimed row is ready. */
    async markReady(id: number, confirmed: Pick<ConfirmedUpload, 'key' | 'thumbnailKey' | 'size' | 'contentType'>) {
      await view
        .updateTable(uploads)
        .set({
          status: 'ready',
          claimedAt: null,
          storageKey: confirmed.key,
          thumbnailKey: confirmed.thumbnailKey,
          size: confirmed.size,
          contentType: confirmed.contentType,
        })
        .where('tenantId', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 'confirming')
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
 * A confirm's claim older than this was left by a process that stopped mid-check (a confirm checks one file
 * of at most 25 MB: seconds, not minutes), and another confirm may take it over.
 */
export const CLAIM_STALE_MS = 5 * 60 * 1000;

/**
 * Confirms the caller's upload once its bytes are there: the row is claimed (so two confirms at once cannot
 * both check and move the object), the storage module checks and moves the bytes, and the row becomes
 * ready. One already ready is answered as it is; one another confirm is checking answers 409
 * `UPLOAD_CONFIRMING`. A refused file (400) deletes the row too; any other failure gives the claim back, so
 * the file may be confirmed again.
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
  if (!(await repo.claim(id))) {
    const current = await repo.get(id);
    if (!current) throw errors.notFound('fileNotFound');
    if (current.status === 'ready') return current;
    throw errors.coded(409, 'UPLOAD_CONFIRMING');
  }
  let confirmed: ConfirmedUpload;
  try {
    confirmed = await ctx.deps.storage.confirm({ tenantId: ctx.tenantId, key: row.storageKey, field: 'params.id' });
  } catch (error) {
    // A refusal: the storage module deleted the object it refused, and the row goes with it.
    if (error instanceof AppError && error.statusCode === 400) await repo.remove(id);
    else await repo.release(id);
    throw error;
  }
  await repo.markReady(id, confirmed);
  const { key, thumbnailKey, size, contentType } = confirmed;
  return { ...row, storageKey: key, thumbnailKey, size, contentType, status: 'ready', claimedAt: null };
}

/** 409 `UPLOAD_CONFIRMING` while a confirm is checking the upload: removing it then would orphan its file. */
export function refuseWhileConfirming(row: { status: string }) {
  if (row.status === 'confirming') throw errors.coded(409, 'UPLOAD_CONFIRMING');
}

/**
 * The storage-orphans job's other half: the rows of uploads abandoned a day ago (the orphan purge deletes
 * their pending files at the same age, so such a row could only ever be refused). A pending row counts from
 * its creation, a claimed one from its claim; ready rows are their modules' to keep or sweep.
 */
export async function purgeAbandonedUploads(deps: Deps, tenantId: number): Promise<{ rows: number }> {
  const before = new Date(deps.now().getTime() - ORPHAN_AFTER_MS).toISOString();
  let rows = 0;
  for (const table of ['feedbackAttachments', 'badgeImages'] as const) {
    const view = deps.db as unknown as UploadsView;
    const removed = await view
      .deleteFrom(table as unknown as 'uploads')
      .where('tenantId', '=', tenantId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('createdAt', '<', before)]),
          eb.and([eb('status', '=', 'confirming'), eb('claimedAt', '<', before)]),
        ]),
      )
      .executeTakeFirst();
    rows += Number(removed.numDeletedRows);
  }
  return { rows };
}
