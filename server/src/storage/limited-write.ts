/**
 * Writes a streamed body to a file with a byte limit enforced while the bytes arrive (uploads to the local
 * driver, a leaderboard video received or downloaded): a sender that lies about the size, or sends for ever,
 * stops at the limit.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/**
 * Streams `body` into `file`: answers the bytes written, or 'too-large' as soon as they pass `limit`. On any
 * failure the partial file is removed, once its stream has closed: the file may still be opening when the
 * pipeline fails, and a late open would leave it behind.
 */
export async function writeLimited(
  body: AsyncIterable<Uint8Array>,
  file: string,
  limit: number,
): Promise<number | 'too-large'> {
  let received = 0;
  let tooLarge = false;
  const out = createWriteStream(file);
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Uint8Array>) {
        for await (const chunk of source) {
          received += chunk.length;
          if (received > limit) {
            tooLarge = true;
            throw new Error('too large');
          }
          yield chunk;
        }
      },
      out,
    );
  } catch (error) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(file, { force: true });
    if (tooLarge) return 'too-large';
    throw error;
  }
  return received;
}
