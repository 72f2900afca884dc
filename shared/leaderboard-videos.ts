/**
 * Leaderboard videos (issue #13, docs/recognition.md "Leaderboard videos"): short videos celebrating
 * someone, uploaded as a file or by address, reviewed by an administrator, then shown on the leaderboards
 * and the news feed. The limits and the pure rules of the details (title, hashtags, the file's declared
 * size, the address), which the server always runs and the renderer checks early. The server reads the
 * file's real duration and frame size itself (ffprobe). Field messages are the English texts of the
 * `validation` namespace, so the server answers them translated. Isomorphic.
 */
import { MAX_HASHTAG_LENGTH, normalizeHashtag } from './home.js';
import { validation as V } from './i18n/en/validation.js';

/** A video plays for less than this (the spec's "under 1 minute"). */
export const MAX_VIDEO_SECONDS = 60;
/** The frame fits in 1280x720, either way round (a portrait phone video of 720x1280 is accepted). */
export const MAX_VIDEO_LONG_SIDE = 1280;
export const MAX_VIDEO_SHORT_SIDE = 720;
/** A video file, uploaded or downloaded, is at most this large: a minute of 720p fits in it comfortably. */
export const MAX_VIDEO_MB = 50;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MB * 1024 * 1024;

/** Pages of the leaderboard's videos (the spec's 5), of their comments (10), and of the admin table. */
export const VIDEO_PAGE_SIZE = 5;
export const VIDEO_COMMENT_PAGE_SIZE = 10;

export const VIDEO_TITLE_MAX = 120;
export const MAX_VIDEO_HASHTAGS = 10;
export const VIDEO_URL_MAX = 2000;

/** The review: a new video waits; approved ones (while active) are shown to everyone. */
export const VIDEO_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const VIDEO_DECISIONS = ['approved', 'rejected'] as const satisfies readonly VideoStatus[];
export type VideoDecision = (typeof VIDEO_DECISIONS)[number];

export const VIDEO_SOURCES = ['file', 'url'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

/** The containers accepted, by what ffprobe calls them, and the type they are served with. */
export const VIDEO_CONTAINERS = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'video/mp4',
  'matroska,webm': 'video/webm',
  ogg: 'video/ogg',
} as const satisfies Record<string, string>;
export type VideoContentType = (typeof VIDEO_CONTAINERS)[keyof typeof VIDEO_CONTAINERS];
/** For the file picker's `accept`. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,video/ogg,video/quicktime,.mp4,.webm,.ogv,.mov,.m4v';

export type VideoIssue = { field: string; message: string };

const TAG = /^[\p{L}\p{N}\p{M}_]+$/u;
const LETTER = /\p{L}/u;

/** A hashtag as typed (with or without its `#`) in its canonical spelling; null when it is no hashtag. */
export function videoHashtag(text: string): string | null {
  const tag = normalizeHashtag(text.trim().replace(/^#/, ''));
  if (tag === '' || tag.length > MAX_HASHTAG_LENGTH || !TAG.test(tag) || !LETTER.test(tag)) return null;
  return tag;
}

/** The distinct hashtags of a list, canonical, in order; the caller checks them first (checkVideoDetails). */
export function videoHashtags(texts: readonly string[]): string[] {
  return [...new Set(texts.map(videoHashtag).filter((t): t is string => t !== null))];
}

/**
 * The details of a video: a title (required, at most VIDEO_TITLE_MAX characters) and at most
 * MAX_VIDEO_HASHTAGS hashtags, each letters, digits and underscores with a letter.
 */
export function checkVideoDetails(draft: {
  title?: string | null | undefined;
  hashtags?: readonly string[] | null | undefined;
}): VideoIssue[] {
  const issues: VideoIssue[] = [];
  const title = draft.title?.trim() ?? '';
  if (title === '') issues.push({ field: 'title', message: V.required });
  else if ([...title].length > VIDEO_TITLE_MAX)
    issues.push({ field: 'title', message: V.maxLength.replace('{{max}}', String(VIDEO_TITLE_MAX)) });
  const tags = draft.hashtags ?? [];
  if (tags.some((t) => videoHashtag(t) === null)) issues.push({ field: 'hashtags', message: V.videoHashtag });
  else if (videoHashtags(tags).length > MAX_VIDEO_HASHTAGS)
    issues.push({ field: 'hashtags', message: V.videoHashtagCount.replace('{{max}}', String(MAX_VIDEO_HASHTAGS)) });
  return issues;
}

/** A file about to be uploaded, by its size: something, and at most MAX_VIDEO_BYTES. */
export function checkVideoFileSize(size: number | null | undefined): VideoIssue[] {
  if (!size || size <= 0) return [{ field: 'file', message: V.fileRequired }];
  if (size > MAX_VIDEO_BYTES) return [{ field: 'file', message: videoFileTooBigMessage() }];
  return [];
}

export const videoFileTooBigMessage = () => V.videoFileTooBig.replace('{{max}}', String(MAX_VIDEO_MB));

/** An address to download the video from: http or https, nothing else. */
export function checkVideoUrl(url: string | null | undefined): VideoIssue[] {
  const text = url?.trim() ?? '';
  if (text === '') return [{ field: 'url', message: V.required }];
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return [{ field: 'url', message: V.videoUrlScheme }];
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return [{ field: 'url', message: V.videoUrlScheme }];
  return [];
}

/** What ffprobe read of a file, refused unless it is a video the rules accept. */
export function checkVideoMetadata(meta: { durationSeconds: number; width: number; height: number }): string | null {
  if (!(meta.durationSeconds > 0) || meta.width <= 0 || meta.height <= 0) return V.videoMetadata;
  if (meta.durationSeconds >= MAX_VIDEO_SECONDS) return V.videoTooLong;
  const long = Math.max(meta.width, meta.height);
  const short = Math.min(meta.width, meta.height);
  if (long > MAX_VIDEO_LONG_SIDE || short > MAX_VIDEO_SHORT_SIDE) return V.videoFrameTooLarge;
  return null;
}
