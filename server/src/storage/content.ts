/**
 * Checks an upload by its bytes, not its name (docs/storage.md): the type its content shows (magic
 * numbers, read by `file-type`, which also tells Word, Excel and PowerPoint files from other ZIP
 * archives) must be the type declared. Text files have no magic number: they must be UTF-8 without
 * control characters other than tab, line breaks and form feed. Images are then decoded and re-encoded
 * by sharp: turned upright, metadata (EXIF with its GPS position, comments) dropped, at most 2560 pixels
 * on a side, compressed, with a 320-pixel WebP thumbnail.
 */
import { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromStream } from 'file-type';
import sharp from 'sharp';
import type { ImageContentType } from '../../../shared/attachments.js';

const TEXT_TYPES = new Set(['text/plain', 'text/csv']);
/** How much of a text file is read to judge it. */
const TEXT_SAMPLE_BYTES = 1024 * 1024;
export const MAX_IMAGE_SIDE = 2560;
export const THUMBNAIL_SIDE = 320;
/** Decoding refuses images of more pixels (decompression bombs). */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Whether the bytes are of the declared type. Consumes the stream (only as far as needed). */
export async function contentMatches(declared: string, body: Readable): Promise<boolean> {
  if (TEXT_TYPES.has(declared)) return isPlainText(body);
  const found = await fileTypeFromStream(Readable.toWeb(body) as ReadableStream<Uint8Array>);
  body.destroy();
  return found?.mime === declared;
}

/** What the bytes of a declared image are: that image, another thing, or an image of too many pixels. */
export async function checkImage(declared: ImageContentType, bytes: Buffer): Promise<'ok' | 'mismatch' | 'too-large'> {
  const found = await fileTypeFromBuffer(bytes);
  if (found?.mime !== declared) return 'mismatch';
  try {
    // Reads the header only; the pixel count is checked before anything is decoded.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (`image/${meta.format}` !== declared) return 'mismatch';
    if ((meta.width ?? 0) * (meta.height ?? 0) * (meta.pages ?? 1) > MAX_INPUT_PIXELS) return 'too-large';
    return 'ok';
  } catch {
    return 'mismatch';
  }
}

/** A C0 control other than tab, line feed, form feed and carriage return, or DEL: not a text file. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

async function isPlainText(body: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let read = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      const slice = chunk.subarray(0, Math.max(0, TEXT_SAMPLE_BYTES - read));
      read += slice.length;
      // A character cut by the sample's end is not an error: `stream` keeps it for more bytes.
      const text = decoder.decode(slice, { stream: true });
      if (hasControl(text)) return false;
      if (read >= TEXT_SAMPLE_BYTES) return true;
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  } finally {
    body.destroy();
  }
}

export type ProcessedImage = { data: Buffer; thumbnail: Buffer | null; compressed: boolean };

/**
 * The image as stored: re-encoded in its own format, upright, without metadata, within MAX_IMAGE_SIDE,
 * with a thumbnail. If encoding fails the original bytes are kept, as the spec says ("image compression
 * failure returns the original file"), without a thumbnail; they were already checked to be that image.
 */
export async function processImage(
  type: ImageContentType,
  bytes: Buffer,
  onFailure: (error: unknown) => void,
): Promise<ProcessedImage> {
  const animated = type === 'image/gif' || type === 'image/webp';
  try {
    const image = sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 80, mozjpeg: true })
        : type === 'image/png'
          ? image.png({ compressionLevel: 9, effort: 7 })
          : type === 'image/webp'
            ? image.webp({ quality: 80 })
            : image.gif();
    const data = await encoded.toBuffer();
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    return { data, thumbnail, compressed: true };
  } catch (error) {
    onFailure(error);
    return { data: bytes, thumbnail: null, compressed: false };
  }
}
