/** The signed file links of the local storage driver (docs/storage.md). */
import { z } from 'zod';

export const signedLinkQuerySchema = z
  .object({
    token: z.string().min(1).max(4096).describe('The signed link token the server handed out'),
  })
  .strict();

export const storedFileResponseSchema = z
  .string()
  .describe('The file, with its stored content type and a Content-Disposition naming its download name');
