/**
 * The desktop app's installers, read from electron-updater's feed files (`latest.yml` for Windows,
 * `latest-mac.yml` for Mac) in the release folder the update feed uses (electron/README.md, "Updates").
 * Those files are a small, fixed subset of YAML written by electron-builder; this reads just that subset
 * (top-level `version:` and the `url:` of each entry under `files:`), so no YAML library is needed. Pure.
 */
export const DESKTOP_PLATFORMS = ['windows', 'mac'] as const;
export type DesktopPlatform = (typeof DESKTOP_PLATFORMS)[number];

/** The feed file of each platform. */
export const FEED_FILES: Record<DesktopPlatform, string> = { windows: 'latest.yml', mac: 'latest-mac.yml' };

export type FeedFile = { version: string; files: { url: string; size: number | null }[] };

/** A scalar's text without its quotes. */
function scalar(text: string): string {
  const t = text.trim();
  return (t.startsWith("'") && t.endsWith("'")) || (t.startsWith('"') && t.endsWith('"')) ? t.slice(1, -1) : t;
}

/** The version and files of a feed file, or null when it is not one. */
export function parseFeed(text: string): FeedFile | null {
  let version: string | null = null;
  const files: { url: string; size: number | null }[] = [];
  let inFiles = false;
  for (const raw of text.split(/\r?\n/)) {
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) continue;
    const topLevel = !/^\s/.test(raw);
    if (topLevel) {
      inFiles = raw.startsWith('files:');
      const m = /^version:\s*(.+)$/.exec(raw);
      if (m) version = scalar(m[1]!);
      continue;
    }
    if (!inFiles) continue;
    const url = /^\s*-?\s*url:\s*(.+)$/.exec(raw);
    if (url) files.push({ url: scalar(url[1]!), size: null });
    const size = /^\s*size:\s*(\d+)\s*$/.exec(raw);
    if (size && files.length > 0) files[files.length - 1]!.size = Number(size[1]);
  }
  if (!version || !/^\d+\.\d+\.\d+([-+][\w.]+)?$/.test(version)) return null;
  return { version, files };
}

/** The installer a person downloads: the NSIS .exe on Windows, the .dmg on Mac (the .zip is for updates). */
export function installerOf(platform: DesktopPlatform, feed: FeedFile): { url: string; size: number | null } | null {
  const extension = platform === 'windows' ? '.exe' : '.dmg';
  return feed.files.find((f) => f.url.toLowerCase().endsWith(extension) && !/[/\\]|\.\./.test(f.url)) ?? null;
}

/** The visitor's platform from the browser's user agent, if it is one of ours. */
export function platformOfAgent(userAgent: string): DesktopPlatform | null {
  if (/Windows/i.test(userAgent)) return 'windows';
  if (/Mac OS X|Macintosh/i.test(userAgent) && !/iPhone|iPad/i.test(userAgent)) return 'mac';
  return null;
}

/** The downloads with the visitor's platform first. */
export function visitorFirst<T extends { platform: DesktopPlatform }>(
  items: readonly T[],
  visitor: DesktopPlatform | null,
): T[] {
  return [...items].sort((a, b) => Number(b.platform === visitor) - Number(a.platform === visitor));
}
