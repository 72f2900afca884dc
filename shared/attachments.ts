/**
 * What may be uploaded (docs/storage.md). Feedback carries attachments of two kinds: images (JPEG, PNG,
 * WebP, GIF; at most 5 per feedback; compressed by the server, which also makes a thumbnail) and files (the
 * types and extensions below), each under 100 MB. Pure: the server checks every upload with these rules
 * before it signs an upload URL, and again on the uploaded bytes; the renderer checks early with them.
 */
import { validation as V } from './i18n/en/validation.js';

export const ATTACHMENT_KINDS = ['image', 'file'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** Accepted image types and the extensions each may carry. */
export const IMAGE_TYPES = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
} as const satisfies Record<string, readonly string[]>;

/** Accepted file types and the extensions each may carry. */
export const FILE_TYPES = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
  'application/zip': ['zip'],
} as const satisfies Record<string, readonly string[]>;

export type ImageContentType = keyof typeof IMAGE_TYPES;
export type FileContentType = keyof typeof FILE_TYPES;
export type AttachmentContentType = ImageContentType | FileContentType;

const TYPES: Record<AttachmentKind, Readonly<Record<string, readonly string[]>>> = {
  image: IMAGE_TYPES,
  file: FILE_TYPES,
};

/** Files and images: under 100 MB (the spec's "under 100MB"). */
export const MAX_ATTACHMENT_MB = 100;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
/** Images one feedback may carry. */
export const MAX_IMAGES_PER_FEEDBACK = 5;
/** The longest file name kept (with its extension). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The extensions accepted for a kind, for messages and the file picker's `accept`. */
export function allowedExtensions(kind: AttachmentKind): string[] {
  return Object.values(TYPES[kind]).flat();
}

/** The content types accepted for a kind. */
export function allowedContentTypes(kind: AttachmentKind): string[] {
  return Object.keys(TYPES[kind]);
}

export function isAllowedContentType(kind: AttachmentKind, contentType: string): boolean {
  return Object.hasOwn(TYPES[kind], contentType);
}

/** The extension of a file name, lower case, without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

export type AttachmentDeclaration = { kind: AttachmentKind; name: string; size: number; contentType: string };
export type AttachmentField = 'file' | 'name' | 'size' | 'contentType';
export type AttachmentIssue = { field: AttachmentField; message: string };

const list = (values: readonly string[]) => values.join(', ');

/**
 * What is wrong with a file someone is about to upload, one issue per field, or none. The name carries an
 * allowed extension of the declared type, the type is one the kind accepts, the size is above 0 and under
 * the limit. The bytes are checked again once uploaded (server/src/storage/content.ts).
 */
export function attachmentIssues(file: AttachmentDeclaration): AttachmentIssue[] {
  const name = file.name.trim();
  if (name === '' || file.size === 0) return [{ field: 'file', message: V.fileRequired }];
  const issues: AttachmentIssue[] = [];
  const extensions = allowedExtensions(file.kind);
  if (name.length > MAX_FILE_NAME_LENGTH)
    issues.push({ field: 'name', message: V.maxLength.replace('{{max}}', String(MAX_FILE_NAME_LENGTH)) });
  if (!Number.isInteger(file.size) || file.size < 0 || file.size >= MAX_ATTACHMENT_BYTES)
    issues.push({ field: 'size', message: V.fileSize.replace('{{max}}', String(MAX_ATTACHMENT_MB)) });
  const ofType = TYPES[file.kind][file.contentType];
  if (!ofType)
    issues.push({
      field: 'contentType',
      message: (file.kind === 'image' ? V.imageType : V.fileType).replace('{{extensions}}', list(extensions)),
    });
  else if (!ofType.includes(extensionOf(name)))
    issues.push({ field: 'name', message: V.fileExtension.replace('{{extensions}}', list(ofType)) });
  return issues;
}

/** The message for more images than one feedback may carry, or null. */
export function imageCountIssue(count: number): string | null {
  return count > MAX_IMAGES_PER_FEEDBACK ? V.tooManyImages.replace('{{max}}', String(MAX_IMAGES_PER_FEEDBACK)) : null;
}
