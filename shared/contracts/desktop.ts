/** The desktop app's installers the web app offers (shared/desktop-release.ts). */
import { z } from 'zod';
import { DESKTOP_PLATFORMS } from '../desktop-release.js';

export const desktopDownloadsSchema = z
  .object({
    /** The current version, or null when no release folder is configured or its feed could not be read. */
    version: z.string().nullable(),
    /** Windows and Mac installers of that version, the caller's platform (by User-Agent) first. */
    downloads: z.array(
      z.object({
        platform: z.enum(DESKTOP_PLATFORMS),
        url: z.string().describe('The installer’s address in the release folder'),
        fileName: z.string(),
        size: z.number().int().nullable().describe('Bytes, when the feed says'),
      }),
    ),
  })
  .meta({ id: 'DesktopDownloads' });
export type DesktopDownloads = z.infer<typeof desktopDownloadsSchema>;
