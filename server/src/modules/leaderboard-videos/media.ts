/**
 * What the server reads of a video itself (docs/recognition.md "Leaderboard videos"): the bytes go to a
 * temporary file with the size limit enforced while they arrive, ffprobe reads the container, duration and
 * frame size from the file's content (never its name or declared type), and ffmpeg takes one frame as the
 * preview. The binaries ship per platform with @ffprobe-installer and @ffmpeg-installer; they are called
 * with an argument list (no shell) and a timeout. The caller removes the temporary folder whatever happens.
 */
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  checkVideoMetadata,
  MAX_VIDEO_BYTES,
  VIDEO_CONTAINERS,
  type VideoContentType,
} from '../../../../shared/leaderboard-videos.js';
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { writeLimited } from '../../storage/limited-write.js';

const PROBE_TIMEOUT_MS = 20_000;
/**
 * What ffprobe and ffmpeg may open for an upload: only the file itself (no network, no other protocol) and
 * only the demuxers of the accepted containers (`mov` reads MP4 and QuickTime, `matroska` WebM, `ogg` Ogg).
 * An uploaded playlist (HLS, concat) or any other format could otherwise make them read other files or
 * addresses; it is refused as unreadable before anything is opened for it.
 */
const INPUT_LIMITS = ['-protocol_whitelist', 'file', '-format_whitelist', 'mov,matroska,ogg'] as const;
const PREVIEW_TIMEOUT_MS = 30_000;
const PREVIEW_WIDTH = 320;

export const ffmpegPath = ffmpegInstaller.path;
export const ffprobePath = ffprobeInstaller.path;

export type VideoFacts = {
  contentType: VideoContentType;
  /** The demuxer ffprobe read it with (`mov`, `matroska`, `ogg`): the preview opens it with the same. */
  demuxer: string;
  durationSeconds: number;
  width: number;
  height: number;
  size: number;
};

/** A temporary folder for one upload; `dispose` removes it and all it holds. */
export async function tempFolder(): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'teambeat-video-'));
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Streams a body into `file`, stopping as soon as it passes MAX_VIDEO_BYTES: the bytes written, or 'too-large'. */
export const receive = (body: AsyncIterable<Uint8Array>, file: string) => writeLimited(body, file, MAX_VIDEO_BYTES);

function run(file: string, args: readonly string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout, maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout);
    });
  });
}

type ProbeStream = {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
};
type Probe = { format?: { format_name?: string; duration?: string }; streams?: ProbeStream[] };

/**
 * Reads a file with ffprobe: its facts, or the message refusing it. A file ffprobe cannot read is the spec's
 * "Error loading video metadata"; a picture or a sound (no moving video stream) is no video.
 */
export async function probe(file: string, size: number): Promise<VideoFacts | { refused: string }> {
  let parsed: Probe;
  try {
    const out = await run(
      ffprobePath,
      ['-v', 'error', ...INPUT_LIMITS, '-print_format', 'json', '-show_format', '-show_streams', `file:${file}`],
      PROBE_TIMEOUT_MS,
    );
    parsed = JSON.parse(out) as Probe;
  } catch {
    return { refused: V.videoMetadata };
  }
  const formatName = parsed.format?.format_name ?? '';
  const contentType = Object.hasOwn(VIDEO_CONTAINERS, formatName)
    ? VIDEO_CONTAINERS[formatName as keyof typeof VIDEO_CONTAINERS]
    : null;
  // A picture attached to a sound (an album cover) is reported as a video stream; it is not one.
  const video = parsed.streams?.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  if (!contentType || !video) return { refused: V.videoNotVideo };
  const durationSeconds = Number(parsed.format?.duration ?? video.duration ?? NaN);
  const facts = {
    contentType,
    demuxer: formatName.split(',')[0]!,
    durationSeconds: Number.isFinite(durationSeconds) ? durationSeconds : 0,
    width: video.width ?? 0,
    height: video.height ?? 0,
    size,
  };
  const refused = checkVideoMetadata(facts);
  return refused ? { refused } : facts;
}

/** One frame (at a second in, or the middle of a shorter video) as a JPEG 320 pixels wide; null on failure. */
export async function previewFrame(
  file: string,
  dir: string,
  facts: Pick<VideoFacts, 'durationSeconds' | 'demuxer'>,
): Promise<Buffer | null> {
  const out = path.join(dir, 'preview.jpg');
  const at = Math.min(1, facts.durationSeconds / 2).toFixed(3);
  try {
    await run(
      ffmpegPath,
      [
        '-v',
        'error',
        ...INPUT_LIMITS,
        '-f',
        facts.demuxer,
        '-ss',
        at,
        '-i',
        `file:${file}`,
        '-frames:v',
        '1',
        '-vf',
        `scale=${PREVIEW_WIDTH}:-2`,
        '-q:v',
        '4',
        '-f',
        'image2',
        '-y',
        out,
      ],
      PREVIEW_TIMEOUT_MS,
    );
    return await readFile(out);
  } catch {
    return null;
  }
}
