/**
 * Object keys. The server makes every key; clients only hand back keys it made, and each is checked
 * against this shape before any driver sees it, so a key can never name a path outside the tenant's
 * folder (no `..`, no separator of its own, no absolute path):
 *
 *   <tenantId>/pending/<kind>/<uuid>   an upload not confirmed yet (deleted after a day: the orphan job)
 *   <tenantId>/<kind>/<uuid>           a confirmed upload, its content checked
 *   <tenantId>/<kind>/<uuid>-thumb     an image's thumbnail, a video's preview frame
 *
 * Kinds are the attachments' (image, file) and `video` (leaderboard videos, which the server stores itself
 * once it has checked them: they are never pending).
 */
import { randomUUID } from 'node:crypto';
import { ATTACHMENT_KINDS, type AttachmentKind } from '../../../shared/attachments.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What a key may hold: the attachment kinds, and leaderboard videos. */
export const STORED_KINDS = [...ATTACHMENT_KINDS, 'video'] as const;
export type StoredKind = (typeof STORED_KINDS)[number];
const KINDS = STORED_KINDS.join('|');
const KEY = new RegExp(`^([1-9][0-9]{0,9})/(?:(pending)/)?(${KINDS})/(${UUID})(-thumb)?$`);

export type ParsedKey = {
  tenantId: number;
  pending: boolean;
  kind: StoredKind;
  id: string;
  thumbnail: boolean;
};

/** The parts of a key of ours, or null for anything else. */
export function parseKey(key: string): ParsedKey | null {
  const m = KEY.exec(key);
  if (!m) return null;
  const pending = m[2] === 'pending';
  const thumbnail = m[5] === '-thumb';
  if (pending && thumbnail) return null;
  return { tenantId: Number(m[1]), pending, kind: m[3] as StoredKind, id: m[4]!, thumbnail };
}

export function isKey(key: string): boolean {
  return parseKey(key) !== null;
}

/** Throws for a key the server did not make: drivers call it before touching anything. */
export function assertKey(key: string): void {
  if (!isKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

export function newPendingKey(tenantId: number, kind: AttachmentKind): string {
  return `${tenantId}/pending/${kind}/${randomUUID()}`;
}

/** A confirmed key of a kind the server stores itself (a checked video), and its preview's key. */
export function newStoredKey(tenantId: number, kind: StoredKind): { key: string; thumbnail: string } {
  const id = randomUUID();
  return { key: `${tenantId}/${kind}/${id}`, thumbnail: `${tenantId}/${kind}/${id}-thumb` };
}

export function confirmedKey(key: ParsedKey): string {
  return `${key.tenantId}/${key.kind}/${key.id}`;
}

export function thumbnailKey(key: ParsedKey): string {
  return `${key.tenantId}/${key.kind}/${key.id}-thumb`;
}

export function pendingPrefix(tenantId: number): string {
  return `${tenantId}/pending/`;
}

/**
 * A Content-Disposition that downloads as `fileName`. A name of plain characters is given as it is; any
 * other gets an ASCII fallback (quotes, backslashes and others replaced) and the exact name in RFC 5987
 * form, which every current browser reads.
 */
export function attachmentDisposition(fileName: string): string {
  if (/^[A-Za-z0-9 ._-]+$/.test(fileName)) return `attachment; filename="${fileName}"`;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
