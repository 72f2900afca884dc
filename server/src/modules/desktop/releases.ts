/**
 * The desktop release the web app offers (docs: README, "Desktop app downloads"): the feed files of the
 * release folder (DESKTOP_RELEASES_URL) are read by the server, never by the browser, and kept for ten
 * minutes (a failure for one), so a page view costs no request to the folder and a slow folder never holds
 * a page for long.
 */
import {
  DESKTOP_PLATFORMS,
  FEED_FILES,
  installerOf,
  parseFeed,
  type DesktopPlatform,
} from '../../../../shared/desktop-release.js';

export type Installer = { platform: DesktopPlatform; url: string; fileName: string; size: number | null };
export type Release = { version: string | null; downloads: Installer[] };

const KEEP_MS = 10 * 60_000;
const KEEP_FAILURE_MS = 60_000;
const TIMEOUT_MS = 5_000;
/** A feed file is a few hundred bytes; anything much larger is not one. */
const MAX_FEED_BYTES = 64 * 1024;

export type ReleaseReader = { current: () => Promise<Release> };

/** Reads the folder's feed files (`folder` ends with a slash, as config.ts gives it); `now` defaults to Date.now. */
export function releaseReader(
  folder: string | undefined,
  options: { now?: () => number; log?: { warn: (o: object, m: string) => void } } = {},
): ReleaseReader {
  const now = options.now ?? Date.now;
  let kept: { release: Release; until: number } | null = null;
  let pending: Promise<Release> | null = null;

  async function feed(platform: DesktopPlatform): Promise<Installer & { version: string }> {
    const address = new URL(FEED_FILES[platform], folder);
    const res = await fetch(address, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
    if (!res.ok) throw new Error(`${address.href} answered ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_FEED_BYTES) throw new Error(`${address.href} is not a feed file`);
    const parsed = parseFeed(text);
    const installer = parsed ? installerOf(platform, parsed) : null;
    if (!parsed || !installer) throw new Error(`${address.href} names no ${platform} installer`);
    return {
      platform,
      version: parsed.version,
      url: new URL(encodeURI(installer.url), folder).href,
      fileName: installer.url,
      size: installer.size,
    };
  }

  async function read(): Promise<Release> {
    const found = await Promise.allSettled(DESKTOP_PLATFORMS.map((p) => feed(p)));
    const downloads: (Installer & { version: string })[] = [];
    for (const result of found) {
      if (result.status === 'fulfilled') downloads.push(result.value);
      else options.log?.warn({ err: result.reason as unknown }, 'a desktop feed file could not be read');
    }
    // The newest version the folder offers; a platform whose feed lags behind is left out, not mixed in.
    const version =
      downloads
        .map((d) => d.version)
        .sort(compareVersions)
        .at(-1) ?? null;
    const current = downloads.filter((d) => d.version === version);
    kept = {
      release: { version, downloads: current.map(({ version: _v, ...d }) => d) },
      until: now() + (current.length === DESKTOP_PLATFORMS.length ? KEEP_MS : KEEP_FAILURE_MS),
    };
    return kept.release;
  }

  return {
    async current() {
      if (!folder) return { version: null, downloads: [] };
      if (kept && kept.until > now()) return kept.release;
      // Callers at once share one reading.
      pending ??= read().finally(() => {
        pending = null;
      });
      return pending;
    },
  };
}

/** Semantic versions compared by their numbers (pre-release tags after the equal numbers). */
function compareVersions(a: string, b: string): number {
  const nums = (v: string) => v.split(/[-+]/)[0]!.split('.').map(Number);
  const [x, y] = [nums(a), nums(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return a.localeCompare(b);
}
