/**
 * The upload flow every module uses (docs/storage.md), on either driver:
 *
 * 1. `begin` checks the declared file with the shared rules (shared/attachments.ts) and answers a signed
 *    PUT to a pending key, valid 15 minutes, for exactly that size and content type.
 * 2. The client PUTs the bytes there (S3 itself, or this server's upload route for the local driver).
 * 3. `confirm` reads the uploaded object, checks its bytes against the declared type, re-encodes images
 *    and makes their thumbnail, and moves it to its confirmed key. A mismatch deletes the upload and
 *    answers a field error. Only then does the calling module write its rows, so a failed upload leaves
 *    no row; and if its own write fails it calls `remove`.
 * 4. `downloadUrl` signs a short-lived GET that downloads under the file's name.
 *
 * Uploads never confirmed are deleted by the `storage-orphans` job (server/src/jobs/jobs.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  attachmentIssues,
  isAllowedContentType,
  MAX_ATTACHMENT_BYTES,
  type AttachmentDeclaration,
  type AttachmentKind,
  type ImageContentType,
} from '../../../shared/attachments.js';
import { validation as V } from '../../../shared/i18n/en/validation.js';
import { errors } from '../http/errors.js';
import { checkImage, contentMatches, MAX_INPUT_PIXELS, processImage } from './content.js';
import {
  confirmedKey,
  newPendingKey,
  newStoredKey,
  parseKey,
  pendingPrefix,
  thumbnailKey,
  type ParsedKey,
} from './keys.js';
import type { Storage, UploadTarget } from './types.js';

/** How long a signed upload stays valid. */
export const UPLOAD_LINK_SECONDS = 15 * 60;
/** A download link's default life; a caller may ask for 1 second to 1 hour. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;
export const MAX_DOWNLOAD_LINK_SECONDS = 60 * 60;
/** A pending upload older than this was abandoned: the orphan job deletes it. */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;

export type BeginUpload = AttachmentDeclaration & { tenantId: number };
export type BegunUpload = { key: string; upload: UploadTarget };

export type ConfirmedUpload = {
  key: string;
  kind: AttachmentKind;
  contentType: string;
  size: number;
  /** An image's thumbnail (WebP), null for files and for images kept as uploaded. */
  thumbnailKey: string | null;
};

export type StorageService = {
  readonly driver: Storage;
  /**
   * The origin of the driver's links when they leave this server (the S3 bucket's), which the web app's
   * Content-Security-Policy must allow for uploads and images; null for the local driver.
   */
  readonly linkOrigin: string | null;
  begin(input: BeginUpload): Promise<BegunUpload>;
  /** `field` names the request field that carried the key, for the error (default `body.key`). */
  confirm(input: { tenantId: number; key: string; field?: string }): Promise<ConfirmedUpload>;
  downloadUrl(input: { tenantId: number; key: string; fileName: string; expiresInSeconds?: number }): Promise<string>;
  /**
   * Stores a file the calling module has checked itself (a leaderboard video, read by ffprobe; the company
   * logo, read by sharp), with its preview image, under new confirmed keys of the tenant. Nothing is pending: the module writes its row
   * next, and calls `remove` if that fails.
   */
  store(input: {
    tenantId: number;
    kind: 'video' | 'image';
    body: Buffer;
    contentType: string;
    preview: { body: Buffer; contentType: string } | null;
  }): Promise<{ key: string; previewKey: string | null }>;
  /** Deletes confirmed uploads (and an image's thumbnail, a video's preview) of the tenant; absent keys are no error. */
  remove(input: { tenantId: number; keys: readonly string[] }): Promise<void>;
  /** Deletes the tenant's uploads begun more than a day ago and never confirmed; answers how many. */
  purgeOrphans(tenantId: number): Promise<{ deleted: number }>;
};

