/**
 * The S3 driver: AWS S3 or any S3-compatible server (MinIO, Ceph), through the AWS SDK v3. Uploads are
 * pre-signed PUTs that sign the content type and the exact length, so the server refuses other bytes;
 * downloads are pre-signed GETs that name the download file and keep the stored content type.
 * Checksums are sent only where S3 requires them: a browser cannot add the SDK's checksum headers to a
 * pre-signed PUT, and several S3-compatible servers refuse them.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { StorageConfig } from '../config.js';
import { assertKey, attachmentDisposition, isKey } from './keys.js';
import type { Storage } from './types.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

export function createS3Storage(config: S3Config, now: () => Date): Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    forcePathStyle: config.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  async function head(key: string) {
    assertKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        key,
        size: out.ContentLength ?? 0,
        contentType: out.ContentType ?? 'application/octet-stream',
        lastModified: out.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    driver: 's3',
    async put(key, body, contentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async getStream(key, range) {
      assertKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        return out.Body instanceof Readable ? out.Body : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    head,
    async exists(key) {
      return (await head(key)) !== null;
    },
    async delete(keys) {
      // One request per key: DeleteObjects needs a checksum some S3-compatible servers do not take, and
      // an upload flow deletes a handful of keys at a time.
      for (const key of keys) {
        assertKey(key);
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      }
    },
    async move(from, to) {
      assertKey(from);
      assertKey(to);
      await client.send(
        new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}`, MetadataDirective: 'COPY' }),
      );
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (!item.Key || !isKey(item.Key)) continue;
          yield {
            key: item.Key,
            size: item.Size ?? 0,
            contentType: '',
            lastModified: item.LastModified ?? new Date(0),
          };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async uploadUrl(key, { contentType, size, expiresInSeconds }) {
      assertKey(key);
      const signedAt = now();
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentType: contentType, ContentLength: size }),
        // Signed, so the server refuses another type or length (the SDK would leave them out).
        {
          expiresIn: expiresInSeconds,
          signingDate: signedAt,
          signableHeaders: new Set(['content-type', 'content-length']),
        },
      );
      return {
        method: 'PUT',
        url,
        headers: { 'content-type': contentType },
        expiresAt: new Date(signedAt.getTime() + expiresInSeconds * 1000).toISOString(),
      };
    },
    async downloadUrl(key, { fileName, expiresInSeconds }) {
      assertKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: attachmentDisposition(fileName) }),
        { expiresIn: expiresInSeconds, signingDate: now() },
      );
    },
  };
}
