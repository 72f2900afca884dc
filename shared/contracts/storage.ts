/** Uploads (docs/storage.md): what a module's begin endpoint takes and answers, and the local driver's links. */
import { z } from 'zod';
import { MAX_FILE_NAME_LENGTH } from '../attachments.js';
import { lineText } from '../validation.js';

/** A file about to be uploaded: its name, size and type (rules: shared/attachments.ts); the module adds its kind. */
export const uploadDeclarationFields = {
  name: lineText(MAX_FILE_NAME_LENGTH),
  size: z.number().int().min(0),
  contentType: z.string().trim().toLowerCase().max(100),
};

/** A begun upload: the pending row's id, and the signed PUT the client sends the bytes with. */
export const begunUploadSchema = z.object({
  id: z.number().int(),
  upload: z.object({
    method: z.literal('PUT'),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
});

export const signedLinkQuerySchema = z
  .object({
    token: z.string().min(1).max(4096).describe('The signed link token the server handed out'),
  })
  .strict();

export const storedFileResponseSchema = z
  .string()
  .describe('The file, with its stored content type and a Content-Disposition naming its download name');