export function createStorageService(
  driver: Storage,
  deps: { now: () => Date; log: FastifyBaseLogger },
  linkOrigin: string | null = null,
): StorageService {
  /** A key of this tenant in the state asked, else the same 404 as a missing upload. */
  function ownKey(
    tenantId: number,
    key: string,
    state: 'pending' | 'confirmed',
    field: string,
  ): ParsedKey & { kind: AttachmentKind } {
    const parsed = parseKey(key);
    if (
      !parsed ||
      parsed.tenantId !== tenantId ||
      parsed.pending !== (state === 'pending') ||
      parsed.thumbnail ||
      parsed.kind === 'video'
    )
      throw errors.validation([{ path: field, message: V.fileNotUploaded }]);
    return { ...parsed, kind: parsed.kind };
  }

  return {
    driver,
    linkOrigin,
    async begin(input) {
      const issues = attachmentIssues(input);
      if (issues.length > 0)
        throw errors.validation(issues.map((i) => ({ path: `body.${i.field}`, message: i.message })));
      const key = newPendingKey(input.tenantId, input.kind);
      const upload = await driver.uploadUrl(key, {
        contentType: input.contentType,
        size: input.size,
        expiresInSeconds: UPLOAD_LINK_SECONDS,
      });
      return { key, upload };
    },

    async confirm({ tenantId, key, field = 'body.key' }) {
      const parsed = ownKey(tenantId, key, 'pending', field);
      const fail = async (message: string) => {
        await driver.delete([key]);
        return errors.validation([{ path: field, message }]);
      };
      const stored = await driver.head(key);
      if (!stored) throw errors.validation([{ path: field, message: V.fileNotUploaded }]);
      const { contentType, size } = stored;
      // Signed into the upload; checked again in case a driver or server let other bytes through.
      if (!isAllowedContentType(parsed.kind, contentType) || size === 0 || size >= MAX_ATTACHMENT_BYTES)
        throw await fail(V.fileSizeMismatch);
      const mismatch = () => fail(V.fileContentMismatch.replace('{{type}}', contentType));
      const target = confirmedKey(parsed);

      if (parsed.kind === 'image') {
        const body = await driver.getStream(key);
        if (!body) throw errors.validation([{ path: field, message: V.fileNotUploaded }]);
        const bytes = await buffer(body);
        const type = contentType as ImageContentType;
        const check = await checkImage(type, bytes);
        if (check === 'mismatch') throw await mismatch();
        if (check === 'too-large')
          throw await fail(V.imagePixels.replace('{{max}}', String(MAX_INPUT_PIXELS / 1_000_000)));
        const image = await processImage(type, bytes, (error) =>
          deps.log.warn({ err: error, key }, 'image compression failed; the checked original is kept'),
        );
        await driver.put(target, image.data, contentType);
        const thumb = image.thumbnail ? thumbnailKey(parsed) : null;
        if (thumb && image.thumbnail) await driver.put(thumb, image.thumbnail, 'image/webp');
        await driver.delete([key]);
        return { key: target, kind: parsed.kind, contentType, size: image.data.length, thumbnailKey: thumb };
      }

      // Moved first and checked where it now lies: another PUT with the same link (valid 15 minutes) cannot
      // swap the bytes between the check and the move.
      try {
        await driver.move(key, target);
      } catch (error) {
        // A second confirm of the same upload, running at once, lost the race.
        if (!(await driver.exists(key))) throw errors.validation([{ path: field, message: V.fileNotUploaded }]);
        throw error;
      }
      const moved = await driver.head(target);
      const body = moved ? await driver.getStream(target) : null;
      if (!moved || !body) throw errors.validation([{ path: field, message: V.fileNotUploaded }]);
      if (!(await contentMatches(contentType, body))) {
        await driver.delete([target]);
        throw errors.validation([{ path: field, message: V.fileContentMismatch.replace('{{type}}', contentType) }]);
      }
      return { key: target, kind: parsed.kind, contentType, size: moved.size, thumbnailKey: null };
    },

    async downloadUrl({ tenantId, key, fileName, expiresInSeconds = DOWNLOAD_LINK_SECONDS }) {
      const parsed = parseKey(key);
      if (!parsed || parsed.tenantId !== tenantId || parsed.pending) throw errors.notFound('fileNotFound');
      const seconds = Math.min(Math.max(1, Math.floor(expiresInSeconds)), MAX_DOWNLOAD_LINK_SECONDS);
      return driver.downloadUrl(key, { fileName, expiresInSeconds: seconds });
    },

    async store({ tenantId, kind, body, contentType, preview }) {
      const keys = newStoredKey(tenantId, kind);
      await driver.put(keys.key, body, contentType);
      if (!preview) return { key: keys.key, previewKey: null };
      try {
        await driver.put(keys.thumbnail, preview.body, preview.contentType);
      } catch (error) {
        await driver.delete([keys.key]);
        throw error;
      }
      return { key: keys.key, previewKey: keys.thumbnail };
    },

    async remove({ tenantId, keys }) {
      const doomed: string[] = [];
      for (const key of keys) {
        const parsed = parseKey(key);
        if (!parsed || parsed.tenantId !== tenantId) throw errors.notFound('fileNotFound');
        doomed.push(key);
        if ((parsed.kind === 'image' || parsed.kind === 'video') && !parsed.pending && !parsed.thumbnail)
          doomed.push(thumbnailKey(parsed));
      }
      await driver.delete(doomed);
    },

    async purgeOrphans(tenantId) {
      const before = deps.now().getTime() - ORPHAN_AFTER_MS;
      const old: string[] = [];
      for await (const item of driver.list(pendingPrefix(tenantId))) {
        if (item.lastModified.getTime() < before) old.push(item.key);
      }
      await driver.delete(old);
      return { deleted: old.length };
    },
  };
}

/** For tests and callers holding bytes already: the whole object, or null. */
export async function readObject(driver: Storage, key: string): Promise<Buffer | null> {
  const body = await driver.getStream(key);
  return body ? buffer(body as Readable) : null;
}
