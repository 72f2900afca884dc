/**
 * The local storage driver's signed links (docs/storage.md): what S3's pre-signed GET and PUT are for the
 * S3 driver. The token in the query is the credential (an HMAC over the key, content type, size or name
 * and expiry), so the routes take no bearer token: a browser opens a download link as it is, and uploads
 * with a plain PUT. A missing, changed or expired token answers 403.
 */
import { emptyResponseSchema } from '../contracts/common.js';
import { signedLinkQuerySchema, storedFileResponseSchema } from '../contracts/storage.js';
import { endpoint } from './define.js';

export const storageEndpoints = {
  downloadStoredFile: endpoint({
    method: 'GET',
    path: '/api/storage/download',
    access: 'public',
    summary: 'Download a stored file through a signed, short-lived link',
    description:
      'The link comes from the module that owns the file (its download URL). Answers the bytes with their ' +
      'stored content type, `Content-Disposition: attachment` with the file name and `nosniff`. A `Range` ' +
      'header of one byte range answers 206 with `Content-Range` (so video players can seek), one past the ' +
      'end 416.',
    query: signedLinkQuerySchema,
    response: storedFileResponseSchema,
    produces: 'application/octet-stream',
  }),
  uploadStoredFile: endpoint({
    method: 'PUT',
    path: '/api/storage/upload',
    access: 'public',
    summary: 'Upload a file through a signed, short-lived link',
    description:
      'The body is the raw bytes, sent with the Content-Type the link was signed for and exactly the size ' +
      'it was signed for (413 when longer, 400 when shorter). The upload is pending until the owning ' +
      'module confirms it, which checks its content.',
    query: signedLinkQuerySchema,
    consumes: 'application/octet-stream',
    status: 204,
    response: emptyResponseSchema,
  }),
} as const;
