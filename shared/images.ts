/**
 * Employee pictures (security review item 19): Teambeat stores and serves them itself, so no viewer's
 * browser is sent to a third-party address. An upload is a PNG, JPEG or WebP of at most 2 MiB whose bytes
 * (magic numbers) say the type it claims. Pure: the server decides, the renderer checks early.
 */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** Base64 of MAX_IMAGE_BYTES, rounded up to whole groups of four. */
export const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** The image type the first bytes show, or null when they are none of the accepted ones. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  // RIFF....WEBP
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** The path an employee's picture is served at; `version` changes with every upload so caches refresh. */
export function employeeImagePath(employeeId: number, version: string): string {
  return `/api/employees/${employeeId}/image?v=${encodeURIComponent(version)}`;
}
