/**
 * The company logo (feedback §5): a PNG, JPEG or WebP image under 200 KB, narrower than 1000 pixels and
 * lower than 500. The server checks the bytes (type by magic numbers, dimensions read by sharp); the
 * renderer checks the same rules on the chosen file before uploading. SVG is refused: it is a document that
 * may carry scripts, and it has no pixel size to check. Pure: no Node and no DOM.
 */
import { validation as V } from './i18n/en/validation.js';
import { IMAGE_TYPES, type ImageType } from './images.js';

export const LOGO_TYPES = IMAGE_TYPES;
/** Under 200 KB (200 × 1024 bytes): a logo of exactly this size is refused. */
export const LOGO_MAX_BYTES = 200 * 1024;
/** Width must be under this many pixels. */
export const LOGO_MAX_WIDTH = 1000;
/** Height must be under this many pixels. */
export const LOGO_MAX_HEIGHT = 500;

export type LogoFacts = {
  /** The type the bytes (or, in the renderer, the file) show; null for anything else. */
  type: string | null;
  size: number;
  /** Pixels, when the image could be read. */
  width?: number | undefined;
  height?: number | undefined;
};

export const isLogoType = (type: string | null): type is ImageType =>
  type !== null && (LOGO_TYPES as readonly string[]).includes(type);

/** The first rule a logo breaks, as the spec's message, or null when it may be the company's logo. */
export function logoIssue(logo: LogoFacts): string | null {
  if (logo.size === 0) return V.fileRequired;
  if (!isLogoType(logo.type)) return V.logoType;
  if (logo.size >= LOGO_MAX_BYTES) return V.logoSize;
  if (logo.width === undefined || logo.height === undefined) return V.logoType;
  if (logo.width >= LOGO_MAX_WIDTH) return V.logoWidth;
  if (logo.height >= LOGO_MAX_HEIGHT) return V.logoHeight;
  return null;
}
