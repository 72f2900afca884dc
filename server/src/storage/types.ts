/**
 * The storage drivers' interface (docs/storage.md). Two drivers implement it: local disk under
 * DATA_DIR/files (local.ts) and S3-compatible object storage (s3.ts). Keys are made by the server only
 * (keys.ts); every driver refuses a key outside that shape. The upload flow on top (begin, confirm) is
 * service.ts.
 */
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of an object, both included (an HTTP range). */
export type ByteRange = { start: number; end: number };

export type StoredObject = {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
};

/** What the client does to upload: a PUT of the bytes to `url` with exactly these headers. */
export type UploadTarget = {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
};

export type Storage = {
  readonly driver: 'local' | 's3';
  /** Writes an object whole, replacing any object of that key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The object's bytes as a stream, or only bytes `start` to `end` (inclusive, both within the object: the
   * caller checks the range against `head`); null when there is no such object.
   */
  getStream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The object's size, type and time, or null when there is none. */
  head(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the objects that exist among these keys; absent keys are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Moves an object to another key (the upload's confirmation). */
  move(from: string, to: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** A pre-signed (S3) or HMAC-signed (local) PUT of exactly `size` bytes of `contentType`. */
  uploadUrl(
    key: string,
    options: { contentType: string; size: number; expiresInSeconds: number },
  ): Promise<UploadTarget>;
  /** A pre-signed (S3) or HMAC-signed (local) GET that downloads as `fileName`. */
  downloadUrl(key: string, options: { fileName: string; expiresInSeconds: number }): Promise<string>;
};
